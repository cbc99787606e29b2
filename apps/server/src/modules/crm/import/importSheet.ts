import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, IMPORT_NOTE_MARK } from '@orbit/shared/contract/recordImport';
import { badRequest } from '../../../lib/errors';
import { readSheet, type SheetCell, type SheetRow } from './xlsxReader';

/** A data row: `index` counts data rows from 0 (the run's checkpoint), `rowNo` is the row Excel shows. */
export type DataRow = SheetRow & { index: number };

/** A cell as text, as the user reads it. */
export function cellText(cell: SheetCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/** The template's notes row: every cell that has a value starts with the notes mark. */
const isNotesRow = (row: SheetRow) => row.cells.every((cell) => cell === null || (typeof cell === 'string' && cell.trimStart().startsWith(IMPORT_NOTE_MARK)));

/**
 * An uploaded workbook as an import reads it: the first row with a value is the header, the row
 * under it is skipped when it is the template's notes, the rest are data (empty rows left out).
 * Unreadable files, no header, too many columns answer 400 with their message.
 */
export async function openImportSheet(absolute: string): Promise<{ headers: string[]; rows: AsyncGenerator<DataRow, void> }> {
  const sheet = readSheet(absolute);
  const next = async () => {
    try {
      return await sheet.next();
    } catch {
      throw badRequest('import.notExcel');
    }
  };
  const first = await next();
  if (first.done) throw badRequest('import.empty');
  const headers = first.value.cells.map(cellText);
  while (headers.length && !headers.at(-1)) headers.pop();
  if (headers.length > IMPORT_MAX_COLUMNS) {
    await sheet.return(undefined);
    throw badRequest('import.tooManyColumns', { max: IMPORT_MAX_COLUMNS });
  }

  async function* rows(): AsyncGenerator<DataRow, void> {
    try {
      let index = 0;
      for (let row = await next(); !row.done; row = await next()) {
        if (index === 0 && row.value.rowNo === first.value!.rowNo + 1 && isNotesRow(row.value)) continue;
        const cells = row.value.cells.slice(0, headers.length);
        if (cells.every((cell) => cell === null)) continue;
        yield { rowNo: row.value.rowNo, cells, index: index++ };
      }
    } finally {
      await sheet.return(undefined);
    }
  }
  return { headers, rows: rows() };
}

/** Reads a whole upload once: its header, its first data row as text, how many data rows it has (at most IMPORT_MAX_ROWS). */
export async function surveyUpload(absolute: string): Promise<{ headers: string[]; sample: string[]; rowCount: number }> {
  const { headers, rows } = await openImportSheet(absolute);
  let rowCount = 0;
  let sample: string[] = [];
  // Leaving the loop (the throw) closes the file.
  for await (const row of rows) {
    if (!rowCount) sample = headers.map((_, i) => cellText(row.cells[i] ?? null).slice(0, 100));
    if (++rowCount > IMPORT_MAX_ROWS) throw badRequest('import.tooManyRows', { max: IMPORT_MAX_ROWS });
  }
  if (!headers.length) throw badRequest('import.empty');
  if (!rowCount) throw badRequest('import.noRows');
  return { headers, sample, rowCount };
}
