import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { columnLetters, createXlsxFile } from '../../src/lib/xlsxWriter';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orbit-xlsx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readBack(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

describe('xlsx writer', () => {
  it('names columns like Excel', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('writes typed cells, formats, widths, a bold frozen header and several sheets that Excel readers open', async () => {
    const file = path.join(dir, 'typed.xlsx');
    const book = createXlsxFile(file);
    const sheet = book.addSheet('Leads: East/West?', [
      { header: 'Name', width: 20 },
      { header: 'Amount', numFmt: '"$"#,##0.00' },
      { header: 'Closes', numFmt: 'yyyy-mm-dd' },
      { header: 'Active' },
      { header: 'Note' },
    ]);
    await sheet.addRow(['Zoë & <Partners> "Ltd"', 1234.5, new Date(Date.UTC(2026, 10, 25)), true, 'bad\u0000char\u0007s kept out']);
    await sheet.addRow([null, undefined, null, false, '']);
    await sheet.end();
    const second = book.addSheet('汇总', [{ header: '合计' }]);
    await second.addRow([42]);
    await second.end();
    await book.finish();

    const workbook = await readBack(file);
    const [first, other] = workbook.worksheets;
    expect(first!.name).toBe('Leads  East West ');
    expect(first!.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(first!.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(first!.getColumn(1).width).toBe(20);
    const row = first!.getRow(2);
    expect(row.getCell(1).value).toBe('Zoë & <Partners> "Ltd"');
    expect(row.getCell(2).value).toBe(1234.5);
    expect(row.getCell(2).numFmt).toBe('"$"#,##0.00');
    expect((row.getCell(3).value as Date).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(row.getCell(3).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(4).value).toBe(true);
    expect(row.getCell(5).value).toBe('badchars kept out');
    expect(first!.getRow(3).getCell(4).value).toBe(false);
    expect(first!.getRow(3).getCell(1).value).toBeNull();
    expect(other!.name).toBe('汇总');
    expect(other!.getRow(2).getCell(1).value).toBe(42);
  });

  it('keeps memory flat: 200,000 rows do not grow the heap with them', async () => {
    const file = path.join(dir, 'large.xlsx');
    const book = createXlsxFile(file);
    const sheet = book.addSheet('Large', Array.from({ length: 10 }, (_, i) => ({ header: `Column ${i}` })));
    const heap = () => process.memoryUsage().heapUsed;
    let first = 0;
    let peak = 0;
    for (let r = 0; r < 200_000; r++) {
      await sheet.addRow(Array.from({ length: 10 }, (_, c) => (c % 2 ? r * c : `text ${r} ${c} lorem ipsum dolor`)));
      if (r === 20_000) first = heap();
      if (r > 20_000 && r % 10_000 === 0) peak = Math.max(peak, heap());
    }
    await sheet.end();
    await book.finish();
    // exceljs's writer held every row (~0.6 MB per thousand): this one holds a chunk.
    expect(peak - first).toBeLessThan(60 * 1024 * 1024);
    const workbook = await readBack(file);
    expect(workbook.worksheets[0]!.rowCount).toBe(200_001);
  }, 120_000);
});
