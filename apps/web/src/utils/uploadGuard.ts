import { UPLOAD_EXCEL_EXTENSIONS, UPLOAD_LIMIT_BYTES } from '@orbit/shared/constants';
import type { MessageKey } from '@orbit/shared/messages';

/**
 * Imports accept Excel workbooks (.xlsx) of at most 20M (SPEC §5). Returns the message key of the refusal
 * (translate it with `server.` in front), or null when the file may be uploaded.
 */
export function checkExcelUpload(file: { name: string; size: number }): MessageKey | null {
  const name = file.name.toLowerCase();
  // A legacy workbook gets what to do with it: save it as .xlsx (docs/decisions.md, ".xls").
  if (name.endsWith('.xls')) return 'validation.uploadLegacyXls';
  if (!UPLOAD_EXCEL_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'validation.uploadExcelOnly';
  if (file.size > UPLOAD_LIMIT_BYTES) return 'validation.uploadTooLarge';
  return null;
}
