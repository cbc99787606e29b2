import type { ImportCheck, ImportSettingsBody, ImportState, ImportUpload } from '@orbit/shared/contract/recordImport';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { download, request } from './request';

type Data<T> = { code: number; msg: string; data: T };

/**
 * The Excel import of a module (docs/records-engine.md, "Import"): template, upload, state, dry
 * run, run, revert. Refusals come back as RequestError with the server's message; the wizard
 * shows them where they belong instead of a toast.
 */
export const downloadImportTemplate = (module: CrmModule, recordTypeId: number | null, fileName: string) =>
  download({ url: `/crm/${module}/import/template`, params: recordTypeId ? { recordTypeId } : undefined, fileName });

export function uploadImport(module: CrmModule, file: File, recordTypeId: number | null) {
  const data = new FormData();
  data.append('file', file);
  return request<Data<ImportUpload>>({ url: `/crm/${module}/import`, method: 'POST', params: recordTypeId ? { recordTypeId } : undefined, data, showError: false });
}

export const getImport = (module: CrmModule, fileId: number) => request<Data<ImportState>>({ url: `/crm/${module}/import/${fileId}` });

export const checkImport = (module: CrmModule, fileId: number, settings: ImportSettingsBody) =>
  request<Data<ImportCheck>>({ url: `/crm/${module}/import/${fileId}/check`, method: 'POST', data: settings, showError: false });

export const runImport = (module: CrmModule, fileId: number, settings: ImportSettingsBody) =>
  request<Data<{ fileId: number }>>({ url: `/crm/${module}/import/${fileId}/run`, method: 'POST', data: settings, showError: false });

export const revertImport = (module: CrmModule, fileId: number) => request<Data<{ fileId: number }>>({ url: `/crm/${module}/import/${fileId}/revert`, method: 'POST' });
