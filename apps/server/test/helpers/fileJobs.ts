import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { FILE_STATUS } from '@orbit/shared/constants';
import { sysUserFile } from '../../src/db/schema/files';
import type { Answer } from './adminApi';
import { api, bearer, type TestApp } from './testApp';

/**
 * The workbook an export request queued (its answer carries the file centre's `fileId`): the job
 * queue run to its end, the file checked available, then downloaded by `token`'s user and read.
 */
export async function exportedWorkbook(app: TestApp, token: string, queued: Answer): Promise<ExcelJS.Workbook> {
  expect(queued.body.code, queued.body.msg).toBe(200);
  await app.jobs.drain();
  const [file] = await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, queued.body.data.fileId));
  expect(file!.status, file!.errorMsg).toBe(FILE_STATUS.available);
  const download = await app.inject({ method: 'GET', url: api(`/userFile/download/${file!.id}`), headers: bearer(token) });
  expect(download.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
  return workbook;
}
