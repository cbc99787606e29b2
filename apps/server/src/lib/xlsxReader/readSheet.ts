import { MAX_UNPACKED_BYTES, openWorkbookArchive, WorkbookRefused, type WorkbookSource } from './archive';
import { appended, workbookInfo, type WorkbookInfo } from './workbookParts';
import { xmlChunks, type XmlHandler } from './xmlParts';

/** A cell as an upload is read: what the user sees in it, as a plain value. */
export type SheetCell = string | number | boolean | Date | null;
export type SheetRow = { rowNo: number; cells: SheetCell[] };

export type ReadOptions = {
  /** The most the workbook's parts may really unpack to (and, a quarter of it, the most text its shared strings may give). */
  maxUnpackedBytes?: number;
  /** Cells right of this many columns are not read (a reader that needs fewer says so). */
  maxColumns?: number;
};

/**
 * The text shared strings may hand out, as a share of the unpacked limit (128 MB of 512): a
 * legitimate sheet of 100,000 rows gives a few tens of megabytes; a bomb gives a 32,767-character
 * string from every 20-byte cell, and each megabyte handed out is kept and checked.
 */
const SHARED_TEXT_SHARE = 4;

/** Excel's grid: 1,048,576 rows of 16,384 columns. */
const MAX_ROW = 1_048_576;
const MAX_COLUMN = 16_384;

/** The column of a cell reference (`B7` → 2), or NaN when it has none. */
function columnOf(ref: string): number {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + code - 64;
    else if (code >= 97 && code <= 122) column = column * 26 + code - 96;
    else break;
    if (column > MAX_COLUMN) return NaN;
  }
  return column || NaN;
}

/** Excel's serial day number as a moment (1900 date system, or 1904 when the workbook says so). */
const dateOf = (serial: number, date1904: boolean) => new Date(Math.round((serial - 25_569 + (date1904 ? 1462 : 0)) * 86_400_000));

/**
 * The rows of a sheet's XML as they close: cells by column (index 0 is column A), rows without any
 * value left out, each text at most Excel's 32,767 characters. A shared string may be given by any
 * number of cells; the text they hand out is counted, up to a quarter of the unpacked limit, so that
 * one long string referenced a million times cannot make the reader give out gigabytes.
 */
function sheetHandler(info: WorkbookInfo, options: Required<ReadOptions>, done: SheetRow[]): XmlHandler {
  let inData = false;
  let rowNo = 0;
  let cells: SheetCell[] = [];
  let hasValue = false;
  let column = 0;
  let type = '';
  let style = 0;
  let value: string | null = null;
  let capture: 'v' | 't' | null = null;
  let phonetic = 0;
  let inInline = false;
  let textGiven = 0;
  const refuse = (why: string) => {
    throw new WorkbookRefused('notWorkbook', why);
  };

  const cellValue = (): SheetCell => {
    if (value === null) return null;
    switch (type) {
      case 's': {
        const text = info.strings.get(Number(value)) ?? null;
        textGiven += text?.length ?? 0;
        if (textGiven > options.maxUnpackedBytes / SHARED_TEXT_SHARE) throw new WorkbookRefused('tooLarge', 'the cells give too much text');
        return text;
      }
      case 'inlineStr':
      case 'str':
      case 'e':
        return value;
      case 'b':
        return value.trim() !== '0';
      case 'd': {
        const date = new Date(value.trim());
        return Number.isNaN(date.getTime()) ? null : date;
      }
      default: {
        if (value.trim() === '') return null;
        const number = Number(value);
        if (!Number.isFinite(number)) return null;
        return info.dateStyles[style] ? dateOf(number, info.date1904) : number;
      }
    }
  };

  return {
    open(name, attributes) {
      if (name === 'sheetData') inData = true;
      if (!inData) return;
      if (name === 'row') {
        const number = attributes.r === undefined ? rowNo + 1 : Number(attributes.r);
        // Excel writes each row once, in order: anything else is no sheet it wrote (and a row number
        // seen twice would mix up which row a message is about).
        if (!Number.isInteger(number) || number <= rowNo || number > MAX_ROW) refuse(`row ${attributes.r} out of order`);
        rowNo = number;
        cells = [];
        hasValue = false;
        column = 0;
      } else if (name === 'c') {
        const number = attributes.r === undefined ? column + 1 : columnOf(attributes.r);
        if (!(number > 0 && number <= MAX_COLUMN)) refuse(`cell ${attributes.r} outside the grid`);
        column = number;
        type = attributes.t ?? 'n';
        style = Number(attributes.s ?? 0);
        value = null;
      } else if (name === 'v') {
        capture = 'v';
        value = '';
      } else if (name === 'is') {
        inInline = true;
        value = '';
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && inInline && !phonetic) capture = 't';
    },
    text(text) {
      if (capture) value = appended(value ?? '', text);
    },
    close(name) {
      if (!inData) return;
      if (name === 'v' || name === 't') capture = null;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'c') {
        if (column > options.maxColumns) return;
        let cell = cellValue();
        if (typeof cell === 'string' && cell.trim() === '') cell = null;
        if (cell === null) return;
        while (cells.length < column - 1) cells.push(null);
        cells[column - 1] = cell;
        hasValue = true;
      } else if (name === 'row') {
        if (hasValue) done.push({ rowNo, cells });
      } else if (name === 'sheetData') inData = false;
    },
  };
}

/**
 * The rows of an upload's first sheet, streamed (never all in memory), for every upload of the
 * product (record imports, the user import). The archive is opened and measured first
 * (openWorkbookArchive: its real unpacked size within `maxUnpackedBytes`), then relationships,
 * workbook, styles and shared strings are read, then the sheet a slice at a time: a reader that
 * stops early (a row cap) closes the file and nothing more is inflated. Throws WorkbookRefused.
 */
export async function* readSheet(source: WorkbookSource, options: ReadOptions = {}): AsyncGenerator<SheetRow, void> {
  const limits = { maxUnpackedBytes: options.maxUnpackedBytes ?? MAX_UNPACKED_BYTES, maxColumns: options.maxColumns ?? MAX_COLUMN };
  const archive = await openWorkbookArchive(source, limits.maxUnpackedBytes);
  let info: WorkbookInfo | undefined;
  try {
    info = await workbookInfo(archive);
    const part = info.firstSheet && archive.part(info.firstSheet);
    if (!part) return;
    const rows: SheetRow[] = [];
    const handler = sheetHandler(info, limits, rows);
    // Handed on as each slice's rows close; the next slice is parsed only when they are taken.
    for await (const _chunk of xmlChunks(part, handler)) yield* rows.splice(0);
  } finally {
    info?.strings.close();
    archive.close();
  }
}
