import { PassThrough } from 'node:stream';
import { translate, type MessageKey } from '@orbit/shared/messages';
import type { Language } from '@orbit/shared/constants';
import { badRequest } from '../../../lib/errors';
import { createXlsxWriter } from '../../../lib/xlsxWriter';
import { WorkbookRefused } from '../../../lib/xlsxReader/archive';
import { readSheet, type SheetCell } from '../../../lib/xlsxReader/readSheet';
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

/** The template: the columns' headers in the reader's language, and nothing else (the product's xlsx writer, as every file it writes). */
export async function importTemplate(lang: Language): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = createXlsxWriter(out);
  const sheet = workbook.addSheet(translate(lang, 'export.sheet.user'), IMPORT_COLUMNS.map((c) => ({ header: translate(lang, c.header), width: 20 })));
  await sheet.end();
  await workbook.finish();
  return Buffer.concat(chunks);
}

/** A cell as text: numbers as written, dates as days; a leading apostrophe (an older export's neutralising) dropped. */
function textOf(cell: SheetCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim().replace(/^'(?=[=+\-@])/, '');
}

/**
 * The rows of an uploaded workbook's first sheet, by header: its first row with a value, where a
 * header in English or Chinese, or RuoYi's own template header, names its column. Streamed through
 * the product's one reader (lib/xlsxReader: the workbook's real unpacked size within its limit),
 * which stops at the row past USER_IMPORT_MAX_ROWS: the rest of the file is never read. A workbook
 * that is not one, a missing user-name column, no rows or too many are refused as a whole.
 */
export async function readImportSheet(bytes: Buffer): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  let positions: Map<string, number> | undefined;
  try {
    // Leaving the loop (a throw) stops the reader.
    for await (const { cells } of readSheet(bytes, { maxColumns: 64 })) {
      if (!positions) {
        positions = new Map();
        for (const [index, cell] of cells.entries()) {
          const header = textOf(cell);
          const column = IMPORT_COLUMNS.find((c) => [translate('en', c.header), translate('zh', c.header), c.ruoyi].includes(header));
          if (column && !positions.has(column.field)) positions.set(column.field, index);
        }
        if (!positions.has('userName')) throw badRequest('userImport.missingColumn', { name: translate('en', 'field.userName') });
        continue;
      }
      const at = positions;
      const values = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.field, at.has(c.field) ? textOf(cells[at.get(c.field)!]) : ''])) as Omit<SheetRow, 'row'>;
      if (Object.values(values).every((v) => v === '')) continue;
      rows.push({ row: rows.length + 1, ...values });
      if (rows.length > USER_IMPORT_MAX_ROWS) throw badRequest('userImport.tooManyRows', { max: USER_IMPORT_MAX_ROWS });
    }
  } catch (error) {
    if (error instanceof WorkbookRefused) throw badRequest(error.messageKey('userImport.fileUnreadable'));
    throw error;
  }
  if (!rows.length) throw badRequest('userImport.noRows');
  return rows;
}
