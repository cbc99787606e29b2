import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_STATUS } from '@orbit/shared/constants';
import { sysJob } from '../../src/db/schema/jobs';
import { sysUserFile } from '../../src/db/schema/files';
import { SYSTEM_EXPORT_DIRECT_ROWS } from '../../src/modules/system/export/listExport';
import { FORBIDDEN_EN, NEW_USER_PASSWORD, caller, createRole, createUser, deptIds, menuIdsFor } from '../helpers/adminApi';
import { downloadedRows } from '../helpers/importApi';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };

async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/**
 * Long administration lists (issue 16): Orbit's pages get a file-centre job past
 * SYSTEM_EXPORT_DIRECT_ROWS, RuoYi's `download` still gets the file itself, however long.
 */
describe('system list exports of long lists', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  let adminToken: string;
  let exporterToken: string;
  let exporterRole: number;
  let eastUsers: number;

  const exportAs = (token: string, path: string, form: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: api(path), headers: { ...bearer(token), ...FORM, ...headers }, payload: form });
  const fileOf = async (id: number) => (await app.db.select().from(sysUserFile).where(eq(sysUserFile.id, id)))[0]!;

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    adminToken = await loginAs(app, 'admin');
    admin = caller(app, adminToken);
    const depts = await deptIds(admin);
    // More users in Sales East than one download holds, and some in Sales West, out of an East manager's reach.
    await app.db.execute(sql`
      insert into sys_user (user_name, nick_name, password, dept_id)
      select 'bulk.' || g, 'Bulk ' || g, 'x', case when g <= ${SYSTEM_EXPORT_DIRECT_ROWS + 1}::int then ${depts['Sales East']!}::bigint else ${depts['Sales West']!}::bigint end
      from generate_series(1, ${SYSTEM_EXPORT_DIRECT_ROWS + 301}::int) as g`);
    // A user exporter of their own department (Sales East) and below.
    exporterRole = await createRole(admin, 'user_exporter', ['system:user:list', 'system:user:export'], '4');
    await createUser(admin, 'user.exporter', depts['Sales East']!, [exporterRole]);
    exporterToken = await loginAs(app, 'user.exporter', NEW_USER_PASSWORD);
    eastUsers = (await caller(app, exporterToken)('GET', '/system/user/list?pageSize=1')).body.total as number;
    expect(eastUsers).toBeGreaterThan(SYSTEM_EXPORT_DIRECT_ROWS);
  });
  afterAll(() => app.teardown());

  it('RuoYi’s download (no queueLarge) gets the file itself with every row, however long the list (no cap)', async () => {
    const res = await exportAs(adminToken, '/system/user/export', '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="user_\d{14}\.xlsx"/);
    const rows = await sheetRows(res.rawPayload);
    const total = (await admin('GET', '/system/user/list?pageSize=1')).body.total as number;
    expect(rows).toHaveLength(total + 1);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(total);
  });

  it('Orbit’s page: a short list still downloads at once', async () => {
    const res = await exportAs(adminToken, '/system/role/export?queueLarge=true&timezoneOffset=-480', '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await sheetRows(res.rawPayload))[0]![1]).toBe('Role name');
  });

  it('Orbit’s page: a long list becomes a file-centre job, in the caller’s reach, with the rows the list shows', async () => {
    const res = await exportAs(exporterToken, '/system/user/export?queueLarge=true', 'status=0', ZH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, msg: '导出已开始，完成后可在文件中心下载' });
    const fileId = res.json().data.fileId as number;
    expect(await fileOf(fileId)).toMatchObject({ status: FILE_STATUS.generating, fileName: expect.stringMatching(/^用户 \d{4}-\d{2}-\d{2} \d{6}\.xlsx$/) });
    await app.jobs.drain();
    const file = await fileOf(fileId);
    expect(file.status, file.errorMsg ?? '').toBe(FILE_STATUS.available);
    expect([file.progressDone, file.progressTotal]).toEqual([eastUsers, eastUsers]);
    // The file centre lists it for its owner, who downloads it there.
    const listed = await caller(app, exporterToken)('POST', '/userFile/userFilePageList', { type: 1, pageNum: 1, pageSize: 10 });
    expect(listed.body.rows.map((r: { id: number }) => r.id)).toContain(fileId);
    const rows = await downloadedRows(app, exporterToken, fileId);
    expect(rows[0]!.slice(0, 4)).toEqual(['用户', '用户名', '用户昵称', '归属部门']);
    expect(rows).toHaveLength(eastUsers + 1);
    expect(new Set(rows.slice(1).map((r) => r[3]))).toEqual(new Set(['Sales East', 'Key Accounts East']));
  });

  it('the permission is read again when the job runs: taken away meanwhile, the file fails with the reason', async () => {
    const res = await exportAs(exporterToken, '/system/user/export?queueLarge=true', '');
    const fileId = res.json().data.fileId as number;
    const role = (await admin('GET', `/system/role/${exporterRole}`)).body.data;
    const listOnly = await menuIdsFor(admin, ['system:user:list']);
    expect((await admin('PUT', '/system/role', { ...role, menuIds: listOnly })).body.code).toBe(200);
    await app.jobs.drain();
    expect(await fileOf(fileId)).toMatchObject({ status: FILE_STATUS.failed, errorMsg: FORBIDDEN_EN, storagePath: null });
  });

  it('bad input is refused with a translated message, and nothing is queued', async () => {
    const files = (await app.db.select().from(sysUserFile)).length;
    const jobs = (await app.db.select().from(sysJob)).length;
    const bad = await exportAs(adminToken, '/system/user/export?queueLarge=true', 'params%5BbeginTime%5D=2026-02-31', ZH);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/[\u4e00-\u9fff]/);
    expect(bad.json().errors).toHaveProperty(['params[beginTime]']);
    expect((await exportAs(adminToken, '/system/user/export?queueLarge=true', 'orderByColumn=password')).statusCode).toBe(400);
    expect((await exportAs(adminToken, '/system/user/export?queueLarge=maybe', '')).statusCode).toBe(400);
    expect((await app.db.select().from(sysUserFile)).length).toBe(files);
    expect((await app.db.select().from(sysJob)).length).toBe(jobs);
  });
});
