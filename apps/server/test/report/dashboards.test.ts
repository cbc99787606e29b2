import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { resolveRelativeDate } from '@orbit/shared/crm/relativeDates';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, userIds } from '../helpers/adminApi';

type Call = ReturnType<typeof caller>;
type Widget = { report: { name: string } | null; result: { summary: Array<{ keys: unknown[]; rollup: boolean[]; values: Array<string | number | null> }>; rows: unknown[] } | null; previous: { summary: Array<{ values: Array<string | number | null> }> } | null; error: string | null };

/** The built-in sales dashboard on the demo data, its filter, the viewer's scope, and dashboards of one's own. */
describe('dashboards API', () => {
  let app: TestApp;
  const as: Record<string, Call> = {};
  let ids: Record<string, number>;
  let sales: number;
  const statements: string[] = [];

  beforeAll(async () => {
    app = await createTestApp({}, { onStatement: (text) => void statements.push(text) });
    for (const name of ['admin', 'emma.stone', 'olivia.park', 'mia.chen']) as[name] = caller(app, await loginAs(app, name));
    ids = await userIds(as.admin!);
    const list = await as['olivia.park']!('GET', '/crm/dashboard/list');
    sales = (list.body.data as Array<{ id: number; name: string; builtIn: boolean }>).find((d) => d.builtIn && d.name === 'Sales dashboard')!.id;
  });
  afterAll(() => app.teardown());

  const value = async (query: ReturnType<typeof sql>) => ((await app.db.execute(query)) as unknown as { rows: Array<{ v: string | null }> }).rows[0]!.v;
  const data = async (call: Call, query = '') => {
    const res = await call('GET', `/crm/dashboard/${sales}/data${query}`);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data.widgets as Widget[];
  };
  const grand = (w: Widget) => w.result!.summary.at(-1)!.values[0];

  it('the sales dashboard shows every widget on the demo data; won this quarter is compared with last quarter', async () => {
    const widgets = await data(as.admin!);
    expect(widgets).toHaveLength(10);
    for (const w of widgets) expect(w.error, w.report?.name).toBeNull();
    const quarter = resolveRelativeDate('thisQuarter');
    const last = resolveRelativeDate('lastQuarter');
    const won = (range: { from: string | null; to: string | null }) =>
      value(sql`select coalesce(sum(amount), 0)::text as v from crm_opportunity where deleted_at is null and stage = 'closed_won' and close_date >= ${range.from}::date and close_date < ${range.to}::date`);
    expect(Number(grand(widgets[0]!))).toBe(Number(await won(quarter)));
    expect(Number(widgets[0]!.previous!.summary.at(-1)!.values[0] ?? 0)).toBe(Number(await won(last)));
    // The short table: the five largest open deals.
    expect(widgets[6]!.result!.rows).toHaveLength(5);
  });

  it("reads each widget's report once and the viewer's display currency once, however many widgets run", async () => {
    statements.length = 0;
    const widgets = await data(as.admin!);
    const reading = (pattern: RegExp) => statements.filter((text) => pattern.test(text)).length;
    expect(reading(/^select .* from "crm_report"/s)).toBe(widgets.length);
    // The statement that reads it alone (the figures' own statements convert to it inline).
    expect(reading(/^select coalesce\(\(select u\.display_currency/)).toBe(1);
    for (const w of widgets.filter((w) => w.result)) expect((w.result as unknown as { currency: string }).currency).toBe('USD');
  });

  it("the pipeline funnel and the other picklist groups come in their dictionary's order, as an administrator orders it", async () => {
    type Summary = { summary: Array<{ keys: unknown[]; rollup: boolean[] }> };
    const firstKeys = (result: Summary) => result.summary.filter((r) => !r.rollup[0]).map((r) => r.keys[0]);
    const funnel = async () => firstKeys((await data(as.admin!))[4]!.result!);
    // Prospecting first: neither alphabetical (needs_analysis first) nor by size.
    expect(await funnel()).toEqual(['prospecting', 'qualification', 'needs_analysis', 'proposal', 'negotiation']);
    const byPriority = await as.admin!('POST', '/crm/report/preview', { definition: { module: 'task', columns: ['subject'], format: 'summary', groupRows: [{ field: 'priority' }], aggregates: [{ fn: 'count' }] } });
    expect(firstKeys(byPriority.body.data as Summary)).toEqual(['high', 'normal', 'low']);
    // Reordered in the dictionary (proposal moved first), the funnel follows at once.
    await app.db.execute(sql`update sys_dict_data set dict_sort = -1 where dict_type = 'crm_opportunity_stage' and dict_value = 'proposal'`);
    try {
      expect(await funnel()).toEqual(['proposal', 'prospecting', 'qualification', 'needs_analysis', 'negotiation']);
    } finally {
      await app.db.execute(sql`update sys_dict_data set dict_sort = 4 where dict_type = 'crm_opportunity_stage' and dict_value = 'proposal'`);
    }
  });

  it("each viewer sees their own scope's figures; the owner filter narrows every widget", async () => {
    const open = (owner?: number) =>
      value(sql`select sum(amount)::text as v from crm_opportunity where deleted_at is null and stage not in ('closed_won', 'closed_lost') ${owner ? sql`and owner_id = ${owner}` : sql``}`);
    expect(grand((await data(as['olivia.park']!))[1]!)).toBe(await open(ids['olivia.park']));
    expect(grand((await data(as.admin!, `?owners=${ids['olivia.park']}`))[1]!)).toBe(await open(ids['olivia.park']));
    expect(grand((await data(as.admin!))[1]!)).toBe(await open());
  });

  it('a date range narrows the widgets on their date field and compares figures with the days before', async () => {
    const widgets = await data(as.admin!, '?from=2026-01-01&to=2026-06-30');
    const won = (from: string, to: string) =>
      value(sql`select coalesce(sum(amount), 0)::text as v from crm_opportunity where deleted_at is null and stage = 'closed_won' and close_date between ${from}::date and ${to}::date`);
    expect(Number(grand(widgets[0]!) ?? 0)).toBe(Number(await won('2026-01-01', '2026-06-30')));
    expect(Number(widgets[0]!.previous!.summary.at(-1)!.values[0] ?? 0)).toBe(Number(await won('2025-07-02', '2025-12-31')));
    expect((await as.admin!('GET', `/crm/dashboard/${sales}/data?from=2026-13-01`)).body.code).toBe(400);
  });

  describe("a date range's last day counts (issue 27, item 16)", () => {
    // The server's time zone is not the database session's (UTC here): a day must be the server's
    // day on a date column and on a timestamp alike. Los Angeles: its evening is the next UTC day.
    const zone = process.env.TZ;
    beforeAll(() => void (process.env.TZ = 'America/Los_Angeles'));
    afterAll(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    const range = '?from=2031-03-01&to=2031-03-31';

    it('a deal won on the last day counts, one won the day after does not (a date column)', async () => {
      const won = async (closeDate: string, amount: string) => {
        const res = await as.admin!('POST', '/crm/opportunity', { name: `Won ${closeDate}`, accountId: 1, amount, stage: 'closed_won', closeDate });
        expect(res.body.code, res.body.msg).toBe(200);
      };
      await won('2031-03-01', '3.00');
      await won('2031-03-31', '777.00');
      await won('2031-04-01', '1000.00');
      await won('2031-02-28', '50.00');
      const widgets = await data(as.admin!, range);
      expect(widgets[0]!.report!.name).toBe('Won deals');
      expect(grand(widgets[0]!)).toBe('780.00');
      // Compared with as many days before: 2031-01-29 to 2031-02-28, its last day included.
      expect(widgets[0]!.previous!.summary.at(-1)!.values[0]).toBe('50.00');
    });

    it('a lead created late on the last day counts, one just after midnight does not (a timestamp column)', async () => {
      const createdAt = async (at: Date) => {
        const id = await as.admin!('POST', '/crm/leads', { lastName: `Created ${at.toISOString()}`, company: 'Edge of range' });
        expect(id.body.code, id.body.msg).toBe(200);
        await app.db.execute(sql`update crm_lead set create_time = ${at} where id = ${id.body.data as number}`);
      };
      // Local (server) times: the first minutes of the range, the last minutes of its last day, the next day.
      await createdAt(new Date(2031, 2, 1, 0, 15));
      await createdAt(new Date(2031, 2, 31, 23, 30));
      await createdAt(new Date(2031, 2, 31, 23, 50));
      await createdAt(new Date(2031, 3, 1, 0, 30));
      await createdAt(new Date(2031, 1, 28, 23, 45));
      const widgets = await data(as.admin!, range);
      expect(widgets[3]!.report!.name).toBe('Leads by source and status');
      expect(grand(widgets[3]!)).toBe(3);
      expect(widgets[3]!.previous!.summary.at(-1)!.values[0]).toBe(1);
    });
  });

  it('a widget whose records the viewer may not list says so; the rest still show', async () => {
    const widgets = await data(as['mia.chen']!);
    expect(widgets[0]!.error).toBe('You cannot list the records this report is about');
    expect(widgets[7]!.error).toBeNull(); // leads by source
  });

  it('own dashboards: created, renamed, deleted; names unique per owner; the built-in one cannot be changed', async () => {
    const body = { name: 'My board', widgets: [{ reportId: 1, kind: 'chart', x: 0, y: 0, w: 6, h: 4 }] };
    const created = await as['emma.stone']!('POST', '/crm/dashboard', body);
    expect(created.body.code).toBe(200);
    expect((await as['emma.stone']!('POST', '/crm/dashboard', { ...body, name: 'MY BOARD' })).body.msg).toBe('You already have a dashboard named "MY BOARD"');
    expect((await as['emma.stone']!('PUT', '/crm/dashboard', { ...body, id: created.body.data, name: 'Renamed' })).body.code).toBe(200);
    expect((await as['olivia.park']!('GET', `/crm/dashboard/${created.body.data}/data`)).body.code).toBe(404); // private
    expect((await as['emma.stone']!('PUT', '/crm/dashboard', { ...body, id: sales })).body.code).toBe(403);
    expect((await as['emma.stone']!('DELETE', `/crm/dashboard/${created.body.data}`)).body.code).toBe(200);
    // A rep may look at dashboards but not make them.
    expect((await as['olivia.park']!('POST', '/crm/dashboard', body)).body.code).toBe(403);
    // A widget outside the grid is refused.
    expect((await as['emma.stone']!('POST', '/crm/dashboard', { ...body, widgets: [{ ...body.widgets[0], w: 13 }] })).body.code).toBe(400);
  });

  it('a layout is saved only within the 12 columns and without overlapping widgets', async () => {
    const widget = { reportId: 1, kind: 'chart', x: 0, y: 0, w: 6, h: 4 };
    const outside = await as['emma.stone']!('POST', '/crm/dashboard', { name: 'Wide', widgets: [{ ...widget, x: 10, w: 3 }] });
    expect([outside.body.code, outside.body.msg]).toEqual([400, 'A widget reaches past the 12 columns of the grid']);
    const overlap = await as['emma.stone']!('POST', '/crm/dashboard', { name: 'Stacked', widgets: [widget, { ...widget, kind: 'figure', x: 5, y: 3, w: 3, h: 2 }] });
    expect([overlap.body.code, overlap.body.msg]).toEqual([400, 'Two widgets overlap: move or resize one of them']);
    // Side by side, touching, with a gap left below: kept as given.
    const created = await as['emma.stone']!('POST', '/crm/dashboard', { name: 'Arranged', widgets: [widget, { ...widget, x: 6, y: 6, w: 6, h: 2 }] });
    expect(created.body.code).toBe(200);
    const moved = [{ ...widget, x: 6, y: 0, w: 6, h: 3 }, { ...widget, kind: 'table', x: 0, y: 0, w: 6, h: 5 }];
    expect((await as['emma.stone']!('PUT', '/crm/dashboard', { id: created.body.data, name: 'Arranged', shared: true, widgets: moved })).body.code).toBe(200);
    expect((await as['emma.stone']!('PUT', '/crm/dashboard', { id: created.body.data, name: 'Arranged', widgets: [moved[0], { ...moved[1], w: 7 }] })).body.code).toBe(400);
    const list = (await as['olivia.park']!('GET', '/crm/dashboard/list')).body.data as Array<{ id: number; shared: boolean; canEdit: boolean; widgets: unknown[] }>;
    const shared = list.find((d) => d.id === created.body.data)!;
    expect(shared).toMatchObject({ shared: true, canEdit: false, widgets: moved });
    // Someone else's shared dashboard: neither changed nor deleted by a manager who is not its owner.
    expect((await as['olivia.park']!('DELETE', `/crm/dashboard/${created.body.data}`)).body.code).toBe(403);
    expect((await as['emma.stone']!('DELETE', `/crm/dashboard/${created.body.data}`)).body.code).toBe(200);
  });

  it("the sales roles land on the sales dashboard; a role without one, or without dashboards, on the home page", async () => {
    const info = async (call: Call) => (await call('GET', '/getInfo')).body.defaultDashboardId as number | null;
    expect(await info(as['olivia.park']!)).toBe(sales);
    expect(await info(as['emma.stone']!)).toBe(sales);
    expect(await info(as['mia.chen']!)).toBeNull(); // marketing: no landing dashboard
    expect(await info(as.admin!)).toBeNull();
    // While a password set by an administrator is due for a change: the home page, not the dashboard.
    expect((await as.admin!('PUT', '/system/user/resetPwd', { userId: ids['grace.hall'], password: 'set-by-admin-9' })).body.code).toBe(200);
    expect(await info(caller(app, await loginAs(app, 'grace.hall', 'set-by-admin-9')))).toBeNull();
  });

  it("a role's landing dashboard is one open to everyone, chosen by whoever edits roles; deleting it sends its holders home", async () => {
    const options = await as.admin!('GET', '/system/role/dashboardOptions');
    expect(options.body.data).toContainEqual({ id: sales, name: 'Sales dashboard' });
    expect((await as['olivia.park']!('GET', '/system/role/dashboardOptions')).body.code).toBe(403);
    const mine = await as['emma.stone']!('POST', '/crm/dashboard', { name: 'Private board', widgets: [] });
    const role = { roleName: 'Landing test', roleKey: 'landing_test', roleSort: 9, status: '0', menuIds: [] };
    const refused = await as.admin!('POST', '/system/role', { ...role, defaultDashboardId: mine.body.data });
    expect([refused.body.code, refused.body.msg]).toEqual([400, 'A role can land only on a shared or built-in dashboard']);
    expect((options.body.data as Array<{ id: number }>).some((d) => d.id === mine.body.data)).toBe(false);
    // Shared, it may be chosen; deleted, the role lands nowhere.
    expect((await as['emma.stone']!('PUT', '/crm/dashboard', { id: mine.body.data, name: 'Private board', shared: true, widgets: [] })).body.code).toBe(200);
    const created = await as.admin!('POST', '/system/role', { ...role, defaultDashboardId: mine.body.data });
    expect(created.body.code, created.body.msg).toBe(200);
    expect((await as.admin!('GET', `/system/role/${created.body.data}`)).body.data.defaultDashboardId).toBe(mine.body.data);
    expect((await as['emma.stone']!('DELETE', `/crm/dashboard/${mine.body.data}`)).body.code).toBe(200);
    expect((await as.admin!('GET', `/system/role/${created.body.data}`)).body.data.defaultDashboardId).toBeNull();
  });
});
