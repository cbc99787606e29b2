import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { FILE_STATUS, FILE_TYPE } from '@orbit/shared/constants';
import { sysUserFile } from '../../src/db/schema/files';
import { sysJob } from '../../src/db/schema/jobs';
import { FORBIDDEN_EN, caller } from '../helpers/adminApi';
import { settingThrough } from '../helpers/settingsApi';
import { createLead, listIds } from '../helpers/crmApi';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;

/**
 * Short exports download at once (issue 36, item 10): a list export of at most
 * `crm.export.directMaxRows` rows (System › Settings, default 5,000) is written while its request
 * waits and answered `ready`; its file-centre record is done, so the browser downloads it at once
 * and it stays listed. A longer export is queued as before.
 */
describe('direct exports under the settings’ threshold', () => {
  let app: TestApp;
  let admin: Call;
  let olivia: Call;
  let oliviaToken: string;

  const setting = () => settingThrough(admin, 'exportDirectMaxRows').row();
  const setThreshold = (configValue: string) => settingThrough(admin, 'exportDirectMaxRows').set(configValue);
  const fileOf = async (id: number) => (await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, id)))[0]!;

  beforeAll(async () => {
    // No background runner: a file that is ready was written by the request itself.
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    admin = caller(app, await loginAs(app, 'admin'));
    oliviaToken = await loginAs(app, 'olivia.park');
    olivia = caller(app, oliviaToken);
  });
  afterAll(() => app.teardown());

  it('is a built-in setting, 5,000 rows by default, refusing values outside 0–50,000', async () => {
    expect(await setting()).toMatchObject({ configValue: '5000', defaultValue: '5000' });
    for (const value of ['-1', '50001', 'many']) {
      const refused = await setThreshold(value);
      expect(refused.status, value).toBe(400);
      expect(refused.body.errors).toEqual({ configValue: 'Setting value must be a whole number from 0 to 50000' });
    }
  });

  it('writes a short export during the request: ready, done in the file centre, downloadable at once, in the user’s language', async () => {
    for (const lastName of ['Directly', 'Directer']) await createLead(olivia, { lastName, company: 'Direct Co', status: 'contacted' });
    const filter = JSON.stringify({ field: 'company', op: 'eq', value: 'Direct Co' });
    const jobsBefore = (await app.db.select().from(sysJob)).length;

    for (const [lang, header, status, message] of [
      ['en', 'Lead Status', 'Contacted', 'The export is ready: it is downloading, and it is kept in the file centre'],
      ['zh', '线索状态', '已联系', '导出已完成，正在下载，文件中心中也保留了该文件'],
    ] as const) {
      const res = await olivia('POST', '/crm/leads/export', { filter, fields: 'lastName,status' }, { 'accept-language': lang });
      expect(res.body).toMatchObject({ code: 200, msg: message, data: { fileId: expect.any(Number), ready: true } });
      const fileId = res.body.data.fileId as number;
      expect(await fileOf(fileId)).toMatchObject({ status: FILE_STATUS.available, progressDone: 2, errorMsg: '' });

      const listed = await olivia('POST', '/userFile/userFilePageList', { type: FILE_TYPE.download, pageNum: 1, pageSize: 10 });
      expect(listed.body.rows[0]).toMatchObject({ id: fileId, status: FILE_STATUS.available });

      const download = await app.inject({ method: 'GET', url: api(`/userFile/download/${fileId}`), headers: bearer(oliviaToken) });
      expect(download.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const headers = (sheet.getRow(1).values as string[]).slice(1);
      expect(sheet.rowCount).toBe(3);
      expect(sheet.getRow(2).getCell(headers.indexOf(header) + 1).value).toBe(status);
    }
    // The job is recorded done like a background one's, and nothing is left queued.
    const jobs = await app.db.select().from(sysJob);
    expect(jobs.slice(jobsBefore).map((j) => j.state)).toEqual(['done', 'done']);
  });

  it('queues an export longer than the threshold, and every export when it is 0', async () => {
    const { total } = await listIds(olivia, '/crm/leads/list?pageSize=1');
    expect(total).toBeGreaterThan(2);
    try {
      expect((await setThreshold('2')).body.code).toBe(200);
      const long = await olivia('POST', '/crm/leads/export', { fields: 'lastName' });
      expect(long.body).toMatchObject({ code: 200, msg: 'The export has started: it will be ready in the file centre', data: { ready: false } });
      expect((await fileOf(long.body.data.fileId)).status).toBe(FILE_STATUS.generating);
      // Exactly at the threshold: downloaded at once. The count is the export's own: the selected rows in scope.
      const mine = (await listIds(olivia, '/crm/leads/list?pageSize=2')).ids;
      const selected = await olivia('POST', '/crm/leads/export', { ids: mine, fields: 'lastName' });
      expect(selected.body.data.ready).toBe(true);

      expect((await setThreshold('0')).body.code).toBe(200);
      const one = await olivia('POST', '/crm/leads/export', { ids: [mine[0]], fields: 'lastName' });
      expect(one.body.data.ready).toBe(false);
      expect((await fileOf(one.body.data.fileId)).status).toBe(FILE_STATUS.generating);

      await app.jobs.drain();
      for (const file of [long, one]) expect((await fileOf(file.body.data.fileId)).status).toBe(FILE_STATUS.available);
    } finally {
      await setThreshold('');
    }
  });

  it('is refused without the export permission or with a bad list, and then no file is made', async () => {
    const before = (await app.db.select().from(sysUserFile)).length;
    const readonly = caller(app, await loginAs(app, 'sophia.reed'));
    const refused = await readonly('POST', '/crm/leads/export', {});
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(FORBIDDEN_EN);
    expect((await olivia('POST', '/crm/leads/export', { orderByColumn: 'nope' })).status).toBe(400);
    expect((await olivia('POST', '/crm/leads/export', { fields: 'lastName\u0000' })).status).toBe(400);
    expect((await olivia('POST', '/crm/leads/export', { ids: [] })).status).toBe(400);
    expect(await app.db.select().from(sysUserFile)).toHaveLength(before);
  });

  it('a short export that cannot be written fails with the reason in its answer and in the file centre', async () => {
    const { mkdirSync, rmSync, writeFileSync } = await import('node:fs');
    const path = await import('node:path');
    const { filesRoot } = await import('../../src/modules/files/fileStorage');
    const userId = (await olivia('GET', '/getInfo')).body.user.userId as number;
    const exportsDir = path.join(filesRoot(app.config.dataDir), 'exports');
    const userDir = path.join(exportsDir, String(userId));
    rmSync(userDir, { recursive: true, force: true });
    mkdirSync(exportsDir, { recursive: true });
    writeFileSync(userDir, 'not a directory');
    try {
      const res = await olivia('POST', '/crm/leads/export', { fields: 'lastName' });
      expect(res.status).toBe(500);
      expect(res.body.msg).toBe('The server cannot write files at the moment; please tell your administrator');
      const listed = await olivia('POST', '/userFile/userFilePageList', { type: FILE_TYPE.download, pageNum: 1, pageSize: 1 });
      expect(listed.body.rows[0]).toMatchObject({ status: FILE_STATUS.failed, errorMsg: res.body.msg });
    } finally {
      rmSync(userDir, { force: true });
    }
    expect((await olivia('POST', '/crm/leads/export', { fields: 'lastName' })).body.data.ready).toBe(true);
  });
});
