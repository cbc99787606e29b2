import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { startsLikeFormula } from './spreadsheetText';
import { createStyles, type XlsxFont, type XlsxStyle } from './xlsxStyles';

/**
 * A streaming xlsx writer with real backpressure: each sheet's XML goes through the zip (yazl, one
 * entry at a time, deflated) to the file as it is written, and a writer waits whenever the file is
 * behind — so memory stays flat whatever the row count. exceljs's "streaming" writer keeps every
 * row it was given (exceljs #1894: a million rows grew the process by ~700 MB), so exports use this;
 * exceljs now only reads files back in the tests; uploads are read by lib/xlsxReader.
 *
 * Only what exports and import templates need: inline strings, numbers, booleans, dates (as serial
 * numbers with a date format), column widths and number formats, fonts, a bold frozen header row,
 * drop-down lists, hidden sheets, several sheets. Every text that starts like a formula is written
 * as it is, with Excel's quote prefix (lib/spreadsheetText.ts): text, shown without an apostrophe.
 */

/** `{ number, numFmt }`: a number in a format of its own, not its column's (an amount in its record's currency). */
export type XlsxCell = string | number | boolean | Date | { number: number; numFmt: string } | null | undefined;
/** `font`: of the column's data cells; `headerFont`: of its header (bold by default). */
export type XlsxColumn = { header: string; width?: number; numFmt?: string; font?: XlsxFont; headerFont?: XlsxFont };
export type XlsxRowOptions = { bold?: boolean; font?: XlsxFont; wrap?: boolean; height?: number };
/** A sheet's layout: rows kept in view (1, the header, by default), hidden (a template's lists), without a header row. */
export type XlsxSheetOptions = { frozenRows?: number; hidden?: boolean; noHeader?: boolean };
/** A drop-down list on a range (`B3:B1000`): `formula` is a range (`'Lists'!$A$1:$A$5`) or a quoted list (`"Yes,No"`); `strict` refuses other values. */
export type XlsxValidation = { range: string; formula: string; strict: boolean };

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Excel's limit of characters in a cell. */
const MAX_CELL_TEXT = 32_767;
/** Sheet XML is handed to the zip in pieces of about this size. */
const CHUNK = 64 * 1024;
/** Excel's built-in date-time format, for a date in a column without a format of its own. */
const DATETIME = 22;

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
  addRow(cells: XlsxCell[], options?: XlsxRowOptions): Promise<void>;
  /** A drop-down list, written when the sheet ends. */
  validate(validation: XlsxValidation): void;
  /** Closes the sheet; the next one may then be added. */
  end(): Promise<void>;
};

