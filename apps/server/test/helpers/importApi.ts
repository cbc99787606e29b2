import ExcelJS from 'exceljs';
import { FILE_STATUS } from '@orbit/shared/constants';
import type { ImportSettingsBody, ImportState, ImportUpload } from '@orbit/shared/contract/recordImport';
import type { Answer } from './adminApi';
import { api, bearer, type TestApp } from './testApp';

/** An xlsx of these rows (the first is the header), as a spreadsheet program would save it. */
export async function workbook(rows: unknown[][], sheetName = 'Sheet1'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A multipart body with one file, as a browser's form sends it. */
export function multipart(fileName: string, content: Buffer, contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') {
  const boundary = '----orbitImportBoundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a file for import into `module`. */
export async function upload(app: TestApp, token: string, module: string, fileName: string, content: Buffer, query = '', lang = 'en'): Promise<Answer> {
  const { payload, headers } = multipart(fileName, content);
  const res = await app.inject({ method: 'POST', url: api(`/crm/${module}/import${query}`), headers: { ...bearer(token), ...headers, 'accept-language': lang }, payload });
  return { status: res.statusCode, body: res.json() };
}

/** Uploads rows and answers the upload (failing the test when it is refused). */
export async function uploaded(app: TestApp, token: string, module: string, rows: unknown[][], query = ''): Promise<ImportUpload> {
  const res = await upload(app, token, module, 'import.xlsx', await workbook(rows), query);
  if (res.body.code !== 200) throw new Error(`upload: ${res.body.msg}`);
  return res.body.data as ImportUpload;
}

type Call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, headers?: Record<string, string>) => Promise<Answer>;

/** Runs an uploaded import with these settings (the upload's own mapping unless given), runs the queue, answers its state. */
export async function run(app: TestApp, call: Call, module: string, up: ImportUpload, settings: Partial<ImportSettingsBody> = {}): Promise<ImportState> {
  const res = await call('POST', `/crm/${module}/import/${up.fileId}/run`, { mapping: up.mapping, ...settings });
  if (res.body.code !== 200) throw new Error(`run: ${res.body.msg}`);
  await app.jobs.drain();
  const state = (await call('GET', `/crm/${module}/import/${up.fileId}`)).body.data as ImportState;
  // A run that did not end well says why, rather than leaving a test to compare a null result.
  if (state.status !== FILE_STATUS.available) throw new Error(`run: the import ended with status ${state.status}: ${state.errorMsg}`);
  return state;
}

/** The rows of an xlsx downloaded from the file centre, header first. */
export async function downloadedRows(app: TestApp, token: string, fileId: number): Promise<unknown[][]> {
  const res = await app.inject({ method: 'GET', url: api(`/userFile/download/${fileId}`), headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`download ${fileId}: ${res.statusCode}`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
