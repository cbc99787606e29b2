import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { IMPORT_MAX_ROWS } from '@orbit/shared/contract/recordImport';
import { badRequest } from '../../../lib/errors';
import type { SheetCell } from '../../../lib/xlsxReader/readSheet';
import { storedRowsOf } from '../../files/fileStorage';
import { cellText, readUploadSheet, type DataRow } from './importSheet';

export type UploadSurvey = { headers: string[]; sample: string[]; rowCount: number };

/** A cell as a line of the kept rows has it: JSON, a date as its milliseconds. */
const encoded = (cell: SheetCell) => (cell instanceof Date ? { d: cell.getTime() } : cell);
const decoded = (cell: unknown): SheetCell => (cell !== null && typeof cell === 'object' ? new Date((cell as { d: number }).d) : (cell as SheetCell));

/**
 * Reads an upload once, when it is uploaded, and keeps what it found beside it (`<upload>.rows`: the
 * header, then one line of JSON per data row): the dry runs, the run, a run taken up again and the
 * error file read those lines, never the workbook again — a workbook is inflated and parsed once
 * (issue 27: every dry run inflated a zip bomb again). Refuses as readUploadSheet does, an upload
 * of more than IMPORT_MAX_ROWS data rows (read no further), or one without data rows.
 */
export async function keepUploadRows(upload: string): Promise<UploadSurvey> {
  const { headers, rows } = await readUploadSheet(upload);
  const kept = storedRowsOf(upload);
  const partial = `${kept}.${randomUUID()}`;
  const out = createWriteStream(partial, { mode: 0o600 });
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  try {
    let rowCount = 0;
    let sample: string[] = [];
    await write(JSON.stringify(headers));
    // Leaving the loop (the throw) closes the workbook.
    for await (const row of rows) {
      if (!rowCount) sample = headers.map((_, i) => cellText(row.cells[i] ?? null).slice(0, 100));
      if (++rowCount > IMPORT_MAX_ROWS) throw badRequest('import.tooManyRows', { max: IMPORT_MAX_ROWS });
      await write(JSON.stringify([row.rowNo, ...row.cells.map(encoded)]));
    }
    if (!headers.length) throw badRequest('import.empty');
    if (!rowCount) throw badRequest('import.noRows');
    out.end();
    await finished(out);
    // Whole or not at all: a dry run never reads a half-written file.
    await rename(partial, kept);
    return { headers, sample, rowCount };
  } catch (error) {
    out.destroy();
    // The file may still be opening (the writes so far were only buffered): removed once the stream
    // has closed, or the open would bring it back after the removal (seen on a loaded machine).
    // A failed open ends it too, and the refusal stays the upload's own.
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * The kept rows of an upload: its header and its data rows, read a line at a time. An upload kept
 * before rows were (an older version's, not yet run) is read from its workbook now, once.
 */
export async function openKeptRows(upload: string): Promise<{ headers: string[]; rows: AsyncGenerator<DataRow, void> }> {
  const kept = storedRowsOf(upload);
  await access(kept).catch(() => keepUploadRows(upload));
  const input = createReadStream(kept, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const first = await lines.next();
  const headers = first.done ? [] : (JSON.parse(first.value) as string[]);

  async function* rows(): AsyncGenerator<DataRow, void> {
    try {
      let index = 0;
      for (let line = await lines.next(); !line.done; line = await lines.next()) {
        const [rowNo, ...cells] = JSON.parse(line.value) as [number, ...unknown[]];
        yield { rowNo, cells: cells.map(decoded), index: index++ };
      }
    } finally {
      await lines.return?.();
      input.destroy();
    }
  }
  return { headers, rows: rows() };
}
