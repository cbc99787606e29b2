import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { CODE } from '@orbit/shared/constants';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { createXlsxFile, type XlsxWorkbook } from '../../lib/xlsxWriter';
import { filesRoot } from '../files/fileStorage';

/** A file system refusal as the reason its file record shows (a full disk, a directory that cannot be written). */
function storageFailure(err: unknown): AppError | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return new AppError(CODE.error, 'job.diskFull');
  // EEXIST: a directory of the path exists as a file.
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST') return new AppError(CODE.error, 'job.cannotWrite');
  return undefined;
}

/**
 * The generated xlsx file of a file-centre record, `DATA_DIR/files/exports/<user>/<file id>.xlsx`,
 * written by the streaming writer (lib/xlsxWriter.ts). `write` adds the sheets and answers the rows
 * written; a failure removes the partial file. Named by the record, so that a job taken up again
 * after its process died overwrites the dead attempt's partial file instead of leaving it behind.
 */
export async function writeXlsxFile(config: Config, job: { userId: number; fileId: number }, write: (workbook: XlsxWorkbook) => Promise<number>): Promise<{ storagePath: string; done: number }> {
  const storagePath = path.join('exports', String(job.userId), `${job.fileId}.xlsx`);
  const absolute = path.join(filesRoot(config.dataDir), storagePath);
  let workbook: XlsxWorkbook | undefined;
  try {
    await mkdir(path.dirname(absolute), { recursive: true });
    workbook = createXlsxFile(absolute);
    const done = await write(workbook);
    await workbook.finish();
    return { storagePath, done };
  } catch (err) {
    workbook?.abort();
    await rm(absolute, { force: true }).catch(() => undefined);
    throw storageFailure(err) ?? err;
  }
}
