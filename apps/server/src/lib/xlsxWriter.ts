import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/**
 * A streaming xlsx writer with real backpressure: each sheet's XML goes through the zip (yazl, one
 * entry at a time, deflated) to the file as it is written, and a writer waits whenever the file is
 * behind — so memory stays flat whatever the row count. exceljs's "streaming" writer keeps every
 * row it was given (exceljs #1894: a million rows grew the process by ~700 MB), so exports use this;
 * exceljs still reads files (tests, imports).
 *
 * Only what exports need: inline strings, numbers, booleans, dates (as serial numbers with a date
 * format), column widths and number formats, a bold frozen header row, several sheets.
 */

export type XlsxCell = string | number | boolean | Date | null | undefined;
export type XlsxColumn = { header: string; width?: number; numFmt?: string };

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Excel's limit of characters in a cell. */
const MAX_CELL_TEXT = 32_767;
/** Sheet XML is handed to the zip in pieces of about this size. */
const CHUNK = 64 * 1024;
/** Cell styles: 0 default, 1 bold (headers), 2 default date-time; then one per number format. */
const BOLD = 1;
const DATETIME = 2;
const FIRST_CUSTOM_FORMAT = 164;

/** Characters XML 1.0 does not allow (control characters other than tab, LF, CR; lone surrogates). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const escapeXml = (text: string) => text.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Excel's serial day number of a moment (1900 date system, as UTC). */
const serialOf = (date: Date) => date.getTime() / 86_400_000 + 25_569;

export type XlsxSheet = {
  /** Adds a row; resolves once the file has room for more (await it). */
  addRow(cells: XlsxCell[], options?: { bold?: boolean }): Promise<void>;
  /** Closes the sheet; the next one may then be added. */
  end(): Promise<void>;
};

export type XlsxWorkbook = {
  addSheet(name: string, columns: XlsxColumn[]): XlsxSheet;
  /** Writes the workbook's remaining parts and closes the file. */
  finish(): Promise<void>;
  /** Gives up: closes the file as it is (the caller removes it). */
  abort(): void;
};

/** The workbook written to a file at `path`. */
export function createXlsxFile(path: string): XlsxWorkbook {
  return createXlsxWriter(createWriteStream(path));
}

/**
 * The workbook written to `file`: a file, or a stream answered to a request (a direct download),
 * whose reader's pace the writer then keeps.
 */
