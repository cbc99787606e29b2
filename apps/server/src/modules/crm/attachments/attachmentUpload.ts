import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { ATTACHMENT_MAX_FILES } from '@orbit/shared/contract/attachments';
import { CODE } from '@orbit/shared/constants';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { AppError } from '../../../lib/errors';
import type { ObjectStore } from '../../files/objectStore';
import { sniffingTap } from '../../files/sniffType';
import { uploadName } from '../../files/uploadName';
import type { NewAttachment } from './attachments.repository';

const MB = 1024 * 1024;

/**
 * Stores every file part of an upload in the file store and answers what to record of each (name,
 * sniffed type, size, key). Any refusal — a file over `maxMb`, an empty file, too many files, a
 * broken stream — removes what was already stored before it is thrown: a failed upload leaves no
 * file behind (and the caller writes no row).
 */
export async function storeUploadedFiles(parts: AsyncIterable<MultipartFile>, store: ObjectStore, module: CrmModule, maxMb: number): Promise<NewAttachment[]> {
  const stored: NewAttachment[] = [];
  try {
    for await (const part of parts) {
      const fileName = uploadName(part.filename, 'file');
      const storageKey = `attachments/${module}/${randomUUID()}`;
      const { tap, type } = sniffingTap();
      part.file.once('error', (error) => tap.destroy(error));
      const pending = { fileName, contentType: 'application/octet-stream', size: 0, storageKey };
      // Listed before it is written: a failure half-way still removes the key.
      stored.push(pending);
      pending.size = (await store.put(storageKey, part.file.pipe(tap))).size;
      if (part.file.truncated) throw new AppError(CODE.tooLarge, 'attachment.tooLarge', { name: fileName, max: maxMb });
      if (pending.size === 0) throw new AppError(CODE.badRequest, 'attachment.empty', { name: fileName });
      pending.contentType = type();
    }
  } catch (error) {
    await Promise.all(stored.map((f) => store.delete(f.storageKey)));
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError(CODE.badRequest, 'attachment.tooMany', { max: ATTACHMENT_MAX_FILES });
    throw error;
  }
  if (!stored.length) throw new AppError(CODE.badRequest, 'attachment.noFiles');
  return stored;
}

export const uploadLimits = (maxMb: number) => ({ fileSize: maxMb * MB, files: ATTACHMENT_MAX_FILES, fields: 10, parts: ATTACHMENT_MAX_FILES + 10 });
