import { createReadStream, type ReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import centralDirectory, { type ZipEntry } from 'unzipper/lib/Open/directory.js';
import type { MessageKey } from '@orbit/shared/messages';
import { StringTable } from './stringTable';

/** A cell as an import reads it: what the user sees in it, as a plain value. */
export type SheetCell = string | number | boolean | Date | null;
export type SheetRow = { rowNo: number; cells: SheetCell[] };

/** An xlsx is a zip archive: its first four bytes are a zip's local file header. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/**
 * What the parts of one workbook may declare once unpacked. 20 MB of xlsx is rarely more than
 * ~200 MB of XML; far more is a "zip bomb" that would fill the disk while the shared strings and
 * the sheet are spooled to temporary files to read the rows.
 */
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

/**
 * Whether a stored upload is a workbook we can read, from its bytes (never its name): the zip
 * signature, a central directory naming `xl/workbook.xml`, and declared sizes within reason.
 * Answers the refusal's message key, or null. Reading the rows (readSheet) confirms the rest.
 */
export async function inspectWorkbook(absolute: string): Promise<MessageKey | null> {
  const file = await open(absolute, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(4);
    await file.read(head, 0, 4, 0);
    if (size < 22 || !head.equals(ZIP_MAGIC)) return 'import.notExcel';
    // The end-of-directory record is in the last 22 bytes plus at most a 64 KiB comment.
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === END_OF_DIRECTORY) {
        end = i;
        break;
      }
    }
    if (end < 0) return 'import.notExcel';
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (directoryOffset === 0xffffffff || directoryOffset + directorySize > size) return 'import.notExcel';
    const directory = Buffer.alloc(directorySize);
    await file.read(directory, 0, directorySize, directoryOffset);
    let unpacked = 0;
    let hasWorkbook = false;
    for (let at = 0; at + 46 <= directory.length && directory.readUInt32LE(at) === DIRECTORY_ENTRY; ) {
      const entrySize = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
      // 0xffffffff: the real size is in a ZIP64 field, i.e. 4 GB or more.
      if (entrySize === 0xffffffff) return 'import.tooLargeUnpacked';
      unpacked += entrySize;
      if (name === 'xl/workbook.xml') hasWorkbook = true;
      at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    }
    if (!hasWorkbook) return 'import.notExcel';
    return unpacked > MAX_UNPACKED_BYTES ? 'import.tooLargeUnpacked' : null;
  } finally {
    await file.close();
  }
}

/** Rich text as the text it shows. */
const richText = (parts: Array<{ text?: string | null }>) => parts.map((part) => part.text).join('');

/** A cell's value as the user sees it: a shared string from the table, rich text as its text, a formula as its result, a link as its text. */
function plain(value: ExcelJS.CellValue | { sharedString: number } | undefined, strings: StringTable): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('sharedString' in value) return strings.get(value.sharedString) ?? null;
  if ('richText' in value) return richText(value.richText);
  if ('formula' in value || 'sharedFormula' in value) return plain((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue, strings);
  if ('error' in value) return value.error;
  if ('text' in value) return plain(value.text as ExcelJS.CellValue, strings);
  return null;
}

/** A shared string as the library's reader emits it (exceljs 4.4 workbook-reader.js, `_parseSharedStrings`). */
type SharedStringEvent = { index: number; text: string | null | { richText: Array<{ text?: string | null }> } };

/**
 * The parts of the library's streaming reader that read one part of the archive each, given that
 * part's stream: what its own `parse()` calls for every entry of a zip it reads from start to end.
 */
type PartReader = {
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseStyles(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncIterable<SharedStringEvent>;
  _parseWorksheet(part: Readable, sheetNo: string): Iterable<{ eventType: 'worksheet'; value: AsyncIterable<ExcelJS.Row> }>;
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ rId: string }> };
};

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const sheetNumber = (part: ZipEntry) => Number(WORKSHEET.exec(part.path)?.[1]);

/** The workbook's first sheet: the one its workbook.xml lists first, else the lowest-numbered part. */
function firstSheet(reader: PartReader, parts: Map<string, ZipEntry>): { entry: ZipEntry; sheetNo: string } | undefined {
  const rId = reader.model?.sheets?.[0]?.rId;
  // A target is relative to xl/ (`worksheets/sheet1.xml`), or absolute (`/xl/worksheets/sheet1.xml`).
  const target = reader.workbookRels?.find((rel) => rel.Id === rId)?.Target.replace(/^\/?(xl\/)?/, 'xl/');
  const sheets = [...parts.values()].filter((part) => WORKSHEET.test(part.path)).sort((a, b) => sheetNumber(a) - sheetNumber(b));
  const entry = sheets.find((part) => part.path === target) ?? sheets[0];
  return entry && { entry, sheetNo: String(sheetNumber(entry)) };
}

/**
 * The rows of a workbook's first sheet, streamed from the file (never all in memory): cells by
 * column (index 0 is column A), rows without any value left out. Throws when the file is no
 * workbook the library can read. Styles are read: a date is a number with a date format.
 *
 * The archive is read by its central directory, each part when it is needed: relationships,
 * workbook, styles, then the shared strings (the text of the cells of a file saved by Excel: a
 * million for 100,000 rows) into a compact StringTable rather than the library's array of strings,
 * then the sheet. The library's own `parse()` reads the zip from start to end through unzipper's
 * `Parse`, which says "end" as soon as the whole file has gone in, while parts it has read may still
 * wait in its buffer: when a part took a while to read (a busy machine), the parts after it were
 * dropped, and a good file failed as unreadable (2 reads in 600 under load).
 */
export async function* readSheet(absolute: string): AsyncGenerator<SheetRow> {
  // Every read of the file this archive opens, closed at the end whatever happened: a part whose
  // parse failed half-way would keep its own open (the library's part readers never close them).
  const reads: ReadStream[] = [];
  const source = {
    stream(offset: number, length?: number) {
      const read = createReadStream(absolute, { start: offset, end: length ? offset + length : undefined });
      reads.push(read);
      return read;
    },
    size: async () => (await stat(absolute)).size,
  };
  const strings = new StringTable();
  try {
    const parts = new Map((await centralDirectory(source)).files.map((entry) => [entry.path, entry]));
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(absolute, { sharedStrings: 'emit', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' }) as unknown as PartReader;
    const part = (name: string) => parts.get(name)?.stream();
    const rels = part('xl/_rels/workbook.xml.rels');
    if (rels) await reader._parseRels(rels);
    const workbook = part('xl/workbook.xml');
    if (!workbook) throw new Error('no xl/workbook.xml');
    await reader._parseWorkbook(workbook);
    const styles = part('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);
    const shared = part('xl/sharedStrings.xml');
    // The index is the order: every shared string comes, in order, once.
    if (shared) for await (const { text } of reader._parseSharedStrings(shared)) strings.push(text === null ? '' : typeof text === 'string' ? text : richText(text.richText));
    const sheet = firstSheet(reader, parts);
    if (!sheet) return;
    for (const { value } of reader._parseWorksheet(sheet.entry.stream(), sheet.sheetNo)) {
      for await (const row of value) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: SheetCell[] = [];
        for (let column = 1; column < values.length; column++) {
          const cell = plain(values[column], strings);
          cells.push(typeof cell === 'string' && cell.trim() === '' ? null : cell);
        }
        if (cells.some((cell) => cell !== null)) yield { rowNo: row.number, cells };
      }
    }
  } finally {
    for (const read of reads) read.destroy();
    strings.close();
  }
}
