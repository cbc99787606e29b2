import ExcelJS from 'exceljs';
import { translate, type MessageKey } from '@orbit/shared/messages';
import type { Language } from '@orbit/shared/constants';
import { badRequest } from '../../../lib/errors';
import { USER_IMPORT_MAX_ROWS } from '@orbit/shared/contract/user';

/** The import's columns: the field each fills, and its header in the template (RuoYi's own template headers are read too). */
export const IMPORT_COLUMNS: Array<{ field: 'dept' | 'userName' | 'nickName' | 'email' | 'phonenumber' | 'sex' | 'status'; header: MessageKey; ruoyi: string }> = [
  { field: 'dept', header: 'field.deptId', ruoyi: '部门编号' },
  { field: 'userName', header: 'field.userName', ruoyi: '登录名称' },
  { field: 'nickName', header: 'field.nickName', ruoyi: '用户名称' },
  { field: 'email', header: 'field.email', ruoyi: '用户邮箱' },
  { field: 'phonenumber', header: 'field.phonenumber', ruoyi: '手机号码' },
  { field: 'sex', header: 'field.sex', ruoyi: '用户性别' },
  { field: 'status', header: 'field.status', ruoyi: '账号状态' },
];

export type SheetRow = { row: number } & Record<(typeof IMPORT_COLUMNS)[number]['field'], string>;

/** The template: the columns' headers in the reader's language, and nothing else. */
export async function importTemplate(lang: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(lang, 'export.sheet.user'));
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ header: translate(lang, c.header), key: c.field, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell as text: numbers as written, hyperlinks and rich text by their text; a leading apostrophe (an export's neutralising) dropped. */
function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if ('text' in value) return String(value.text);
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('result' in value) return String(value.result ?? '');
    return '';
  }
  return String(value).trim().replace(/^'(?=[=+\-@])/, '');
}

/**
 * The rows of an uploaded workbook's first sheet, by header: a header in English or Chinese, or
 * RuoYi's own template header, names its column. A workbook that is not one, a missing user-name
 * column, no rows or too many are refused as a whole.
 */
export async function readImportSheet(bytes: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('userImport.fileUnreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('userImport.noRows');
  const positions = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const header = textOf(cell.value);
    const column = IMPORT_COLUMNS.find((c) => [translate('en', c.header), translate('zh', c.header), c.ruoyi].includes(header));
    if (column && !positions.has(column.field)) positions.set(column.field, col);
  });
  if (!positions.has('userName')) throw badRequest('userImport.missingColumn', { name: translate('en', 'field.userName') });
  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.field, positions.has(c.field) ? textOf(row.getCell(positions.get(c.field)!).value) : ''])) as Omit<SheetRow, 'row'>;
    if (Object.values(values).every((v) => v === '')) continue;
    rows.push({ row: rows.length + 1, ...values });
    if (rows.length > USER_IMPORT_MAX_ROWS) throw badRequest('userImport.tooManyRows', { max: USER_IMPORT_MAX_ROWS });
  }
  if (!rows.length) throw badRequest('userImport.noRows');
  return rows;
}