export function createXlsxWriter(file: Writable): XlsxWorkbook {
  const zip = new ZipFile();
  zip.outputStream.pipe(file);
  // A write that fails (disk full, directory gone) must end the writer, not leave it waiting for
  // room that never comes: the open sheet's stream is destroyed with the error, so its next wait
  // rejects, and every later call throws it.
  let failure: Error | null = null;
  let current: PassThrough | null = null;
  const fail = (err: Error) => {
    failure ??= err;
    current?.destroy(failure);
  };
  file.on('error', fail);
  // A download's reader may go away (the request is closed) without an error: the writer stops too.
  file.on('close', () => {
    if (!file.writableFinished) fail(new Error('the xlsx output was closed'));
  });
  zip.on('error', fail);
  zip.outputStream.on('error', fail);
  const sheetNames: string[] = [];
  const numFmts = new Map<string, number>(); // format code → cell style index
  let openSheet: XlsxSheet | null = null;

  const styleOf = (numFmt: string | undefined): number | undefined => {
    if (!numFmt) return undefined;
    if (!numFmts.has(numFmt)) numFmts.set(numFmt, 3 + numFmts.size);
    return numFmts.get(numFmt);
  };

  return {
    addSheet(name, columns) {
      if (openSheet) throw new Error('end the previous sheet first');
      if (failure) throw failure;
      const stream = new PassThrough({ highWaterMark: CHUNK });
      current = stream;
      // Its error is the writer's failure (above), rethrown by the next call; not an unheard event.
      stream.on('error', () => undefined);
      zip.addReadStream(stream, `xl/worksheets/sheet${sheetNames.length + 1}.xml`);
      // Excel allows 31 characters and none of : \ / ? * [ ] in a sheet's name; names are unique.
      let safe = name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet';
      if (sheetNames.includes(safe)) safe = `${safe.slice(0, 28)} ${sheetNames.length + 1}`;
      sheetNames.push(safe);
      const styles = columns.map((c) => styleOf(c.numFmt));
      const letters: string[] = [];
      const letterOf = (i: number) => (letters[i] ??= columnLetters(i));
      let rowNumber = 0;
      let pending = '';

      const flush = async (force = false) => {
        if (failure) throw failure;
        if (!pending || (!force && pending.length < CHUNK)) return;
        const ok = stream.write(pending);
        pending = '';
        if (!ok) await once(stream, 'drain');
      };

      const cellXml = (value: XlsxCell, column: number, row: number, style: number | undefined): string => {
        if (value === null || value === undefined || value === '') return '';
        const ref = `${letterOf(column)}${row}`;
        const s = (fallback?: number) => (style ?? fallback) !== undefined ? ` s="${style ?? fallback}"` : '';
        if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s()}><v>${value}</v></c>` : '';
        if (typeof value === 'boolean') return `<c r="${ref}" t="b"${s()}><v>${value ? 1 : 0}</v></c>`;
        if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : `<c r="${ref}"${s(DATETIME)}><v>${serialOf(value)}</v></c>`;
        const text = escapeXml(value.length > MAX_CELL_TEXT ? value.slice(0, MAX_CELL_TEXT) : value);
        return `<c r="${ref}" t="inlineStr"${s()}><is><t xml:space="preserve">${text}</t></is></c>`;
      };

      const sheet: XlsxSheet = {
        async addRow(cells, options = {}) {
          rowNumber++;
          const cellsXml = cells.map((v, i) => cellXml(v, i, rowNumber, options.bold ? BOLD : styles[i])).join('');
          pending += `<row r="${rowNumber}">${cellsXml}</row>`;
          await flush();
        },
        async end() {
          pending += '</sheetData></worksheet>';
          await flush(true);
          stream.end();
          openSheet = null;
        },
      };

      const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 12}" customWidth="1"/>`).join('');
      pending =
        `${HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">` +
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
        `<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`;
      openSheet = sheet;
      // The header row is small: it never waits for the file.
      void sheet.addRow(columns.map((c) => c.header), { bold: true });
      return sheet;
    },

    abort() {
      fail(new Error('the xlsx file was abandoned'));
      file.destroy();
    },

    async finish() {
      if (failure) throw failure;
      if (openSheet) throw new Error('end the last sheet first');
      const sheets = sheetNames.map((n, i) => `<sheet name="${escapeXml(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
      const sheetRels = sheetNames
        .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
        .join('');
      const formats = [...numFmts.keys()].map((code, i) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + i}" formatCode="${escapeXml(code)}"/>`).join('');
      const formatXfs = [...numFmts.keys()].map((_, i) => `<xf numFmtId="${FIRST_CUSTOM_FORMAT + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join('');
      const parts: Record<string, string> = {
        '[Content_Types].xml':
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          sheetNames.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
          '</Types>',
        '_rels/.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        'xl/workbook.xml': `<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>${sheets}</sheets></workbook>`,
        'xl/_rels/workbook.xml.rels':
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheetRels}` +
          `<Relationship Id="rId${sheetNames.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
        'xl/styles.xml':
          `<styleSheet xmlns="${NS}">${formats ? `<numFmts count="${numFmts.size}">${formats}</numFmts>` : ''}` +
          '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
          '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
          '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
          '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
          `<cellXfs count="${3 + numFmts.size}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
          '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
          `<xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>${formatXfs}</cellXfs>` +
          '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
      };
      for (const [name, xml] of Object.entries(parts)) zip.addBuffer(Buffer.from(HEAD + xml), name);
      zip.end();
      await finished(file, { readable: false });
    },
  };
}
