import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '@orbit/shared/constants';
import { messages } from '@orbit/shared/messages';
import { checkExcelUpload } from './uploadGuard';

describe('checkExcelUpload', () => {
  it('accepts Excel files up to 20M', () => {
    expect(checkExcelUpload({ name: 'leads.xlsx', size: 10 })).toBeNull();
    expect(checkExcelUpload({ name: 'LEADS.XLSX', size: UPLOAD_LIMIT_BYTES })).toBeNull();
  });
  it('refuses other types', () => {
    expect(checkExcelUpload({ name: 'leads.csv', size: 10 })).toBe('validation.uploadExcelOnly');
    expect(checkExcelUpload({ name: 'xlsx.exe', size: 10 })).toBe('validation.uploadExcelOnly');
    // The binary workbook of Excel 97–2003 cannot be read: it is refused before it is sent, saying what to do.
    expect(checkExcelUpload({ name: 'leads.xls', size: 10 })).toBe('validation.uploadLegacyXls');
    expect(messages.en['validation.uploadLegacyXls']).toMatch(/^Only Excel files can be uploaded: .* save it as an Excel Workbook \(\.xlsx\)/);
    expect(messages.zh['validation.uploadLegacyXls']).toMatch(/^只能上传 Excel 文件：.*另存为 Excel 工作簿（\.xlsx/);
  });
  it('refuses more than 20M with the specified message', () => {
    const key = checkExcelUpload({ name: 'big.xlsx', size: UPLOAD_LIMIT_BYTES + 1 });
    expect(key).toBe('validation.uploadTooLarge');
    expect(messages.en[key!]).toBe('file size over to 20M,please re-upload');
  });
});
