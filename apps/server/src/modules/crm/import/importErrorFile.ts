import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@orbit/shared/constants';
import { translate } from '@orbit/shared/messages';
import { createXlsxFile } from '../../../lib/xlsxWriter';
import { filesRoot } from '../../files/fileStorage';
import { openKeptRows } from './keptRows';

/**
 * The rows of an upload that failed, as the upload had them, with an "Error" column saying why:
 * the user corrects them there and imports that file. Streamed from the upload's kept rows to the
 * new file by the product's xlsx writer (a text that starts like a formula stays text, with Excel's
 * quote prefix, as in every export), so memory holds only the failed rows' messages. Answers the
 * stored path (under `exports/`).
 */
export async function writeErrorFile(dataDir: string, userId: number, upload: string, failures: Map<number, string>, lang: Language): Promise<string> {
  const storagePath = path.join('exports', String(userId), `${randomUUID()}.xlsx`);
  const absolute = path.join(filesRoot(dataDir), storagePath);
  await mkdir(path.dirname(absolute), { recursive: true });
  const workbook = createXlsxFile(absolute);
  try {
    const { headers, rows } = await openKeptRows(upload);
    const errorColumn = translate(lang, 'import.errorColumn');
    const sheet = workbook.addSheet(errorColumn, [...headers.map((header) => ({ header, width: 16 })), { header: errorColumn, width: 60, font: 'error' as const }]);
    for await (const row of rows) {
      const message = failures.get(row.rowNo);
      if (message === undefined) continue;
      await sheet.addRow([...headers.map((_, i) => row.cells[i] ?? null), message]);
    }
    await sheet.end();
    await workbook.finish();
    return storagePath;
  } catch (error) {
    workbook.abort();
    await rm(absolute, { force: true });
    throw error;
  }
}
