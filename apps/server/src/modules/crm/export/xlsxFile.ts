import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../../config';
import { createXlsxFile, type XlsxWorkbook } from '../../../lib/xlsxWriter';
import { filesRoot } from '../../files/fileStorage';

/**
 * The generated xlsx file of a file-centre record, `DATA_DIR/files/exports/<user>/<file id>.xlsx`,
 * written by the streaming writer (lib/xlsxWriter.ts). `write` adds the sheets and answers the rows
 * written; a failure removes the partial file. Named by the record, so that a job taken up again
 * after its process died overwrites the dead attempt's partial file instead of leaving it behind.
 */
export async function writeXlsxFile(config: Config, job: { userId: number; fileId: number }, write: (workbook: XlsxWorkbook) => Promise<number>): Promise<{ storagePath: string; done: number }> {
  const storagePath = path.join('exports', String(job.userId), `${job.fileId}.xlsx`);
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
