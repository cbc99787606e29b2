import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, deptIds } from '../helpers/adminApi';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { writtenCell, xlsxParts } from '../helpers/xlsxXml';

type Sheet = { name: string; headers: string[]; rows: ExcelJS.CellValue[][] };
const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Reads an xlsx answer back: the first sheet's name, header row and data rows. */
async function readSheet(payload: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const values = (r: number) => (sheet.getRow(r).values as ExcelJS.CellValue[]).slice(1);
  const rows: ExcelJS.CellValue[][] = [];
  for (let r = 2; r <= sheet.rowCount; r++) rows.push(values(r));
  return { name: sheet.name, headers: values(1) as string[], rows };
}

describe('system list exports (POST …/export, form-encoded as RuoYi sends them)', () => {
  let app: TestApp;
  let adminToken: string;

  const exportAs = (token: string, path: string, form: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: api(path), headers: { ...bearer(token), ...FORM, ...headers }, payload: form });

  beforeAll(async () => {
    app = await createTestApp();
    adminToken = await loginAs(app, 'admin');
  });
  afterAll(() => app.teardown());

  it('users: the list’s filters, an attachment, translated headers and labels', async () => {
    const res = await exportAs(adminToken, '/system/user/export', 'pageNum=1&pageSize=10&userName=o&status=0&params%5BbeginTime%5D=2000-01-01&params%5BendTime%5D=2999-01-01');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="user_\d{14}\.xlsx"/);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.name).toBe('Users');
    expect(sheet.headers).toEqual(['User', 'User name', 'Nickname', 'Department', 'E-mail', 'Phone number', 'Sex', 'Status', 'Last sign-in address', 'Last sign-in', 'Created']);
    const names = sheet.rows.map((r) => r[1]);
    const list = (await caller(app, adminToken)('GET', '/system/user/list?userName=o&status=0&pageSize=500')).body;
    expect(names.sort()).toEqual(list.rows.map((r: { userName: string }) => r.userName).sort());
    expect(sheet.rows.length).toBe(list.total);
    const olivia = sheet.rows.find((r) => r[1] === 'olivia.park')!;
    expect(olivia.slice(3, 8)).toEqual(['Sales East', 'olivia.park@example.com', '15888888804', 'Female', 'Normal']);
    expect(olivia[10]).toBeInstanceOf(Date);

    const zh = await readSheet((await exportAs(adminToken, '/system/user/export', 'userName=olivia', ZH)).rawPayload);
    expect([zh.name, zh.headers[1], zh.rows[0]![6], zh.rows[0]![7]]).toEqual(['用户', '用户名', '女', '正常']);
  });

  it('JSON bodies and empty bodies work too; a manager exports only the users in their scope', async () => {
    const json = await app.inject({ method: 'POST', url: api('/system/role/export'), headers: bearer(adminToken), payload: { roleKey: 'sales' } });
    const roles = await readSheet(json.rawPayload);
    expect(roles.rows.map((r) => r[2])).toEqual(['sales_manager', 'sales_rep']);
    const everything = await app.inject({ method: 'POST', url: api('/system/dict/type/export'), headers: bearer(adminToken) });
    expect((await readSheet(everything.rawPayload)).rows.length).toBeGreaterThan(10);

    const depts = await deptIds(caller(app, adminToken));
    const userRole = await caller(app, adminToken)('GET', '/system/role/list?roleKey=sales_manager');
    const roleId = userRole.body.rows[0].roleId as number;
    // Give the sales manager role the user list and export (its scope: Sales East and below).
    const menus = (await caller(app, adminToken)('GET', `/system/menu/roleMenuTreeselect/${roleId}`)).body;
    const all = (await caller(app, adminToken)('GET', '/system/menu/list')).body.data as Array<{ menuId: number; perms: string | null }>;
    const extra = all.filter((m) => m.perms === 'system:user:list' || m.perms === 'system:user:export').map((m) => m.menuId);
    const role = (await caller(app, adminToken)('GET', `/system/role/${roleId}`)).body.data;
    const saved = await caller(app, adminToken)('PUT', '/system/role', { ...role, menuIds: [...menus.checkedKeys, ...extra] });
    expect(saved.body.code).toBe(200);
    const emma = await loginAs(app, 'emma.stone');
    const scoped = await readSheet((await exportAs(emma, '/system/user/export', '')).rawPayload);
    const shown = new Set(scoped.rows.map((r) => r[3]));
    expect([...shown].every((d) => d === 'Sales East' || d === 'Key Accounts East')).toBe(true);
    expect(depts['Sales East']).toBeDefined();
  });

  it('every system list exports for an administrator; a text a spreadsheet would run stays text (quote prefix, no apostrophe)', async () => {
    await caller(app, adminToken)('POST', '/system/dict/type', { dictName: '=HYPERLINK("http://evil")', dictType: 'evil_type' });
    for (const [path, sheetName] of [
      ['/system/dict/data/export', 'Dictionary data'],
      ['/monitor/logininfor/export', 'Login log'],
      ['/monitor/operlog/export', 'Operation log'],
      ['/system/config/export', 'Settings'],
    ]) {
      const res = await exportAs(adminToken, path!, '');
      expect(res.statusCode, path).toBe(200);
      expect((await readSheet(res.rawPayload)).name, path).toBe(sheetName);
    }
    const payload = (await exportAs(adminToken, '/system/dict/type/export', 'dictType=evil')).rawPayload;
    expect((await readSheet(payload)).rows[0]![1]).toBe('=HYPERLINK("http://evil")');
    expect(writtenCell(await xlsxParts(payload), 'B2')).toEqual({ text: '=HYPERLINK("http://evil")', style: expect.stringContaining('quotePrefix="1"') });
  });

  it('refuses without the export permission, and bad filters', async () => {
    const reader = await loginAs(app, 'sophia.reed');
    expect((await exportAs(reader, '/system/user/export', '')).statusCode).toBe(403);
    expect((await exportAs(reader, '/monitor/operlog/export', '')).statusCode).toBe(403);
    const bad = await exportAs(adminToken, '/system/user/export', 'params%5BbeginTime%5D=2026-02-31');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(['params[beginTime]']);
    expect((await exportAs(adminToken, '/system/user/export', 'orderByColumn=password')).statusCode).toBe(400);
    // Form bodies are read only by the exports: other routes still refuse them.
    const form = await app.inject({ method: 'POST', url: api('/system/dict/type'), headers: { ...bearer(adminToken), ...FORM }, payload: 'dictName=x&dictType=x_form' });
    expect(form.statusCode).toBe(415);
  });
});
