import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Hierarchy } from '@orbit/shared/contract/crm';
import { caller, userIds } from '../helpers/adminApi';
import { withFilter } from '../helpers/crmApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { exportedWorkbook } from '../helpers/fileJobs';

type Call = ReturnType<typeof caller>;

/**
 * A related record outside the viewer's data scope is shown the same way everywhere (issue 27,
 * item 11; docs/decisions.md "A related record outside the viewer's scope is restricted"): its id
 * comes with `null` for its name in `lookups` — on a record, a list, the board, history, the
 * hierarchy, a report (whose related fields come back empty, item 17) — and an export writes
 * "Restricted record". Its name is in no answer.
 */
describe('related records outside the viewer’s scope', () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  const as: Record<string, Call> = {};
  let users: Record<string, number>;
  const tag = `restricted-${Date.now()}`;
  const SECRET = `${tag} West Secret`;
  // west: Noah's (Sales West), beyond Olivia (own records) and Emma (Sales East and below).
  let west: number, east: number, child: number, withWest: number, withEast: number, task: number;

  async function create(module: string, body: Record<string, unknown>): Promise<number> {
    const res = await as.admin!('POST', `/crm/${module}`, body);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }
  const opportunity = (name: string, accountId: number) =>
    create('opportunity', { name, accountId, ownerId: users['olivia.park'], amount: '1000.00', stage: 'prospecting', closeDate: '2026-12-31' });

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    for (const name of ['admin', 'olivia.park', 'emma.stone']) {
      tokens[name] = await loginAs(app, name);
      as[name] = caller(app, tokens[name]);
    }
    users = await userIds(as.admin!);
    west = await create('account', { name: SECRET, ownerId: users['noah.king'], industry: 'finance' });
    east = await create('account', { name: `${tag} East Own`, ownerId: users['olivia.park'], industry: 'retail' });
    child = await create('account', { name: `${tag} Child`, ownerId: users['olivia.park'], parentAccountId: west });
    withWest = await opportunity(`${tag} With West`, west);
    withEast = await opportunity(`${tag} With East`, east);
    task = await create('task', { subject: `${tag} Call`, ownerId: users['olivia.park'], relatedTo: { module: 'account', id: west } });
  });
  afterAll(() => app.teardown());

  const secretFree = (body: unknown) => expect(JSON.stringify(body)).not.toContain('West Secret');

  it('a record: the lookup keeps its id, its name is null (restricted); one within scope is named', async () => {
    const res = await as['olivia.park']!('GET', `/crm/opportunity/${withWest}`);
    expect(res.body.code).toBe(200);
    expect(res.body.data.accountId).toBe(west);
    expect(res.body.lookups.account).toEqual({ [west]: null });
    secretFree(res.body);
    const own = await as['olivia.park']!('GET', `/crm/opportunity/${withEast}`);
    expect(own.body.lookups.account).toEqual({ [east]: `${tag} East Own` });
    // The administrator sees everything: the same record is named for them.
    expect((await as.admin!('GET', `/crm/opportunity/${withWest}`)).body.lookups.account).toEqual({ [west]: SECRET });
  });

  it('a list, the board and the task list: the same null, in the one statement per kind of target', async () => {
    const mine = withFilter('/crm/opportunity/list?pageSize=50&fields=name,accountId', { field: 'name', op: 'contains', value: tag });
    const list = await as['olivia.park']!('GET', mine);
    expect(list.body.rows.map((r: { id: number }) => r.id).sort()).toEqual([withWest, withEast].sort());
    expect(list.body.lookups.account).toEqual({ [west]: null, [east]: `${tag} East Own` });
    secretFree(list.body);

    const board = await as['olivia.park']!('GET', `/crm/opportunity/board?q=${encodeURIComponent(tag)}`);
    expect(board.body.code).toBe(200);
    expect(board.body.lookups.account).toEqual({ [west]: null, [east]: `${tag} East Own` });
    secretFree(board.body);

    const tasks = await as['olivia.park']!('GET', withFilter('/crm/task/list?pageSize=10&fields=subject,relatedTo', { field: 'subject', op: 'contains', value: tag }));
    expect(tasks.body.rows.map((r: { id: number; relatedTo: unknown }) => [r.id, r.relatedTo])).toEqual([[task, { module: 'account', id: west }]]);
    expect(tasks.body.lookups.account).toEqual({ [west]: null });
    secretFree(tasks.body);
  });

  it('a manager beyond the account’s department gets the same null', async () => {
    // Emma sees Olivia's opportunity (Sales East) but not Noah's account (Sales West).
    const res = await as['emma.stone']!('GET', `/crm/opportunity/${withWest}`);
    expect(res.body.lookups.account).toEqual({ [west]: null });
    expect((await as['emma.stone']!('GET', `/crm/opportunity/${withEast}`)).body.lookups.account).toEqual({ [east]: `${tag} East Own` });
  });

  it('history: an old or new value outside scope is restricted too', async () => {
    // Named without the tag: the lists and reports below count the tagged ones.
    const moved = await opportunity(`Moved ${Date.now()}`, east);
    const current = await as.admin!('GET', `/crm/opportunity/${moved}`);
    expect((await as.admin!('PUT', '/crm/opportunity', { id: moved, version: current.body.data.version, accountId: west })).body.code).toBe(200);
    const history = await as['olivia.park']!('GET', `/crm/opportunity/${moved}/history`);
    expect(history.body.rows.some((r: { field: string | null; oldValue: unknown; newValue: unknown }) => r.field === 'accountId' && r.oldValue === east && r.newValue === west)).toBe(true);
    expect(history.body.lookups.account).toEqual({ [west]: null, [east]: `${tag} East Own` });
    secretFree(history.body);
  });

  it('a parent account: null in the record’s lookups and in the hierarchy alike', async () => {
    const res = await as['olivia.park']!('GET', `/crm/account/${child}`);
    expect(res.body.lookups.account).toEqual({ [west]: null });
    const tree = (await as['olivia.park']!('GET', `/crm/account/${child}/hierarchy`)).body.data as Hierarchy;
    expect(tree.nodes.map((n) => [n.id, n.name])).toEqual([
      [west, null],
      [child, `${tag} Child`],
    ]);
    secretFree(res.body);
    secretFree(tree);
  });

  it('global search and lookup pickers list no record outside scope', async () => {
    const search = await as['olivia.park']!('GET', `/crm/search?q=${encodeURIComponent('West Secret')}&limit=10`);
    expect(search.body.code).toBe(200);
    expect(search.body.data).toEqual([]);
    const picker = await as['olivia.park']!('GET', `/crm/account/lookup?q=${encodeURIComponent(tag)}`);
    expect(picker.body.rows.map((r: { id: number }) => r.id).sort()).toEqual([east, child].sort());
  });

  /** Queues an export, runs the queue, and reads the first sheet back. */
  async function exported(user: string, path: string, body: Record<string, unknown>, lang: string): Promise<ExcelJS.Worksheet[]> {
    return (await exportedWorkbook(app, tokens[user]!, await as[user]!('POST', path, body, { 'accept-language': lang }))).worksheets;
  }
  const cells = (sheet: ExcelJS.Worksheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === undefined ? null : v))));
    return rows;
  };

  it('an export writes "Restricted record" in the viewer’s language, never the name', async () => {
    for (const [lang, restricted] of [['en', 'Restricted record'], ['zh', '受限记录']] as const) {
      const [sheet] = await exported('olivia.park', '/crm/opportunity/export', { ids: [withWest, withEast], fields: 'name,accountId', timezoneOffset: 0 }, lang);
      const rows = cells(sheet!).slice(1).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect(rows).toEqual([
        [`${tag} With East`, `${tag} East Own`],
        [`${tag} With West`, restricted],
      ]);
    }
  });

  describe('a report with the account’s fields (item 17)', () => {
    let report: number;
    beforeAll(async () => {
      const res = await as['emma.stone']!('POST', '/crm/report', {
        name: `${tag} Deals and accounts`,
        shared: true,
        definition: {
          module: 'opportunity', related: 'accountId', format: 'tabular', sort: { field: 'name', order: 'asc' },
          columns: ['name', 'accountId', 'accountId.name', 'accountId.industry', 'accountId.ownerId'],
          filter: { field: 'name', op: 'contains', value: tag },
        },
      });
      expect(res.body.code, res.body.msg).toBe(200);
      report = res.body.data as number;
    });

    it("an out-of-scope account's fields come back empty and its name restricted, for a rep and for a manager", async () => {
      for (const user of ['olivia.park', 'emma.stone']) {
        const run = await as[user]!('GET', `/crm/report/${report}/run?pageSize=50`);
        expect(run.body.code, run.body.msg).toBe(200);
        const rows = run.body.data.rows as Array<Record<string, unknown>>;
        const byId = new Map(rows.map((r) => [r.id, r]));
        expect(byId.get(withWest)).toEqual({ id: withWest, name: `${tag} With West`, accountId: west, 'accountId.name': null, 'accountId.industry': null, 'accountId.ownerId': null });
        expect(byId.get(withEast)).toEqual({
          id: withEast, name: `${tag} With East`, accountId: east, 'accountId.name': `${tag} East Own`, 'accountId.industry': 'retail', 'accountId.ownerId': users['olivia.park'],
        });
        expect(run.body.data.lookups.account).toEqual({ [west]: null, [east]: `${tag} East Own` });
        secretFree(run.body);
      }
      // The administrator, whose scope holds the account, gets its fields.
      const all = await as.admin!('GET', `/crm/report/${report}/run?pageSize=50`);
      const row = (all.body.data.rows as Array<Record<string, unknown>>).find((r) => r.id === withWest);
      expect(row).toMatchObject({ 'accountId.name': SECRET, 'accountId.industry': 'finance' });
    });

    it('grouped by the account: the out-of-scope one is restricted, its figures counted', async () => {
      const res = await as['emma.stone']!('POST', '/crm/report/preview', {
        definition: { module: 'opportunity', columns: ['name'], format: 'summary', groupRows: [{ field: 'accountId' }], aggregates: [{ fn: 'count' }], filter: { field: 'name', op: 'contains', value: tag } },
      });
      expect(res.body.code, res.body.msg).toBe(200);
      const groups = (res.body.data.summary as Array<{ keys: unknown[]; rollup: boolean[]; values: unknown[] }>).filter((r) => !r.rollup[0]);
      expect(groups.map((g) => [g.keys[0], g.values[0]]).sort()).toEqual([[east, 1], [west, 1]].sort());
      expect(res.body.data.lookups.account).toEqual({ [west]: null, [east]: `${tag} East Own` });
      secretFree(res.body);
    });

    it('its export writes the fields empty and the lookup restricted', async () => {
      const records = (await exported('emma.stone', `/crm/report/${report}/export`, { timezoneOffset: 0 }, 'en')).at(-1);
      const rows = cells(records!);
      expect(rows[0]).toEqual(['Opportunity Name', 'Account', 'Account › Account Name', 'Account › Industry', 'Account › Owner']);
      const westRow = rows.find((r) => r[0] === `${tag} With West`)!;
      // Empty cells at a row's end are not written at all.
      expect(westRow.slice(1)).toEqual(['Restricted record']);
      expect(rows.find((r) => r[0] === `${tag} With East`)!.slice(1, 4)).toEqual([`${tag} East Own`, `${tag} East Own`, 'Retail']);
      expect(JSON.stringify(rows)).not.toContain('West Secret');
    });
  });
});
