import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { columnLetters, createXlsxFile } from '../../src/lib/xlsxWriter';
import { writtenCell, xlsxParts } from '../helpers/xlsxXml';

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

  it('writes every text that starts like a formula as text, headers included: Excel\'s quote prefix, no apostrophe', async () => {
    // Issue 27: a header `=HYPERLINK(…)` was written as it was; a phone number as `'+1 (555) 622-2304`, the apostrophe shown.
    const file = path.join(dir, 'quoted.xlsx');
    const book = createXlsxFile(file);
    const sheet = book.addSheet('Quoted', [{ header: '=HYPERLINK("http://evil.test","x")' }, { header: 'Phone' }, { header: 'Amount', numFmt: '0.00' }]);
    await sheet.addRow(['+1 (555) 622-2304', '@SUM(A1)', -2]);
    await sheet.addRow(['-2+3', '\tcmd', '=1+1'], { bold: true });
    await sheet.addRow(['plain', 'a=b', 3]);
    await sheet.end();
    await book.finish();
    const parts = await xlsxParts(readFileSync(file));
    const quoted = expect.stringContaining('quotePrefix="1"');
    expect(writtenCell(parts, 'A1')).toEqual({ text: '=HYPERLINK("http://evil.test","x")', style: quoted });
    expect(writtenCell(parts, 'A1').style).toContain('applyFont="1"'); // still the bold header
    expect(writtenCell(parts, 'B1').style).not.toContain('quotePrefix');
    for (const [ref, text] of [['A2', '+1 (555) 622-2304'], ['B2', '@SUM(A1)'], ['A3', '-2+3'], ['B3', '\tcmd'], ['C3', '=1+1']]) expect(writtenCell(parts, ref!)).toEqual({ text, style: quoted });
    // Numbers are numbers, in their format; texts that do not start like a formula have no prefix.
    expect(writtenCell(parts, 'C2')).toEqual({ text: '-2', style: expect.stringMatching(/numFmtId="164"/) });
    expect(writtenCell(parts, 'A4').style).not.toContain('quotePrefix');
    expect(writtenCell(parts, 'B4').style).not.toContain('quotePrefix');
    expect(parts['xl/worksheets/sheet1.xml']).not.toContain("'+1");
    const sheetRead = (await readBack(file)).worksheets[0]!;
    expect(sheetRead.getCell('A2').value).toBe('+1 (555) 622-2304');
  });

  it('writes what an import template needs: header fonts, a notes row, drop-down lists over a hidden sheet, two frozen rows', async () => {
    const file = path.join(dir, 'template.xlsx');
    const book = createXlsxFile(file);
    const sheet = book.addSheet('Leads', [{ header: 'Last Name', headerFont: 'boldError' }, { header: 'Status' }], { frozenRows: 2 });
    await sheet.addRow(['required', 'one of the list'], { font: 'note', wrap: true, height: 45 });
    sheet.validate({ range: 'B3:B100', formula: "'Lists'!$A$1:$A$2", strict: true });
    await sheet.end();
    const lists = book.addSheet('Lists', [], { hidden: true, noHeader: true });
    await lists.addRow(['New']);
    await lists.addRow(['Closed']);
    await lists.end();
    await book.finish();
    const workbook = await readBack(file);
    const [leads, hidden] = workbook.worksheets;
    expect(leads!.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(leads!.getCell('A1').font).toMatchObject({ bold: true, color: { argb: 'FFC0392B' } });
    expect(leads!.getCell('A2').font).toMatchObject({ italic: true });
    expect(leads!.getCell('A2').alignment).toMatchObject({ wrapText: true });
    expect(leads!.getRow(2).height).toBe(45);
    expect(leads!.getCell('B3').dataValidation).toMatchObject({ type: 'list', formulae: ["'Lists'!$A$1:$A$2"], showErrorMessage: true });
    expect(hidden!.state).toBe('hidden');
    expect([hidden!.getCell('A1').value, hidden!.getCell('A2').value]).toEqual(['New', 'Closed']);
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
