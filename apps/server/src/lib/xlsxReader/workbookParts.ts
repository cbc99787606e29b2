import type { WorkbookArchive } from './archive';
import { StringTable } from './stringTable';
import { parseXml } from './xmlParts';

/** Excel's limit of characters in a cell: a longer text is cut there as it is read (no field takes as many). */
export const MAX_CELL_CHARS = 32_767;

/** Built-in number formats that show a date or a time (ECMA-376 §18.8.30, with the East Asian ones). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81]);

/** Whether a format code shows a date: a day, month, year, hour or second outside quotes and brackets. */
export function isDateFormat(code: string): boolean {
  const bare = code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '').replace(/\\./g, '');
  return /[ymdhsYMDHS]/.test(bare);
}

/** Appends to a cell's text up to Excel's limit, so that one cell never holds more. */
export const appended = (text: string, more: string) => (text.length >= MAX_CELL_CHARS ? text : text + more.slice(0, MAX_CELL_CHARS - text.length));

/** What is read before the sheet: where its first sheet is, which cell styles are dates, the date system, the shared strings. */
export type WorkbookInfo = { firstSheet: string | undefined; dateStyles: boolean[]; date1904: boolean; strings: StringTable };

/** The relationship targets of `xl/workbook.xml` by id, as paths in the archive. */
async function relationships(archive: WorkbookArchive): Promise<Map<string, string>> {
  const targets = new Map<string, string>();
  const part = archive.part('xl/_rels/workbook.xml.rels');
  if (!part) return targets;
  await parseXml(part, {
    open(name, attributes) {
      // A target is relative to xl/ (`worksheets/sheet1.xml`), or absolute (`/xl/worksheets/sheet1.xml`).
      if (name === 'Relationship' && attributes.Id && attributes.Target) targets.set(attributes.Id, attributes.Target.replace(/^\/?(xl\/)?/, 'xl/'));
    },
  });
  return targets;
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** The first sheet's part: the one workbook.xml lists first, else the lowest-numbered sheet part. */
async function firstSheetOf(archive: WorkbookArchive): Promise<{ part: string | undefined; date1904: boolean }> {
  const rels = await relationships(archive);
  let firstId: string | undefined;
  let date1904 = false;
  await parseXml(archive.part('xl/workbook.xml')!, {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      if (name === 'sheet' && firstId === undefined) firstId = attributes['r:id'] ?? Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1] ?? '';
    },
  });
  const listed = firstId ? rels.get(firstId) : undefined;
  const sheets = archive.names().filter((name) => WORKSHEET.test(name));
  const number = (name: string) => Number(WORKSHEET.exec(name)![1]);
  return { part: listed && sheets.includes(listed) ? listed : sheets.sort((a, b) => number(a) - number(b))[0], date1904 };
}

/** For each cell style (`s` of a cell), whether its number format shows a date. */
async function dateStyles(archive: WorkbookArchive): Promise<boolean[]> {
  const part = archive.part('xl/styles.xml');
  if (!part) return [];
  const custom = new Map<number, string>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await parseXml(part, {
    open(name, attributes) {
      if (name === 'numFmt') custom.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        styles.push(custom.has(id) ? isDateFormat(custom.get(id)!) : DATE_FORMAT_IDS.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/**
 * The shared strings (the text of the cells of a file saved by Excel: a million for 100,000 rows)
 * into a compact StringTable, in order: a string's index is its place. Rich text is its runs' text;
 * phonetic runs (`rPh`) are left out, as Excel shows them only on demand.
 */
async function sharedStrings(archive: WorkbookArchive, strings: StringTable): Promise<void> {
  const part = archive.part('xl/sharedStrings.xml');
  if (!part) return;
  let text: string | null = null;
  let inText = false;
  let phonetic = 0;
  await parseXml(part, {
    open(name) {
      if (name === 'si') text = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && text !== null && !phonetic) inText = true;
    },
    text(value) {
      if (inText) text = appended(text!, value);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && text !== null) {
        strings.push(text);
        text = null;
      }
    },
  });
}

/** Reads what the sheet needs: relationships and workbook, styles, shared strings. `close()` the strings after. */
export async function workbookInfo(archive: WorkbookArchive): Promise<WorkbookInfo> {
  const { part, date1904 } = await firstSheetOf(archive);
  const styles = await dateStyles(archive);
  const strings = new StringTable();
  try {
    await sharedStrings(archive, strings);
  } catch (error) {
    strings.close();
    throw error;
  }
  return { firstSheet: part, dateStyles: styles, date1904, strings };
}
