import { z } from 'zod';

/**
 * A record's files (attachments, issue 31): `POST /crm/{module}/{id}/attachments` (multipart, the
 * parts named `file`), `GET` the same path (the list), `GET /crm/attachment/{id}` (the bytes;
 * `?inline=1` shows an image or a PDF in the browser) and `DELETE /crm/attachment/{id}`.
 */

/** Files one upload may carry. */
export const ATTACHMENT_MAX_FILES = 10;
/** The default of the setting `crm.attachment.maxMb` (SPEC's upload limit, 20 MB). */
export const ATTACHMENT_DEFAULT_MAX_MB = 20;
/** The setting's bounds. */
export const ATTACHMENT_MAX_MB_RANGE = { min: 1, max: 1024 } as const;

/** Content types (sniffed from the bytes) a browser may show inline: images and PDF, never HTML, SVG or scripts. */
export const PREVIEWABLE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export const isPreviewable = (contentType: string) => (PREVIEWABLE_TYPES as readonly string[]).includes(contentType);

export type Attachment = {
  id: number;
  fileName: string;
  /** Sniffed from the file's first bytes on upload (application/octet-stream when not recognised). */
  contentType: string;
  size: number;
  createBy: number;
  /** The uploader's nickname. */
  createByName: string | null;
  createTime: string;
};

export const attachmentParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const attachmentDownloadQuery = z.object({ inline: z.enum(['0', '1']).optional() });
