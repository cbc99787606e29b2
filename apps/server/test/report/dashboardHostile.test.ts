import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type Answer } from '../helpers/adminApi';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;
type Row = Record<string, unknown>;

/**
 * Hostile input on the newer dashboard and role routes: the layout save (PUT /crm/dashboard), the
 * role dialog's dashboard choices and a role's landing dashboard. Every refusal is a 4xx with a
 * translated message and the matching `code`; nothing is written; no answer is a 500.
 */
describe('dashboard and landing-dashboard routes under hostile input', () => {
  let app: TestApp;
  const as: Record<string, Call> = {};
  let board: number; // emma.stone's own dashboard, the one she saves layouts of
  let adminPrivate: number; // the administrator's private dashboard
  let sales: number;
  let privateReport: number; // the administrator's private report
  const widget = { reportId: 1, kind: 'chart', x: 0, y: 0, w: 6, h: 4 };

  beforeAll(async () => {
    app = await createTestApp();
    for (const name of ['admin', 'emma.stone']) as[name] = caller(app, await loginAs(app, name));
    board = (await as['emma.stone']!('POST', '/crm/dashboard', { name: 'Target board', widgets: [widget] })).body.data as number;
    adminPrivate = (await as.admin!('POST', '/crm/dashboard', { name: 'Admin only', widgets: [] })).body.data as number;
    const list = (await as.admin!('GET', '/crm/dashboard/list')).body.data as Array<{ id: number; builtIn: boolean }>;
    sales = list.find((d) => d.builtIn)!.id;
    const report = await as.admin!('POST', '/crm/report', { name: 'Admin private report', definition: { module: 'leads', columns: ['company'], format: 'tabular' } });
    expect(report.body.code, report.body.msg).toBe(200);
    privateReport = report.body.data as number;
  });
  afterAll(() => app.teardown());

  const rows = async (query: ReturnType<typeof sql>) => ((await app.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const dashboards = () => rows(sql`select id, name, shared, widgets, owner_id from crm_dashboard order by id`);
  const roles = () => rows(sql`select role_id, role_key, default_dashboard_id from sys_role order by role_id`);

  /** A refusal: the status, the envelope's code, a message in the asked language (not a key, no stack). */
  function refused(res: Answer, status: number, lang: 'en' | 'zh' = 'en') {
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status);
    expect(res.body.code).toBe(status);
    const msg = String(res.body.msg);
    expect(msg.length).toBeGreaterThan(0);
    expect(msg).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$/); // an untranslated key
    expect(msg).not.toMatch(/\n\s+at |stack|Error:|\bselect\b.*\bfrom\b/i);
    if (lang === 'zh') expect(msg).toMatch(/[\u4e00-\u9fff]/);
  }

  it('a layout save with wrong types, huge arrays or out-of-range numbers is refused and changes nothing', async () => {
    const before = await dashboards();
    const save = (patch: Record<string, unknown>) => as['emma.stone']!('PUT', '/crm/dashboard', { id: board, name: 'Target board', widgets: [widget], ...patch });
    const bad: Array<Record<string, unknown>> = [
      { widgets: 'not a list' },
      { widgets: null },
      { widgets: { 0: widget } },
      { widgets: Array.from({ length: 13 }, (_, i) => ({ ...widget, y: i * 4 })) },
      { widgets: [{ ...widget, x: -1 }] },
      { widgets: [{ ...widget, x: 2 ** 53 }] },
      { widgets: [{ ...widget, y: 1001 }] },
      { widgets: [{ ...widget, y: Number.MAX_VALUE }] },
      { widgets: [{ ...widget, w: 0 }] },
      { widgets: [{ ...widget, w: 1.5 }] },
      { widgets: [{ ...widget, h: -4 }] },
      { widgets: [{ ...widget, h: '4' }] },
      { widgets: [{ ...widget, kind: 'iframe' }] },
      { widgets: [{ ...widget, period: 'forever' }] },
      { widgets: [{ ...widget, title: 'x'.repeat(10_000) }] },
      { widgets: [{ ...widget, reportId: -1 }] },
      { widgets: [{ ...widget, reportId: 0 }] },
      { widgets: [{ ...widget, reportId: 2 ** 63 }] },
      { widgets: [{ ...widget, reportId: "1 OR 1=1; drop table crm_dashboard; --" }] },
      { widgets: [{ ...widget, script: '<script>alert(1)</script>' }] },
      { widgets: [null] },
      { id: "1' or '1'='1" },
      { id: -5 },
      { id: 2 ** 63 },
      { id: [board] },
      { name: '' },
      { name: 'n'.repeat(101) },
      { name: { $gt: '' } },
      { shared: 'yes' },
    ];
    for (const patch of bad) refused(await save(patch), 400);
    // A huge array: refused before it is read (past the body limit), with its own message.
    const huge = await save({ widgets: Array.from({ length: 100_000 }, () => widget) });
    refused(huge, 413);
    expect(huge.body.msg).toMatch(/too large/i);
    // Not JSON at all, or a body too deep to be a dashboard.
    const raw = await app.inject({ method: 'PUT', url: api('/crm/dashboard'), headers: { ...bearer(await loginAs(app, 'emma.stone')), 'content-type': 'application/json' }, payload: '{"id": 1e309, "widgets": [' });
    expect(raw.statusCode).toBe(400);
    expect(await dashboards()).toEqual(before);
  });

  it("a layout save naming someone else's private dashboard, a missing one, or a report one may not see is refused and changes nothing", async () => {
    const before = await dashboards();
    const save = (patch: Record<string, unknown>, call = as['emma.stone']!) => call('PUT', '/crm/dashboard', { id: board, name: 'Target board', widgets: [widget], ...patch });
    const notFound = await save({ id: adminPrivate });
    refused(notFound, 404);
    expect(notFound.body.msg).toBe('The dashboard does not exist or is not shared with you');
    refused(await save({ id: 987_654_321 }), 404);
    refused(await save({ id: Number.MAX_SAFE_INTEGER }), 404);
    refused(await save({ id: sales }), 403); // built in
    // A widget over a report that does not exist, or over another user's private report.
    for (const reportId of [987_654_321, Number.MAX_SAFE_INTEGER, privateReport]) {
      const res = await save({ widgets: [{ ...widget, reportId }] });
      refused(res, 400);
      expect(res.body.msg).toBe('A widget shows a report that does not exist or is not shared with you');
    }
    const zh = await as['emma.stone']!('PUT', '/crm/dashboard', { id: board, name: 'Target board', widgets: [{ ...widget, reportId: privateReport }] }, { 'accept-language': 'zh' });
    refused(zh, 400, 'zh');
    expect(zh.body.msg).toBe('有组件显示的报表不存在或未共享给您');
    // The same on creation: no dashboard is added.
    refused(await as['emma.stone']!('POST', '/crm/dashboard', { name: 'Sneaky', widgets: [{ ...widget, reportId: privateReport }] }), 400);
    expect(await dashboards()).toEqual(before);
  });

  it('SQL-looking text is kept as text, never run', async () => {
    const name = "x'); drop table crm_dashboard; --";
    const res = await as['emma.stone']!('PUT', '/crm/dashboard', { id: board, name, widgets: [{ ...widget, title: "' OR 1=1 --" }] });
    expect(res.body.code, res.body.msg).toBe(200);
    const [row] = await rows(sql`select name, widgets from crm_dashboard where id = ${board}`);
    expect(row).toMatchObject({ name, widgets: [{ ...widget, title: "' OR 1=1 --" }] });
    expect((await as['emma.stone']!('GET', `/crm/dashboard/${board}/data`)).body.code).toBe(200);
    expect((await as['emma.stone']!('PUT', '/crm/dashboard', { id: board, name: 'Target board', widgets: [widget] })).body.code).toBe(200);
  });

  it('the dashboard data route refuses hostile ids and narrowing with a 4xx', async () => {
    for (const path of [`/crm/dashboard/-1/data`, `/crm/dashboard/abc/data`, `/crm/dashboard/${2 ** 64}/data`, `/crm/dashboard/1%27%20or%201=1/data`, `/crm/dashboard/${board}/data?from=2026-02-30`, `/crm/dashboard/${board}/data?owners=1;drop`]) {
      refused(await as['emma.stone']!('GET', path), 400);
    }
    refused(await as['emma.stone']!('GET', `/crm/dashboard/${adminPrivate}/data`), 404);
    refused(await as['emma.stone']!('GET', `/crm/dashboard/987654321/data`), 404);
  });

  it("the role dialog's dashboard choices ignore stray input and never list a private dashboard", async () => {
    const options = await as.admin!('GET', "/system/role/dashboardOptions?id=1%27%20or%201=1&pageSize=-1&lang=xx");
    expect(options.status).toBe(200);
    const ids = (options.body.data as Array<{ id: number }>).map((d) => d.id);
    expect(ids).toContain(sales);
    expect(ids).not.toContain(adminPrivate);
    expect(ids).not.toContain(board);
    refused(await as['emma.stone']!('GET', '/system/role/dashboardOptions'), 403);
    const zh = await as.admin!('GET', '/system/role/dashboardOptions', undefined, { 'accept-language': 'zh' });
    expect(zh.body.data).toContainEqual({ id: sales, name: '销售仪表盘' });
  });

  it("a role's landing dashboard must be a present, shared or built-in one; anything else is refused and changes nothing", async () => {
    const role = { roleName: 'Hostile landing', roleKey: 'hostile_landing', roleSort: 9, status: '0', menuIds: [] };
    const created = await as.admin!('POST', '/system/role', { ...role, defaultDashboardId: sales });
    expect(created.body.code, created.body.msg).toBe(200);
    const roleId = created.body.data as number;
    const before = await roles();
    const wrongTypes = ['abc', -1, 0, 1.5, 2 ** 63, [sales], { id: sales }, true, "1; update sys_role set default_dashboard_id = null; --", ''];
    for (const defaultDashboardId of wrongTypes) {
      refused(await as.admin!('POST', '/system/role', { ...role, roleName: 'Hostile landing 2', roleKey: 'hostile_landing_2', defaultDashboardId }), 400);
      refused(await as.admin!('PUT', '/system/role', { ...role, roleId, defaultDashboardId }), 400);
    }
    for (const defaultDashboardId of [adminPrivate, board, 987_654_321, Number.MAX_SAFE_INTEGER]) {
      for (const [method, body] of [['POST', { ...role, roleName: 'Hostile landing 2', roleKey: 'hostile_landing_2', defaultDashboardId }], ['PUT', { ...role, roleId, defaultDashboardId }]] as const) {
        const res = await as.admin!(method, '/system/role', body);
        refused(res, 400);
        expect(res.body.msg).toBe('A role can land only on a shared or built-in dashboard');
      }
    }
    const zh = await as.admin!('PUT', '/system/role', { ...role, roleId, defaultDashboardId: adminPrivate }, { 'accept-language': 'zh' });
    refused(zh, 400, 'zh');
    expect(zh.body.msg).toBe('角色只能以共享或内置的仪表盘为首页');
    expect(await roles()).toEqual(before);
    expect((await as.admin!('GET', `/system/role/${roleId}`)).body.data.defaultDashboardId).toBe(sales);
  });
});
