import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { KeySet } from '../../src/modules/crm/import/keySet';
import { StringTable } from '../../src/lib/xlsxReader/stringTable';
import { readSheet } from '../../src/lib/xlsxReader/readSheet';

const spillFiles = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith('orbit-strings-')).length;

/** The compact stores that keep an import of 100,000 rows within the server's heap (issue 13). */
describe('import memory: the string table', () => {
  const samples = ['', 'Smith', '王小明', 'Zoë Ångström', '😀 emoji 🚀', 'a'.repeat(5000), ' spaced ', '\u0000nul', 'line\nbreak'];

  it('reads back every string by its index, unicode and empty ones included', () => {
    const table = new StringTable();
    for (const text of samples) table.push(text);
    expect(table.size).toBe(samples.length);
    samples.forEach((text, i) => expect(table.get(i)).toBe(text));
    expect(table.get(samples.length)).toBeUndefined();
    expect(table.get(-1)).toBeUndefined();
    expect(table.get(1.5)).toBeUndefined();
    table.close();
  });

  it('holds many strings, in chunks', () => {
    const table = new StringTable();
    for (let i = 0; i < 200_000; i++) table.push(`lead${i}@example.com`);
    expect(table.size).toBe(200_000);
    for (const i of [0, 1, 4095, 65_536, 199_999]) expect(table.get(i)).toBe(`lead${i}@example.com`);
    table.close();
  });

  it('past its memory, keeps the strings in a temporary file, read back alike and removed by close', () => {
    const before = spillFiles();
    // Chunks of 64 bytes, two of them in memory: most strings are read from the file, and the 5,000-character one has chunks of its own.
    const table = new StringTable({ memoryBytes: 128, chunkBytes: 64 });
    const texts = Array.from({ length: 500 }, (_, i) => (i % 7 === 0 ? '' : `${samples[i % samples.length]}#${i}`));
    for (const text of texts) table.push(text);
    expect(spillFiles()).toBe(before + 1);
    // In any order: from the file and from memory.
    for (const i of [499, 0, 250, 3, 498, 7, 100]) expect(table.get(i)).toBe(texts[i]);
    texts.forEach((text, i) => expect(table.get(i)).toBe(text));
    table.close();
    expect(spillFiles()).toBe(before);
    expect(table.get(0)).toBeUndefined();
  });
});

describe('import memory: the key set', () => {
  it('answers which keys were added, unicode and empty ones included', () => {
    const keys = new KeySet();
    for (const key of ['', 'smith@example.com', '王小明', 'zoë']) keys.add(key);
    keys.add('smith@example.com');
    expect(keys.size).toBe(4);
    for (const key of ['', 'smith@example.com', '王小明', 'zoë']) expect(keys.has(key)).toBe(true);
    for (const key of ['Smith@example.com', 'smith@example.co', ' ', 'zoe']) expect(keys.has(key)).toBe(false);
  });

  it('holds many keys, growing its tables', () => {
    const keys = new KeySet();
    for (let i = 0; i < 150_000; i++) keys.add(`lead${i}@example.com`);
    expect(keys.size).toBe(150_000);
    for (let i = 0; i < 150_000; i += 997) expect(keys.has(`lead${i}@example.com`)).toBe(true);
    for (let i = 150_000; i < 160_000; i++) expect(keys.has(`lead${i}@example.com`)).toBe(false);
  });
});

describe('import memory: reading a sheet with shared strings', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orbit-read-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads shared, rich-text, unicode and date cells as the user sees them', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Leads');
    sheet.addRow(['Last Name', 'Company', 'Created', 'Note']);
    sheet.addRow(['王', { richText: [{ text: 'Acme ', font: { bold: true } }, { text: 'Corp' }] }, new Date(Date.UTC(2026, 2, 5)), 'Zoë 😀']);
    sheet.addRow(['Smith', 'Acme Corp', 46_203, '   ']);
    sheet.addRow([]);
    sheet.addRow(['王', null, null, 'Last Name']);
    const file = path.join(dir, 'shared.xlsx');
    // The non-streaming writer keeps texts as shared strings, as Excel does.
    await book.xlsx.writeFile(file);
    const before = spillFiles();

    const rows = [];
    for await (const row of readSheet(file)) rows.push(row);
    expect(rows).toEqual([
      { rowNo: 1, cells: ['Last Name', 'Company', 'Created', 'Note'] },
      { rowNo: 2, cells: ['王', 'Acme Corp', new Date(Date.UTC(2026, 2, 5)), 'Zoë 😀'] },
      { rowNo: 3, cells: ['Smith', 'Acme Corp', 46_203] }, // a blank cell at the end is no cell
      { rowNo: 5, cells: ['王', null, null, 'Last Name'] },
    ]);
    expect(spillFiles()).toBe(before);
  });
});
