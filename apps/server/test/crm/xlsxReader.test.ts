import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { readSheet } from '../../src/modules/crm/import/xlsxReader';

/** The `tmp` module exceljs's streaming reader spools a sheet with, as exceljs itself loads it. */
const tmp = createRequire(createRequire(import.meta.url).resolve('exceljs'))('tmp') as { file: (callback: (...args: unknown[]) => void) => void };

const dir = mkdtempSync(path.join(os.tmpdir(), 'orbit-xlsx-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

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

async function rowsOf(file: string) {
  const rows = [];
  for await (const row of readSheet(file)) rows.push(row);
  return rows;
}

describe('xlsx reader', () => {
  it('reads the first sheet, shared strings, numbers and dates, and leaves empty rows out', async () => {
    const file = await written('plain.xlsx', {
      Leads: [['Name', 'Revenue', 'Since'], ['Ada', 1200.5, new Date(Date.UTC(2026, 7, 1))], [], ['Grace', 99, null]],
      Other: [['not', 'this']],
    });
    expect(await rowsOf(file)).toEqual([
      { rowNo: 1, cells: ['Name', 'Revenue', 'Since'] },
      { rowNo: 2, cells: ['Ada', 1200.5, new Date(Date.UTC(2026, 7, 1))] },
      { rowNo: 4, cells: ['Grace', 99] },
    ]);
  });

  it('loses no part of the archive when reading one is slow (a busy machine)', async () => {
    // exceljs's own parse() read the zip through unzipper's Parse, which says "end" once the whole
    // file has gone in: the parts still in its buffer behind a slow one (here the sheet, spooled to
    // a temporary file when it comes before the shared strings) were dropped, and a good file
    // failed as unreadable.
    const spool = tmp.file.bind(tmp);
    vi.spyOn(tmp, 'file').mockImplementation((callback) => void setTimeout(() => spool(callback), 100));
    const file = await written('slow.xlsx', { Sheet1: [['Name', 'Amount'], ['x', 1000]] });
    for (let i = 0; i < 3; i++) expect(await rowsOf(file)).toEqual([{ rowNo: 1, cells: ['Name', 'Amount'] }, { rowNo: 2, cells: ['x', 1000] }]);
  });

  it('closes the file when its reader stops early (an import reads only the header first)', async () => {
    const file = await written('early.xlsx', { Sheet1: [['Name'], ...Array.from({ length: 30_000 }, (_, i) => [i])] });
    /** This process's open descriptors on the file. */
    const openOnFile = () => readdirSync('/proc/self/fd').filter((fd) => {
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