export type XlsxWorkbook = {
  addSheet(name: string, columns: XlsxColumn[], options?: XlsxSheetOptions): XlsxSheet;
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
  const sheets: Array<{ name: string; hidden: boolean }> = [];
  const styles = createStyles();
  let openSheet: XlsxSheet | null = null;

  return {
    addSheet(name, columns, options = {}) {
      if (openSheet) throw new Error('end the previous sheet first');
      if (failure) throw failure;
      const stream = new PassThrough({ highWaterMark: CHUNK });
      current = stream;
      // Its error is the writer's failure (above), rethrown by the next call; not an unheard event.
      stream.on('error', () => undefined);
      zip.addReadStream(stream, `xl/worksheets/sheet${sheets.length + 1}.xml`);
      // Excel allows 31 characters and none of : \ / ? * [ ] in a sheet's name; names are unique.
      let safe = name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet';
      if (sheets.some((sheet) => sheet.name === safe)) safe = `${safe.slice(0, 28)} ${sheets.length + 1}`;
      sheets.push({ name: safe, hidden: options.hidden ?? false });
      const letters: string[] = [];
      const letterOf = (i: number) => (letters[i] ??= columnLetters(i));
      /** A data cell's style by its column and kind, looked up once: a million-row export asks for it at every cell. */
      const plain = columns.map(() => new Map<string, number>());
      const styleOf = (column: number, kind: 'value' | 'date' | 'text' | 'quoted', row: XlsxRowOptions | undefined, numFmt?: string): number => {
        const spec = columns[column];
        const style: XlsxStyle = {
          font: row?.font ?? (row?.bold ? 'bold' : spec?.font),
          numFmt: kind === 'value' ? (numFmt ?? spec?.numFmt) : kind === 'date' ? (spec?.numFmt ?? DATETIME) : undefined,
          quotePrefix: kind === 'quoted',
          wrap: row?.wrap,
        };
        if (row) return styles.id(style);
        const cacheKey = numFmt === undefined ? kind : `${kind}\u0001${numFmt}`;
        const known = plain[column]?.get(cacheKey);
        if (known !== undefined) return known;
        const id = styles.id(style);
        plain[column]?.set(cacheKey, id);
        return id;
      };
      const validations: XlsxValidation[] = [];
      let rowNumber = 0;
      let pending = '';

      const flush = async (force = false) => {
        if (failure) throw failure;
        if (!pending || (!force && pending.length < CHUNK)) return;
        const ok = stream.write(pending);
        pending = '';
        if (!ok) await once(stream, 'drain');
      };

      const cellXml = (value: XlsxCell, column: number, row: number, options: XlsxRowOptions | undefined): string => {
        if (value === null || value === undefined || value === '') return '';
        const ref = `${letterOf(column)}${row}`;
        const s = (id: number) => (id ? ` s="${id}"` : '');
        if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s(styleOf(column, 'value', options))}><v>${value}</v></c>` : '';
        if (typeof value === 'boolean') return `<c r="${ref}" t="b"${s(styleOf(column, 'value', options))}><v>${value ? 1 : 0}</v></c>`;
        if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : `<c r="${ref}"${s(styleOf(column, 'date', options))}><v>${serialOf(value)}</v></c>`;
        if (typeof value === 'object') return Number.isFinite(value.number) ? `<c r="${ref}"${s(styleOf(column, 'value', options, value.numFmt))}><v>${value.number}</v></c>` : '';
        const text = escapeXml(value.length > MAX_CELL_TEXT ? value.slice(0, MAX_CELL_TEXT) : value);
        const style = styleOf(column, startsLikeFormula(value) ? 'quoted' : 'text', options);
        return `<c r="${ref}" t="inlineStr"${s(style)}><is><t xml:space="preserve">${text}</t></is></c>`;
      };

      const sheet: XlsxSheet = {
        async addRow(cells, options) {
          rowNumber++;
          const cellsXml = cells.map((v, i) => cellXml(v, i, rowNumber, options)).join('');
          const height = options?.height ? ` ht="${options.height}" customHeight="1"` : '';
          pending += `<row r="${rowNumber}"${height}>${cellsXml}</row>`;
          await flush();
        },
        validate(validation) {
          validations.push(validation);
        },
        async end() {
          pending += '</sheetData>';
          if (validations.length) {
            const lists = validations.map(
              (v) =>
                `<dataValidation type="list" allowBlank="1" showErrorMessage="${v.strict ? 1 : 0}" sqref="${escapeXml(v.range)}"><formula1>${escapeXml(v.formula)}</formula1></dataValidation>`,
            );
            pending += `<dataValidations count="${lists.length}">${lists.join('')}</dataValidations>`;
          }
          pending += '</worksheet>';
          await flush(true);
          stream.end();
          openSheet = null;
        },
      };

      const frozen = options.frozenRows ?? (options.noHeader ? 0 : 1);
      const pane = frozen ? `<pane ySplit="${frozen}" topLeftCell="A${frozen + 1}" activePane="bottomLeft" state="frozen"/>` : '';
      const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 12}" customWidth="1"/>`).join('');
      pending =
        `${HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>` +
        `<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`;
      openSheet = sheet;
      if (!options.noHeader) {
        rowNumber++;
        // The header row is small: it never waits for the file.
        const cells = columns.map((c, i) => {
          if (!c.header) return '';
          const style = styles.id({ font: c.headerFont ?? 'bold', quotePrefix: startsLikeFormula(c.header) });
          return `<c r="${letterOf(i)}1" t="inlineStr" s="${style}"><is><t xml:space="preserve">${escapeXml(c.header.slice(0, MAX_CELL_TEXT))}</t></is></c>`;
        });
        pending += `<row r="1">${cells.join('')}</row>`;
      }
      return sheet;
    },

    abort() {
      fail(new Error('the xlsx file was abandoned'));
      file.destroy();
    },

    async finish() {
      if (failure) throw failure;
      if (openSheet) throw new Error('end the last sheet first');
      const sheetList = sheets.map((sheet, i) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}"${sheet.hidden ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`).join('');
      const sheetRels = sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('');
      const parts: Record<string, string> = {
        '[Content_Types].xml':
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
          '</Types>',
        '_rels/.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        'xl/workbook.xml': `<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>${sheetList}</sheets></workbook>`,
        'xl/_rels/workbook.xml.rels':
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheetRels}` +
          `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
        'xl/styles.xml': `<styleSheet xmlns="${NS}">${styles.xml()}</styleSheet>`,
      };
      for (const [name, xml] of Object.entries(parts)) zip.addBuffer(Buffer.from(HEAD + xml), name);
      zip.end();
      await finished(file, { readable: false });
    },
  };
}
