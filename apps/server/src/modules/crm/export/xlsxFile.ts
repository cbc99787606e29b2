import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Config } from '../../../config';
import { filesRoot } from '../../files/fileStorage';

/**
 * A generated xlsx file of a user's, written by exceljs's streaming writer (rows are flushed as they
 * are committed, so memory does not grow with them) under `DATA_DIR/files/exports/<user>/`.
 * `write` adds the sheets and answers the rows written; a failure removes the partial file.
 */
export async function writeXlsxFile(config: Config, userId: number, write: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<number>): Promise<{ storagePath: string; done: number }> {
  const storagePath = path.join('exports', String(userId), `${randomUUID()}.xlsx`);
  const absolute = path.join(filesRoot(config.dataDir), storagePath);
  await mkdir(path.dirname(absolute), { recursive: true });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: absolute, useStyles: true, useSharedStrings: false });
  try {
    const done = await write(workbook);
    await workbook.commit();
    return { storagePath, done };
  } catch (err) {
    await rm(absolute, { force: true });
    throw err;
  }
}

/** A sheet whose first row (the headers) stays in view and is bold. */
export function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string): ExcelJS.Worksheet {
  // Excel allows 31 characters and none of : \ / ? * [ ] in a sheet's name.
  return workbook.addWorksheet(name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
}
