import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkbookRefused } from '../../src/lib/xlsxReader/archive';
import { readSheet, type ReadOptions, type SheetRow } from '../../src/lib/xlsxReader/readSheet';
import { deflatedRepeat, workbookParts, zip, zipBomb } from '../helpers/hostileZip';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orbit-xlsx-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function written(name: string, sheets: Record<string, unknown[][]>): Promise<string> {
  const book = new ExcelJS.Workbook();
  for (const [sheetName, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(sheetName);
    for (const row of rows) sheet.addRow(row);
  }
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));
  return file;
}

async function rowsOf(source: string | Buffer, options?: ReadOptions): Promise<SheetRow[]> {
  const rows = [];
  for await (const row of readSheet(source, options)) rows.push(row);
  return rows;
}

/** The reason the reader refuses `source` for, or 'read' when it reads it. */
async function refusal(source: string | Buffer, options?: ReadOptions): Promise<string> {
  try {
    await rowsOf(source, options);
    return 'read';
  } catch (error) {
    if (error instanceof WorkbookRefused) return error.reason;
    throw error;
  }
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const sheetXml = (rows: string) => `<worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`;
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('xlsx reader', () => {
  it('reads the first sheet, shared strings, numbers and dates, and leaves empty rows out', async () => {
    const file = await written('plain.xlsx', {
      Leads: [['Name', 'Revenue', 'Since'], ['Ada', 1200.5, new Date(Date.UTC(2026, 7, 1))], [], ['Grace', 99, null]],
      Other: [['not', 'this']],
    });
    const expected = [
      { rowNo: 1, cells: ['Name', 'Revenue', 'Since'] },
      { rowNo: 2, cells: ['Ada', 1200.5, new Date(Date.UTC(2026, 7, 1))] },
      { rowNo: 4, cells: ['Grace', 99] },
    ];
    expect(await rowsOf(file)).toEqual(expected);
    // The same bytes in memory (a request's file) read alike.
    expect(await rowsOf(await import('node:fs/promises').then((fs) => fs.readFile(file)))).toEqual(expected);
  });

  it('reads what Excel writes that a library may not: East Asian date formats, the 1904 date system, prefixed elements, rich and phonetic text', async () => {
    const styles = `<styleSheet ${NS}><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="31"/></cellXfs></styleSheet>`;
    const strings = `<sst ${NS}><si><r><t>Acme </t></r><r><t>Corp</t></r><rPh sb="0" eb="1"><t>アクメ</t></rPh></si></sst>`;
    const sheet = `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="2"><x:c r="A2" s="1"><x:v>46203</x:v></x:c><x:c r="C2" t="s"><x:v>0</x:v></x:c><x:c r="D2" t="b"><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>`;
    const parts = workbookParts(sheet, { 'xl/styles.xml': styles, 'xl/sharedStrings.xml': strings });
    expect(await rowsOf(zip(parts))).toEqual([{ rowNo: 2, cells: [new Date(Date.UTC(2026, 5, 30)), null, 'Acme Corp', true] }]);
    const workbook1904 = (parts['xl/workbook.xml'] as string).replace('<sheets>', '<workbookPr date1904="1"/><sheets>');
    expect((await rowsOf(zip({ ...parts, 'xl/workbook.xml': workbook1904 })))[0]!.cells[0]).toEqual(new Date(Date.UTC(2030, 6, 1)));
  });

  it('keeps a character whose bytes fall between two chunks of the sheet', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `<row r="${i + 1}">${inline(`A${i + 1}`, `王小明${i}`)}</row>`).join('');
    const read = await rowsOf(zip(workbookParts(sheetXml(rows))));
    expect(read).toHaveLength(3000);
    expect(read.every((row, i) => row.cells[0] === `王小明${i}`)).toBe(true);
  });

  it('counts the bytes really inflated, not those declared, and stops at the limit', async () => {
    // Two megabytes of rows declared as 1,000 bytes in both headers, against a limit of one.
    const head = `<worksheet ${NS}><sheetData>`;
    const bomb = zip(workbookParts(deflatedRepeat(head, '<row r="3"/>', 2 * 1024 * 1024, '</sheetData></worksheet>')), 1000);
    expect(await refusal(bomb, { maxUnpackedBytes: 1024 * 1024 })).toBe('tooLarge');
    // What a zip declares means nothing either way: a small workbook declaring 600 MB is read.
    expect(await rowsOf(zip(workbookParts(sheetXml(`<row r="1">${inline('A1', 'Small')}</row>`)), 600 * 1024 * 1024))).toEqual([{ rowNo: 1, cells: ['Small'] }]);
    // The issue's bomb at the real limit (512 MB), refused by inflating alone, before any XML is parsed.
    expect(await refusal(zipBomb(600))).toBe('tooLarge');
  });

  it('counts the text a shared string gives every time a cell gives it, and cuts a cell at Excel\'s 32,767 characters', async () => {
    const long = 'x'.repeat(100_000);
    const strings = `<sst ${NS}><si><t>${long}</t></si></sst>`;
    const cells = Array.from({ length: 200 }, (_, r) => `<row r="${r + 1}"><c r="A${r + 1}" t="s"><v>0</v></c></row>`).join('');
    const parts = workbookParts(sheetXml(cells), { 'xl/sharedStrings.xml': strings });
    // 200 cells of 32,767 characters: 6.5 MB of text from a 100 KB string, over a quarter of a 16 MB limit the parts are far within.
    expect(await refusal(zip(parts), { maxUnpackedBytes: 16 * 1024 * 1024 })).toBe('tooLarge');
    const read = await rowsOf(zip(parts));
    expect(read).toHaveLength(200);
    expect(read[0]!.cells[0]).toHaveLength(32_767);
    expect((await rowsOf(zip(workbookParts(sheetXml(`<row r="1">${inline('A1', long)}</row>`)))))[0]!.cells[0]).toHaveLength(32_767);
  });

  it('refuses what Excel never writes: rows out of order, cells outside the grid, DTDs and comments, a megabyte without markup', async () => {
    const row = (r: string) => `<row r="${r}">${inline(`A${r}`, 'x')}</row>`;
    expect(await refusal(zip(workbookParts(sheetXml(row('3') + row('3')))))).toBe('notWorkbook');
    expect(await refusal(zip(workbookParts(sheetXml(row('3') + row('2')))))).toBe('notWorkbook');
    expect(await refusal(zip(workbookParts(sheetXml(row('1048577')))))).toBe('notWorkbook');
    expect(await refusal(zip(workbookParts(sheetXml(`<row r="1">${inline('XFE1', 'x')}</row>`))))).toBe('notWorkbook');
    expect(await refusal(zip(workbookParts(`<!DOCTYPE x [<!ENTITY a "aaaa">]>${sheetXml(row('1'))}`)))).toBe('notWorkbook');
    expect(await refusal(zip(workbookParts(sheetXml(`<!-- ${'<'.repeat(10)} -->${row('1')}`))))).toBe('notWorkbook');
    const gap = sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'y'.repeat(1024 * 1024 + 1)}</t></is></c></row>`);
    expect(await refusal(zip(workbookParts({ deflated: deflateRawSync(Buffer.from(gap)), size: gap.length })))).toBe('notWorkbook');
    expect(await refusal(zip(workbookParts(sheetXml(row('1')).slice(0, -5))))).toBe('notWorkbook');
    expect(await refusal(Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]))).toBe('legacyXls');
    expect(await refusal(zip({ 'word/document.xml': '<w:document/>' }))).toBe('notWorkbook');
  });

  it('closes the file when its reader stops early (an import reads only the header first)', async () => {
    const file = await written('early.xlsx', { Sheet1: [['Name'], ...Array.from({ length: 30_000 }, (_, i) => [i])] });
    /** This process's open descriptors on the file. */
    const openOnFile = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`, 'utf8') === file;
        } catch {
          return false; // closed meanwhile (the directory's own descriptor)
        }
      }).length;
    for await (const row of readSheet(file)) {
      expect(row.cells).toEqual(['Name']);
      expect(openOnFile()).toBeGreaterThan(0);
      break;
    }
    await expect.poll(openOnFile).toBe(0);
  });
});
