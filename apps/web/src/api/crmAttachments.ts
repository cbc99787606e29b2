import { API_PREFIX, CLIENT_HEADER, ORBIT_WEB_CLIENT } from '@orbit/shared/constants';
import type { Attachment } from '@orbit/shared/contract/attachments';
import type { CrmModule } from '@orbit/shared/crm/modules';
import i18n from '../i18n/i18n';
import { getStoredLanguage } from '../i18n/language';
import { getToken } from '../utils/auth';
import { download, request, RequestError } from './request';

/** A record's files (docs/records-engine.md, "Files"). */
export const listAttachments = (module: CrmModule, id: number) => request<{ data: Attachment[] }>({ url: `/crm/${module}/${id}/attachments` });

export const deleteAttachment = (fileId: number) => request({ url: `/crm/attachment/${fileId}`, method: 'DELETE' });

/** The file's bytes for a preview (an image or a PDF, served inline). */
export const previewAttachment = (fileId: number) => request<Blob>({ url: `/crm/attachment/${fileId}`, params: { inline: '1' }, responseType: 'blob' });

export const downloadAttachment = (file: Pick<Attachment, 'id' | 'fileName'>) => download({ url: `/crm/attachment/${file.id}`, fileName: file.fileName });

/**
 * Uploads files to a record in one multipart request, reporting progress (0–100). Sent by
 * XMLHttpRequest, the one browser API that reports an upload's progress (`fetch`, used by
 * `request`, does not), with the same headers as every call; a refusal rejects with its
 * translated message like `request`.
 */
export function uploadAttachments(module: CrmModule, id: number, files: File[], onProgress: (percent: number) => void): Promise<number[]> {
  const data = new FormData();
  for (const file of files) data.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}/crm/${module}/${id}/attachments`);
    xhr.setRequestHeader('Accept-Language', getStoredLanguage());
    xhr.setRequestHeader(CLIENT_HEADER, ORBIT_WEB_CLIENT);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onerror = () => reject(new RequestError(i18n.t('request.networkError'), 0));
    xhr.onload = () => {
      let body: { code?: number; msg?: string; data?: unknown } | undefined;
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        body = undefined;
      }
      if (body?.code === 200) resolve(body.data as number[]);
      else reject(new RequestError(body?.msg ?? i18n.t('request.httpError', { status: xhr.status }), body?.code ?? xhr.status));
    };
    xhr.send(data);
  });
}
