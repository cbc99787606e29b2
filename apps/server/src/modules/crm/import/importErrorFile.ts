import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Language } from '@orbit/shared/constants';
import { translate } from '@orbit/shared/messages';
import { filesRoot } from '../../files/fileStorage';
import { neutralised } from '../../../lib/spreadsheetText';
import type { SheetCell } from '../../../lib/xlsxReader/readSheet';
import { openKeptRows } from './keptRows';

/** A cell copied into the error file as it was, a text a spreadsheet would run kept as text (as every export does). */
const copied = (cell: SheetCell) => (typeof cell === 'string' ? neutralised(cell) : cell);

/**
 * The rows of an upload that failed, as the upload had them, with an "Error" column saying why:
 * the user corrects them there and imports that file. Streamed from the upload to the new file,
 * so memory holds only the failed rows' messages. Answers the stored path (under `exports/`).
 */
export async function writeErrorFile(dataDir: string, userId: number, upload: string, failures: Map<number, string>, lang: Language): Promise<string> {
  const storagePath = path.join('exports', String(userId), `${randomUUID()}.xlsx`);
  const absolute = path.join(filesRoot(dataDir), storagePath);
  await mkdir(path.dirname(absolute), { recursive: true });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: absolute, useStyles: true, useSharedStrings: false });
  try {
    const { headers, rows } = await openKeptRows(upload);
    const sheet = workbook.addWorksheet(translate(lang, 'import.errorColumn'), { views: [{ state: 'frozen', ySplit: 1 }] });
    // Widths go before the first row: a streamed sheet writes its columns with it.
    sheet.columns = [...headers.map(() => ({ width: 16 })), { width: 60 }];
    const header = sheet.addRow([...headers.map(copied), translate(lang, 'import.errorColumn')]);
    header.font = { bold: true };
    header.commit();
    for await (const row of rows) {
      const message = failures.get(row.rowNo);
      if (message === undefined) continue;
      const cells = headers.map((_, i) => copied(row.cells[i] ?? null));
      const written = sheet.addRow([...cells, message]);
      written.getCell(headers.length + 1).font = { color: { argb: 'FFC0392B' } };
      written.commit();
    }
    sheet.commit();
    await workbook.commit();
    return storagePath;
  } catch (error) {
    await rm(absolute, { force: true });
    throw error;
  }
}
