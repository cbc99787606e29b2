import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../../config';
import { createXlsxFile, type XlsxWorkbook } from '../../../lib/xlsxWriter';
import { filesRoot } from '../../files/fileStorage';

/**
 * A generated xlsx file of a user's under `DATA_DIR/files/exports/<user>/`, written by the
 * streaming writer (lib/xlsxWriter.ts). `write` adds the sheets and answers the rows written; a
 * failure removes the partial file.
 */
export async function writeXlsxFile(config: Config, userId: number, write: (workbook: XlsxWorkbook) => Promise<number>): Promise<{ storagePath: string; done: number }> {
  const storagePath = path.join('exports', String(userId), `${randomUUID()}.xlsx`);
  const absolute = path.join(filesRoot(config.dataDir), storagePath);
  await mkdir(path.dirname(absolute), { recursive: true });
  const workbook = createXlsxFile(absolute);
  try {
    const done = await write(workbook);
    await workbook.finish();
    return { storagePath, done };
  } catch (err) {
    await rm(absolute, { force: true });
    throw err;
  }
}
