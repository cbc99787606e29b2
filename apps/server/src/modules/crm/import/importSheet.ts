import { IMPORT_MAX_COLUMNS, IMPORT_NOTE_MARK } from '@orbit/shared/contract/recordImport';
import { badRequest, fieldError } from '../../../lib/errors';
import { WorkbookRefused } from '../../../lib/xlsxReader/archive';
import { readSheet, type SheetCell, type SheetRow } from '../../../lib/xlsxReader/readSheet';

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
 * Read from the workbook once, when it is uploaded (keptRows.ts). A file that is no workbook we
 * read answers 400 on the file field; no header or too many columns answer 400 with their message.
 */
export async function readUploadSheet(absolute: string): Promise<{ headers: string[]; rows: AsyncGenerator<DataRow, void> }> {
  // One column more than allowed is enough to tell that there are too many.
  const sheet = readSheet(absolute, { maxColumns: IMPORT_MAX_COLUMNS + 1 });
  const next = async () => {
    try {
      return await sheet.next();
    } catch (error) {
      if (error instanceof WorkbookRefused) throw fieldError('file', error.messageKey('import.notExcel'));
      throw error;
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
