import type { FilePageBody, FilePageResponse, FileUrlResponse } from '@orbit/shared/contract/files';
import i18n from '../i18n/i18n';
import { DOWNLOAD_FAILED } from './classifyAnswer';
import { notifier } from './notifier';
import { download, request, RequestError } from './request';

export const listFiles = (data: FilePageBody) => request<FilePageResponse>({ url: '/userFile/userFilePageList', method: 'POST', data });
export const getFileUrl = (id: number) => request<FileUrlResponse>({ url: `/userFile/getFileUrl/${id}` });

/** SPEC §7: ask for the file's URL by record id, then download it ('Download Successful' / 'Download Failed'). */
export async function downloadFile(id: number): Promise<boolean> {
  let info: FileUrlResponse['data'];
  try {
    info = (await getFileUrl(id)).data;
  } catch (error) {
    if (!(error instanceof RequestError && error.shown)) notifier().error(i18n.t(DOWNLOAD_FAILED.text), DOWNLOAD_FAILED.duration);
    return false;
  }
  return download({ url: info.fileUrl, fileName: info.fileName });
}
