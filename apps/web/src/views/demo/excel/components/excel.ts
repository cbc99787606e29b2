/**
 * The Excel demos' workbook writer and reader: ExcelJS (its browser build), loaded only when a
 * file is made or read, in a chunk of its own.
 */
export type Sheet = { header: string[]; rows: Array<Array<string | number>>; merges?: string[]; topHeader?: string[] };

const loadExcel = () => import('exceljs').then((m) => (m as unknown as { default: typeof import('exceljs') }).default ?? m);

/** Builds an .xlsx of one sheet and hands it to the browser as a download. */
export async function exportSheet(sheet: Sheet, fileName: string, bookType: 'xlsx' | 'csv' = 'xlsx'): Promise<void> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('Sheet1');
  if (sheet.topHeader) ws.addRow(sheet.topHeader);
  ws.addRow(sheet.header).font = { bold: true };
  if (sheet.topHeader) ws.getRow(1).font = { bold: true };
  for (const row of sheet.rows) ws.addRow(row);
  for (const range of sheet.merges ?? []) ws.mergeCells(range);
  ws.columns.forEach((column) => (column.width = 18));
  const buffer = bookType === 'csv' ? await workbook.csv.writeBuffer() : await workbook.xlsx.writeBuffer();
  const type = bookType === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([buffer], { type }));
  link.download = `${fileName || 'excel-list'}.${bookType}`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** Reads the first sheet of an .xlsx: its header row and the rows under it, as text. */
export async function readSheet(file: File): Promise<{ header: string[]; rows: string[][] }> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const ws = workbook.worksheets[0];
  if (!ws) return { header: [], rows: [] };
  const all: string[][] = [];
  ws.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    all.push(values.map((v) => (v === null || v === undefined ? '' : typeof v === 'object' && 'text' in (v as object) ? String((v as { text: unknown }).text) : v instanceof Date ? v.toISOString().slice(0, 10) : String(v))));
  });
  const [header = [], ...rows] = all;
  return { header, rows };
}
