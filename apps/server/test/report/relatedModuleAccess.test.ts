import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ReportDefinition } from '@orbit/shared/crm/report';
import { NEW_USER_PASSWORD, caller, createRole, createUser, deptIds } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;

/**
 * A report pulls the fields of a related module only for a viewer who may list that module's
 * records (issue 27, item 15): a role that lists opportunities but not accounts runs a report on
 * opportunities, but none that joins their accounts — not in the builder, not shared with it, not
 * on a dashboard, not exported — and nothing of the accounts reaches it.
 */
describe('a report’s related module needs its list permission', () => {
  let app: TestApp;
  let admin: Call, emma: Call, viewer: Call;
  let withAccounts: number, plain: number, dashboard: number;

  const MESSAGE = 'You cannot list the records this report is about';
  const accountFields: ReportDefinition = {
    module: 'opportunity', related: 'accountId', format: 'summary', columns: ['name', 'accountId.name', 'accountId.industry'],
    groupRows: [{ field: 'accountId.industry' }], aggregates: [{ fn: 'count' }],
  };
  const opportunitiesOnly: ReportDefinition = { module: 'opportunity', format: 'summary', columns: ['name', 'amount'], groupRows: [{ field: 'stage' }], aggregates: [{ fn: 'count' }] };

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    admin = caller(app, await loginAs(app, 'admin'));
    emma = caller(app, await loginAs(app, 'emma.stone'));
    // Every opportunity (scope: all), every report right, dashboards; no account permission at all.
    const role = await createRole(admin, 'deal_analyst', [
      'crm:opportunity:list', 'crm:opportunity:query',
      'crm:report:list', 'crm:report:query', 'crm:report:add', 'crm:report:edit', 'crm:report:export',
      'crm:dashboard:list', 'crm:dashboard:query',
    ], '1');
    await createUser(admin, 'dana.analyst', (await deptIds(admin))['Head Office']!, [role]);
    viewer = caller(app, await loginAs(app, 'dana.analyst', NEW_USER_PASSWORD));

    const save = async (name: string, definition: ReportDefinition) => {
      const res = await emma('POST', '/crm/report', { name, shared: true, definition });
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data as number;
    };
    withAccounts = await save('Deals by account industry', accountFields);
    plain = await save('Deals by stage', opportunitiesOnly);
    const widget = (reportId: number, x: number) => ({ reportId, kind: 'table', x, y: 0, w: 6, h: 4 });
    const created = await emma('POST', '/crm/dashboard', { name: 'Deals and accounts', shared: true, widgets: [widget(withAccounts, 0), widget(plain, 6)] });
    expect(created.body.code, created.body.msg).toBe(200);
    dashboard = created.body.data as number;
  });
  afterAll(() => app.teardown());

  const noAccountName = async (body: unknown) => {
    const rows = ((await app.db.execute(sql`select name from crm_account where deleted_at is null`)) as unknown as { rows: Array<{ name: string }> }).rows;
    const text = JSON.stringify(body);
    expect(rows.filter((r) => text.includes(r.name)).map((r) => r.name)).toEqual([]);
  };

  it('the builder refuses to preview or save a report joining accounts; one on opportunities alone runs', async () => {
    const preview = await viewer('POST', '/crm/report/preview', { definition: accountFields });
    expect([preview.status, preview.body.msg]).toEqual([403, MESSAGE]);
    expect(preview.body.data).toBeUndefined();
    const saved = await viewer('POST', '/crm/report', { name: 'Mine with accounts', definition: accountFields });
    expect([saved.status, saved.body.msg]).toEqual([403, MESSAGE]);
    const count = ((await app.db.execute(sql`select count(*)::int as n from crm_report where name = 'Mine with accounts'`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    expect(count).toBe(0);
    // A related filter alone (no account column) is a join all the same.
    const filtered = await viewer('POST', '/crm/report/preview', { definition: { ...opportunitiesOnly, related: 'accountId', relatedFilter: { field: 'industry', op: 'eq', value: 'finance' } } });
    expect([filtered.status, filtered.body.msg]).toEqual([403, MESSAGE]);
    const allowed = await viewer('POST', '/crm/report/preview', { definition: opportunitiesOnly });
    expect(allowed.body.code, allowed.body.msg).toBe(200);
  });

  it('a shared report joining accounts is listed but does not run, nor export, for the role', async () => {
    const run = await viewer('GET', `/crm/report/${withAccounts}/run`);
    expect([run.status, run.body.msg]).toEqual([403, MESSAGE]);
    await noAccountName(run.body);
    const exported = await viewer('POST', `/crm/report/${withAccounts}/export`, { timezoneOffset: 0 });
    expect([exported.status, exported.body.msg]).toEqual([403, MESSAGE]);
    const files = ((await app.db.execute(sql`select count(*)::int as n from sys_user_file f join sys_user u on u.user_id = f.user_id where u.user_name = 'dana.analyst'`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    expect(files).toBe(0);
    expect((await viewer('GET', `/crm/report/${plain}/run`)).body.code).toBe(200);
    // Its author, who lists accounts, runs it.
    expect((await emma('GET', `/crm/report/${withAccounts}/run`)).body.code).toBe(200);
  });

  it('on a dashboard the widget says why and carries no data; the widget beside it shows', async () => {
    const res = await viewer('GET', `/crm/dashboard/${dashboard}/data`);
    expect(res.body.code, res.body.msg).toBe(200);
    const [accounts, stages] = res.body.data.widgets as Array<{ result: unknown; error: string | null }>;
    expect(accounts).toMatchObject({ result: null, previous: null, error: MESSAGE });
    expect(stages!.error).toBeNull();
    expect(stages!.result).not.toBeNull();
    await noAccountName(accounts);
  });
});
