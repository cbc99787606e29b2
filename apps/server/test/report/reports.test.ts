import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ReportDefinition } from '@orbit/shared/crm/report';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, userIds } from '../helpers/adminApi';

type Call = ReturnType<typeof caller>;

/**
 * Saved reports through the API on the demo data: each format's figures against the same sums in
 * SQL, the viewer's data scope, sharing, templates, every SPEC §5 message and a deleted field.
 */
describe('reports API', () => {
  let app: TestApp;
  const as: Record<string, Call> = {};
  let ids: Record<string, number>;

  beforeAll(async () => {
    app = await createTestApp();
    for (const name of ['admin', 'emma.stone', 'olivia.park', 'noah.king', 'mia.chen']) as[name] = caller(app, await loginAs(app, name));
    ids = await userIds(as.admin!);
  });
  afterAll(() => app.teardown());

  const one = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;

  const byStage: ReportDefinition = {
    module: 'opportunity',
    columns: ['name', 'amount', 'stage'],
    format: 'summary',
    groupRows: [{ field: 'stage' }],
    aggregates: [{ fn: 'count' }, { fn: 'sum', field: 'amount' }],
    chart: { type: 'bar', aggregate: 1 },
  };

  const preview = (call: Call, definition: unknown) => call('POST', '/crm/report/preview', { definition });
  const save = async (call: Call, name: string, definition: ReportDefinition, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/crm/report', { name, definition, ...extra });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  };

  it('summary: counts and sums per stage with the grand total, equal to the same figures in SQL, over the first 100 records a preview shows', async () => {
    const res = await preview(as.admin!, byStage);
    expect(res.body.code).toBe(200);
    const result = res.body.data;
    // SPEC §9: a preview is made of at most 100 records (newest first, as its detail rows): its figures are theirs.
    const shown = sql`(select * from crm_opportunity where deleted_at is null order by create_time desc nulls last, id desc limit 100) o`;
    const expected = await one<{ stage: string; n: string; total: string }>(
      sql`select stage, count(*)::text as n, sum(amount)::text as total from ${shown} group by stage
          order by (select min(dict_sort) from sys_dict_data where dict_type = 'crm_opportunity_stage' and dict_value = stage) nulls last, stage`,
    );
    const groups = result.summary.filter((r: { rollup: boolean[] }) => !r.rollup[0]);
    expect(groups.map((r: { keys: unknown[]; values: unknown[] }) => [r.keys[0], String(r.values[0]), r.values[1]])).toEqual(expected.map((e) => [e.stage, e.n, e.total]));
    const grand = result.summary.at(-1);
    expect(grand.rollup).toEqual([true]);
    const [previewed] = await one<{ n: string; total: string }>(sql`select count(*)::text as n, sum(amount)::text as total from ${shown}`);
    expect([String(grand.values[0]), grand.values[1]]).toEqual([previewed!.n, previewed!.total]);
    const [all] = await one<{ n: string }>(sql`select count(*)::text as n from crm_opportunity where deleted_at is null`);
    expect(Number(all!.n)).toBeGreaterThan(100); // the demo data: the preview leaves records out
    expect(result.rows.map((r: { id: number }) => r.id)).toEqual((await one<{ id: number }>(sql`select id from ${shown}`)).map((r) => Number(r.id)));
    expect(result.total).toBe(100);
    expect(result.truncated).toBe(true);
    expect(result.aggregates.map((a: { label: string }) => a.label)).toEqual(['Record Count', 'Sum of Amount']);
  });

  it('matrix: owner × quarter of closing with row, column and grand totals; lookups named', async () => {
    const res = await preview(as.admin!, {
      module: 'opportunity', columns: ['name'], format: 'matrix', filter: { field: 'stage', op: 'eq', value: 'closed_won' },
      groupRows: [{ field: 'ownerId' }], groupColumns: [{ field: 'closeDate', bucket: 'quarter' }], aggregates: [{ fn: 'sum', field: 'amount' }],
    });
    expect(res.body.code).toBe(200);
    const { summary, lookups } = res.body.data;
    const cells = await one<{ owner: string; q: string; total: string }>(
      sql`select owner_id::text as owner, to_char(date_trunc('quarter', close_date), 'YYYY-MM-DD') as q, sum(amount)::text as total
          from crm_opportunity where deleted_at is null and stage = 'closed_won' group by 1, 2`,
    );
    const got = summary.filter((r: { rollup: boolean[] }) => !r.rollup[0] && !r.rollup[1]);
    expect(got).toHaveLength(cells.length);
    for (const c of cells) expect(got.find((r: { keys: unknown[] }) => String(r.keys[0]) === c.owner && r.keys[1] === c.q).values[0]).toBe(c.total);
    const colTotals = summary.filter((r: { rollup: boolean[] }) => r.rollup[0] && !r.rollup[1]);
    const rowTotals = summary.filter((r: { rollup: boolean[] }) => !r.rollup[0] && r.rollup[1]);
    expect(colTotals.length).toBe(new Set(cells.map((c) => c.q)).size);
    expect(rowTotals.length).toBe(new Set(cells.map((c) => c.owner)).size);
    expect(summary.filter((r: { rollup: boolean[] }) => r.rollup[0] && r.rollup[1])).toHaveLength(1);
    expect(lookups.user[String(ids['olivia.park'])]).toBe('Olivia Park');
  });

  it('tabular: detail rows paged in the saved report, sorted, with aggregates as the grand total', async () => {
    const id = await save(as.admin!, 'Big deals', {
      module: 'opportunity', columns: ['name', 'amount', 'ownerId'], format: 'tabular', sort: { field: 'amount', order: 'desc' },
      filter: { field: 'amount', op: 'gt', value: 100000 }, aggregates: [{ fn: 'max', field: 'amount' }],
    });
    const res = await as.admin!('GET', `/crm/report/${id}/run?pageNum=2&pageSize=5`);
    expect(res.body.code).toBe(200);
    // Ordered by the table's columns (`o.id`), not the text the select makes of them: '44' sorts after '164'.
    const expected = await one<{ id: string; amount: string }>(sql`select id::text, amount::text from crm_opportunity o where deleted_at is null and amount > 100000 order by o.amount desc nulls last, o.id desc limit 5 offset 5`);
    expect(res.body.data.rows.map((r: { id: number; amount: string }) => [String(r.id), r.amount])).toEqual(expected.map((e) => [e.id, e.amount]));
    const [max] = await one<{ m: string }>(sql`select max(amount)::text as m from crm_opportunity where deleted_at is null and amount > 100000`);
    expect(res.body.data.summary).toEqual([{ keys: [], rollup: [], values: [max!.m] }]);
  });

  it('relative dates and date buckets: tasks due this month by week', async () => {
    const res = await preview(as.admin!, {
      module: 'task', columns: ['subject'], format: 'summary', filter: { field: 'dueDate', op: 'relative', value: 'last90Days' },
      groupRows: [{ field: 'dueDate', bucket: 'week' }], aggregates: [{ fn: 'count' }],
    });
    expect(res.body.code).toBe(200);
    const [n] = await one<{ n: string }>(sql`select count(*)::text as n from crm_task where deleted_at is null and due_date >= current_date - 89 and due_date < current_date + 1`);
    expect(String(res.body.data.summary.at(-1).values[0])).toBe(n!.n);
    for (const row of res.body.data.summary.slice(0, -1)) expect(new Date(`${row.keys[0]}T00:00:00Z`).getUTCDay()).toBe(1); // weeks start on Monday
  });

  it('related module: opportunities grouped by their account industry', async () => {
    const res = await preview(as.admin!, {
      module: 'opportunity', related: 'accountId', columns: ['name', 'accountId.industry'], format: 'summary',
      groupRows: [{ field: 'accountId.industry' }], aggregates: [{ fn: 'count' }],
    });
    expect(res.body.code).toBe(200);
    const expected = await one<{ industry: string | null; n: string }>(
      sql`select a.industry, count(*)::text as n
          from (select * from crm_opportunity where deleted_at is null order by create_time desc nulls last, id desc limit 100) o
          left join crm_account a on a.id = o.account_id and a.deleted_at is null group by a.industry order by a.industry nulls last`,
    );
    const groups = res.body.data.summary.filter((r: { rollup: boolean[] }) => !r.rollup[0]);
    // Industries come in their dictionary's order; the figures are the plain join's over the 100 records the preview shows.
    const byKey = (rows: Array<[unknown, string]>) => [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(byKey(groups.map((r: { keys: unknown[]; values: unknown[] }) => [r.keys[0], String(r.values[0])]))).toEqual(byKey(expected.map((e) => [e.industry, e.n])));
    expect(res.body.data.columns[1].label).toBe('Account › Industry');
  });

  it("a shared report runs in the viewer's scope: a sales rep sees only her own records' totals", async () => {
    const id = await save(as['emma.stone']!, 'Team pipeline', byStage, { shared: true });
    const res = await as['olivia.park']!('GET', `/crm/report/${id}/run`);
    expect(res.body.code).toBe(200);
    const [own] = await one<{ n: string; total: string }>(
      sql`select count(*)::text as n, sum(amount)::text as total from crm_opportunity where deleted_at is null and owner_id = ${ids['olivia.park']}`,
    );
    const grand = res.body.data.summary.at(-1);
    expect([String(grand.values[0]), grand.values[1]]).toEqual([own!.n, own!.total]);
    expect(res.body.data.rows.every((r: { id: number }) => typeof r.id === 'number')).toBe(true);
    // The author, a manager, sees her department's totals: more than the rep's.
    const mine = await as['emma.stone']!('GET', `/crm/report/${id}/run`);
    expect(Number(mine.body.data.summary.at(-1).values[0])).toBeGreaterThan(Number(own!.n));
  });

  it('sharing: a private report is invisible to others; one shared with a role reaches that role only', async () => {
    const priv = await save(as['emma.stone']!, 'Private pipeline', byStage);
    expect((await as['olivia.park']!('GET', `/crm/report/${priv}`)).body.code).toBe(404);
    expect((await as['olivia.park']!('GET', `/crm/report/${priv}/run`)).body.msg).toBe('The report does not exist or is not shared with you');
    // The author picks roles by name without administering them.
    const targets = (await as['emma.stone']!('GET', '/crm/report/shareTargets')).body.data as { roles: Array<{ id: number; name: string }>; depts: Array<{ name: string }> };
    expect(targets.depts.map((d) => d.name)).toContain('Sales East');
    expect((await caller(app, await loginAs(app, 'sophia.reed'))('GET', '/crm/report/shareTargets')).body.code).toBe(403);
    const repRole = targets.roles.find((r) => r.name === 'Sales Representative')!.id;
    const forReps = await save(as['emma.stone']!, 'For reps', byStage, { shared: true, shareRoles: [repRole] });
    expect((await as['olivia.park']!('GET', `/crm/report/${forReps}`)).body.code).toBe(200);
    expect((await as['mia.chen']!('GET', `/crm/report/${forReps}`)).body.code).toBe(404);
    const list = await as['olivia.park']!('GET', '/crm/report/list?pageSize=100');
    const names = list.body.rows.map((r: { name: string }) => r.name);
    expect(names).toContain('For reps');
    expect(names).not.toContain('Private pipeline');
    // Shared with a department: its members and those of the departments below it.
    const depts = (targets as unknown as { depts: Array<{ id: number; name: string }> }).depts;
    const east = depts.find((d) => d.name === 'Sales East')!.id;
    const forEast = await save(as.admin!, 'For Sales East', byStage, { shared: true, shareDepts: [east] });
    expect((await as['olivia.park']!('GET', `/crm/report/${forEast}`)).body.code).toBe(200);
    expect((await as['noah.king']!('GET', `/crm/report/${forEast}`)).body.code).toBe(404); // Sales West
    const graceHall = caller(app, await loginAs(app, 'grace.hall')); // Key Accounts East, below Sales East
    expect((await graceHall('GET', `/crm/report/${forEast}`)).body.code).toBe(200);
  });

  it('SPEC §5 messages: repeated name, repeated group, display field first, please fill value', async () => {
    await save(as['mia.chen']!, 'Leads by source', { module: 'leads', columns: ['company'], format: 'summary', groupRows: [{ field: 'leadSource' }], aggregates: [{ fn: 'count' }] });
    const dup = await as['mia.chen']!('POST', '/crm/report', { name: 'LEADS BY SOURCE', definition: { module: 'leads', columns: ['company'], format: 'tabular' } });
    expect(dup.body.code).toBe(400);
    expect(dup.body.msg).toContain('Repeated report name error');
    // Another owner may use the same name.
    await save(as.admin!, 'Leads by source', { module: 'leads', columns: ['company'], format: 'tabular' });

    const matrix = { module: 'leads', columns: ['company'], format: 'matrix', groupRows: [{ field: 'status' }], groupColumns: [{ field: 'status' }], aggregates: [{ fn: 'count' }] };
    expect((await preview(as['mia.chen']!, matrix)).body.msg).toBe('Do not select an option repeatedly in report group rows and columns');
    expect((await preview(as['mia.chen']!, { ...matrix, columns: [] })).body.msg).toBe('The display field must be set first');
    const unfilled = await preview(as['mia.chen']!, { module: 'leads', columns: ['company'], format: 'tabular', filter: { field: 'company', op: 'eq', value: '' } });
    expect(unfilled.body).toMatchObject({ code: 400, msg: 'Please fill value: Company' });
    const zh = await app.inject({ method: 'POST', url: '/dev-api/crm/report/preview', headers: { authorization: (await tokenOf('mia.chen')), 'accept-language': 'zh-CN' }, payload: { definition: { ...matrix, columns: [] } } });
    expect(zh.json().msg).toBe('请先设置显示字段');
    // Nothing was saved by the refused requests.
    const [count] = await one<{ n: string }>(sql`select count(*)::text as n from crm_report where lower(name) = 'leads by source'`);
    expect(count!.n).toBe('2');
  });

  const tokenOf = async (user: string) => `Bearer ${await loginAs(app, user)}`;

  it('templates: fixed ones cannot be modified or deleted but can be copied; deleting names a template', async () => {
    const templates = await as['emma.stone']!('GET', '/crm/report/list?kind=templates&pageSize=50');
    const fixed = templates.body.rows.filter((r: { fixed: boolean }) => r.fixed);
    expect(fixed.map((r: { name: string }) => r.name).sort()).toEqual(['Calls by owner and outcome per week', 'Campaign ROI', 'Leads by source and status', 'Overdue tasks by assignee', 'Pipeline by stage', 'Won by owner per quarter']);
    for (const t of fixed) expect(t.problem).toBeNull();
    // The calls template counts every call in the viewer's scope, split by owner, week and outcome.
    const calls = fixed.find((r: { name: string }) => r.name === 'Calls by owner and outcome per week');
    const run = await as.admin!('GET', `/crm/report/${calls.id}/run`);
    expect(run.body.code, run.body.msg).toBe(200);
    const summary = run.body.data.summary as Array<{ rollup: boolean[]; values: unknown[] }>;
    const [callCount] = await one<{ n: string }>(sql`select count(*)::text as n from crm_activity where kind = 'call' and deleted_at is null`);
    expect(Number(callCount!.n)).toBeGreaterThan(0);
    expect(Number(summary.find((r) => r.rollup.every(Boolean))!.values[0])).toBe(Number(callCount!.n));
    const pipeline = fixed.find((r: { name: string }) => r.name === 'Pipeline by stage');
    const change = await as['emma.stone']!('PUT', '/crm/report', { id: pipeline.id, name: 'Mine now', definition: pipeline.definition });
    expect(change.body).toMatchObject({ code: 400, msg: 'Fixed template cannot be modified: copy it to make your own' });
    expect((await as.admin!('DELETE', `/crm/report/${pipeline.id}`)).body.msg).toBe('Fixed template cannot be modified: copy it to make your own');
    expect((await as['emma.stone']!('DELETE', '/crm/report')).body).toMatchObject({ code: 400, msg: 'Select a template to delete' });

    const copy = await as['emma.stone']!('POST', '/crm/report/copy', { id: pipeline.id, name: 'My pipeline' });
    expect(copy.body.code).toBe(200);
    const mine = await as['emma.stone']!('GET', `/crm/report/${copy.body.data}`);
    expect(mine.body.data).toMatchObject({ name: 'My pipeline', fixed: false, canEdit: true, definition: pipeline.definition });
    // Saved as a template of her own, then deleted.
    expect((await as['emma.stone']!('PUT', '/crm/report', { id: copy.body.data, name: 'My pipeline', isTemplate: true, definition: pipeline.definition })).body.code).toBe(200);
    const own = await as['emma.stone']!('GET', '/crm/report/list?kind=templates&pageSize=50');
    expect(own.body.rows.some((r: { id: number }) => r.id === copy.body.data)).toBe(true);
    expect((await as['emma.stone']!('DELETE', `/crm/report/${copy.body.data}`)).body.code).toBe(200);
    expect((await as['emma.stone']!('GET', `/crm/report/${copy.body.data}`)).body.code).toBe(404);

    // Every fixed template runs on the demo data.
    for (const t of fixed) {
      const run = await as.admin!('GET', `/crm/report/${t.id}/run`);
      expect(run.body.code, `${t.name}: ${run.body.msg}`).toBe(200);
      expect(run.body.data.summary.length).toBeGreaterThan(0);
    }
  });

  it('permissions: a rep makes her own private reports; another user cannot change or delete my report; read-only users cannot create', async () => {
    expect((await preview(as['olivia.park']!, byStage)).body.code).toBe(200);
    const mine = await save(as['olivia.park']!, 'My pipeline by stage', byStage);
    expect((await as['olivia.park']!('GET', `/crm/report/${mine}`)).body.data).toMatchObject({ shared: false });
    expect((await as['noah.king']!('GET', `/crm/report/${mine}`)).body.code).toBe(404);
    // Another rep's private report does not exist for him.
    expect((await as['noah.king']!('DELETE', `/crm/report/${mine}`)).body.code).toBe(404);
    expect((await as['olivia.park']!('GET', `/crm/report/${mine}`)).body.code).toBe(200);
    expect((await as['olivia.park']!('DELETE', `/crm/report/${mine}`)).body.code).toBe(200);
    const readOnly = caller(app, await loginAs(app, 'sophia.reed'));
    expect((await preview(readOnly, byStage)).body.code).toBe(403);
    expect((await readOnly('POST', '/crm/report', { name: 'x', definition: byStage })).body.code).toBe(403);
    const id = await save(as['emma.stone']!, 'Shared with all', byStage, { shared: true });
    expect((await as['mia.chen']!('PUT', '/crm/report', { id, name: 'Taken over', definition: byStage })).body.code).toBe(403);
    expect((await as['mia.chen']!('DELETE', `/crm/report/${id}`)).body.code).toBe(403);
    // Marketing may not list opportunities: it cannot build a report on them either.
    expect((await preview(as['mia.chen']!, byStage)).body).toMatchObject({ code: 403, msg: 'You cannot list the records this report is about' });
  });

  it('a report whose field was deleted says so instead of failing', async () => {
    const id = await save(as.admin!, 'With a custom field', { module: 'leads', columns: ['company', 'lastName'], format: 'summary', groupRows: [{ field: 'status' }], aggregates: [{ fn: 'count' }] });
    // As when an administrator deletes a custom field: its metadata row goes inactive.
    await app.db.execute(sql`update crm_report set definition = jsonb_set(definition, '{columns}', '["company", "legacyScore"]') where id = ${id}`);
    const got = await as.admin!('GET', `/crm/report/${id}`);
    expect(got.body.code).toBe(200);
    expect(got.body.data.problem).toBe('The field "legacyScore" used by this report no longer exists: edit the report to remove it');
    const run = await as.admin!('GET', `/crm/report/${id}/run`);
    expect(run.body).toMatchObject({ code: 400, msg: 'The field "legacyScore" used by this report no longer exists: edit the report to remove it' });
  });

  it('hostile input: SQL in a field name or a value changes nothing and answers 400', async () => {
    const bad = await preview(as.admin!, { ...byStage, columns: ['name; drop table crm_lead'] });
    expect(bad.body.code).toBe(400);
    const value = await preview(as.admin!, { ...byStage, filter: { field: 'name', op: 'eq', value: "'; drop table crm_report; --" } });
    expect(value.body.code).toBe(200);
    expect(value.body.data.total).toBe(0);
    expect((await one(sql`select 1 from crm_report limit 1`)).length).toBe(1);
  });
});
