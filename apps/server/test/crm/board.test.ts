import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, userIds } from '../helpers/adminApi';
import { createLead, withFilter } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;
type Card = { id: number; ownerId: number } & Record<string, unknown>;
type Column = { value: string | null; count: number; sums: Record<string, string>; cards: Card[] };

/**
 * Boards of every module by any picklist (docs/records-engine.md, "Boards"): one column per value
 * with its count and sums over what the list shows, the list's conditions and data scope, the
 * picklist checked, a column's further pages.
 */
describe('boards', () => {
  let app: TestApp;
  let admin: Call;
  let emma: Call;
  let olivia: Call;
  let noah: Call;
  let ids: Record<string, number>;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    emma = caller(app, await loginAs(app, 'emma.stone'));
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    noah = caller(app, await loginAs(app, 'noah.king'));
    ids = await userIds(admin);
  });
  afterAll(() => app.teardown());

  const boardOf = async (call: Call, path: string, headers: Record<string, string> = {}) => {
    const res = await call('GET', path, undefined, headers);
    expect(res.body).toMatchObject({ code: 200 });
    return res.body as { data: { field: string; columns: Column[] }; lookups: Record<string, Record<string, string | null>> };
  };
  const columnOf = (columns: Column[], value: string | null) => columns.find((c) => c.value === value)!;
  const counts = (columns: Column[]) => Object.fromEntries(columns.map((c) => [String(c.value), c.count]));
  const q = (token: string) => `q=${encodeURIComponent(token)}`;

  describe('leads by status', () => {
    const token = 'Kanbanix';
    let made: Record<string, number[]>;

    beforeAll(async () => {
      made = { new: [], contacted: [], qualified: [] };
      for (const [status, n] of [['new', 3], ['contacted', 2], ['qualified', 1]] as const) {
        for (let i = 0; i < n; i++) made[status]!.push(await createLead(olivia, { company: `${token} ${status} ${i}`, status }));
      }
      await createLead(noah, { company: `${token} west`, status: 'new' });
    });

    it('answers every active status in dictionary order, counts of what the list shows, newest cards first', async () => {
      const { data } = await boardOf(admin, `/crm/leads/board?field=status&${q(token)}`);
      expect(data.field).toBe('status');
      expect(data.columns.map((c) => c.value)).toEqual(['new', 'contacted', 'qualified', 'unqualified', 'converted']);
      expect(counts(data.columns)).toEqual({ new: 4, contacted: 2, qualified: 1, unqualified: 0, converted: 0 });
      // No sums declared for leads: a count only.
      expect(columnOf(data.columns, 'new').sums).toEqual({});
      // Newest first (the picklist's own index read backwards); the cards carry the grouped field.
      const cards = columnOf(data.columns, 'contacted').cards;
      expect(cards.map((c) => c.id)).toEqual([...made.contacted!].reverse());
      expect(cards.every((c) => c.status === 'contacted' && typeof c.company === 'string')).toBe(true);
      // The same counts as the list filtered on each status.
      for (const column of data.columns) {
        const list = await admin('GET', withFilter(`/crm/leads/list?pageSize=1&${q(token)}`, { field: 'status', op: 'eq', value: column.value! }));
        expect(list.body.total).toBe(column.count);
      }
    });

    it('opens on the module’s default picklist without `field` (leads: their path, status)', async () => {
      const { data } = await boardOf(admin, `/crm/leads/board?${q(token)}`);
      expect(data.field).toBe('status');
      expect(columnOf(data.columns, 'new').count).toBe(4);
    });

    it('applies the data scope, the owner scope, a filter and a view exactly as the list does', async () => {
      const rep = await boardOf(olivia, `/crm/leads/board?${q(token)}`);
      expect(columnOf(rep.data.columns, 'new').count).toBe(3);
      expect(rep.data.columns.flatMap((c) => c.cards).every((c) => c.ownerId === ids['olivia.park'])).toBe(true);
      expect(columnOf((await boardOf(noah, `/crm/leads/board?${q(token)}`)).data.columns, 'new').count).toBe(1);
      // The manager of the east sees Olivia's, not Noah's (west).
      expect(columnOf((await boardOf(emma, `/crm/leads/board?${q(token)}`)).data.columns, 'new').count).toBe(3);
      expect(columnOf((await boardOf(admin, `/crm/leads/board?${q(token)}&owner=mine`)).data.columns, 'new').count).toBe(0);

      const filter = { field: 'company', op: 'contains' as const, value: 'new' };
      const filtered = await boardOf(admin, withFilter(`/crm/leads/board?${q(token)}`, filter));
      expect(counts(filtered.data.columns)).toMatchObject({ new: 3, contacted: 0 });
      const view = await olivia('POST', '/crm/leads/views', { name: 'Contacted ones', columns: ['lastName', 'company'], filter: { field: 'status', op: 'eq', value: 'contacted' } });
      expect(view.body.code).toBe(200);
      const viewed = await boardOf(olivia, `/crm/leads/board?${q(token)}&viewId=${view.body.data}`);
      expect(counts(viewed.data.columns)).toMatchObject({ new: 0, contacted: 2 });
    });

    it('carries the fields asked for (the list’s columns) besides the name and the grouped field', async () => {
      const { data } = await boardOf(admin, `/crm/leads/board?${q(token)}&fields=email`);
      const card = columnOf(data.columns, 'qualified').cards[0]!;
      expect(Object.keys(card)).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'status']));
      expect(card).not.toHaveProperty('company');
      expect((await admin('GET', `/crm/leads/board?fields=${encodeURIComponent('email;drop')}`)).body.code).toBe(400);
      expect((await admin('GET', '/crm/leads/board?fields=nope')).body).toMatchObject({ code: 400, msg: 'Unknown field "nope"' });
    });

    it('pages one column in the board’s order, and limits the first cards', async () => {
      const limited = await boardOf(admin, `/crm/leads/board?${q(token)}&cards=2`);
      expect(columnOf(limited.data.columns, 'new').cards).toHaveLength(2);
      expect(columnOf(limited.data.columns, 'new').count).toBe(4);
      const page2 = await admin('GET', `/crm/leads/board/cards?field=status&value=new&${q(token)}&pageNum=2&pageSize=2`);
      expect(page2.body.code).toBe(200);
      const all = (await boardOf(admin, `/crm/leads/board?${q(token)}`)).data;
      expect((page2.body.data as Card[]).map((c) => c.id)).toEqual(columnOf(all.columns, 'new').cards.slice(2, 4).map((c) => c.id));
      // In the rep's scope only.
      const repPage = await olivia('GET', `/crm/leads/board/cards?field=status&value=new&${q(token)}&pageSize=10`);
      expect((repPage.body.data as Card[]).map((c) => c.id).sort()).toEqual([...made.new!].sort());
    });
  });

  describe('the picklist it groups by', () => {
    it('refuses an unknown field, a field that is not a picklist and a picklist lists cannot filter on, translated', async () => {
      for (const field of ['nope', 'company', 'salutation']) {
        const en = await admin('GET', `/crm/leads/board?field=${field}`);
        expect(en.status).toBe(400);
        expect(en.body.msg).toBe(`The board cannot be grouped by "${field}": choose a picklist of this module that lists can filter on`);
        const zh = await admin('GET', `/crm/leads/board/cards?field=${field}&value=x`, undefined, { 'accept-language': 'zh' });
        expect(zh.body.msg).toBe(`看板不能按“${field}”分组：请选择本模块中可用于筛选的选项列表字段`);
      }
      expect((await admin('GET', '/crm/leads/board?field=status%27--')).body.code).toBe(400);
    });

    it('needs the module’s list permission', async () => {
      const mia = caller(app, await loginAs(app, 'mia.chen'));
      expect((await mia('GET', '/crm/task/board')).status).toBe(403);
      expect((await mia('GET', '/crm/task/board/cards?field=status&value=completed')).status).toBe(403);
      expect((await mia('GET', '/crm/leads/board')).status).toBe(200);
    });

    it('groups tasks by status or by priority', async () => {
      const token = 'Boardtask';
      for (const [status, priority] of [['not_started', 'high'], ['completed', 'high'], ['completed', 'normal']]) {
        const res = await olivia('POST', '/crm/task', { subject: `${token} ${status}`, status, priority, dueDate: '2026-12-01' });
        expect(res.body.code).toBe(200);
      }
      const byStatus = await boardOf(olivia, `/crm/task/board?field=status&${q(token)}`);
      expect(counts(byStatus.data.columns)).toEqual({ not_started: 1, in_progress: 0, completed: 2, deferred: 0 });
      const byPriority = await boardOf(olivia, `/crm/task/board?field=priority&${q(token)}`);
      expect(counts(byPriority.data.columns)).toMatchObject({ high: 2, normal: 1 });
      expect((await boardOf(olivia, `/crm/task/board?${q(token)}`)).data.field).toBe('status');
    });

    it('shows the records without a value last, and a value the dictionary no longer offers in a column of its own', async () => {
      const token = 'Ratingless';
      const hot = await createLead(olivia, { company: `${token} hot`, rating: 'hot' });
      const none = [await createLead(olivia, { company: `${token} a` }), await createLead(olivia, { company: `${token} b` })];
      const { data } = await boardOf(olivia, `/crm/leads/board?field=rating&${q(token)}`);
      expect(data.columns.at(-1)).toMatchObject({ value: null, count: 2 });
      expect(data.columns.at(-1)!.cards.map((c) => c.id)).toEqual([...none].reverse());
      const page = await olivia('GET', `/crm/leads/board/cards?field=rating&value=&${q(token)}`);
      expect((page.body.data as Card[]).map((c) => c.id)).toEqual([...none].reverse());

      await app.db.execute(sql`update sys_dict_data set status = '1' where dict_type = 'crm_rating' and dict_value = 'hot'`);
      try {
        const after = (await boardOf(olivia, `/crm/leads/board?field=rating&${q(token)}`)).data;
        expect(after.columns.map((c) => c.value)).toEqual(['warm', 'cold', 'hot', null]);
        expect(columnOf(after.columns, 'hot').cards.map((c) => c.id)).toEqual([hot]);
      } finally {
        await app.db.execute(sql`update sys_dict_data set status = '0' where dict_type = 'crm_rating' and dict_value = 'hot'`);
      }
    });

    it('groups by a custom picklist an administrator adds', async () => {
      const field = {
        name: 'boardTier',
        type: 'picklist',
        labelEn: 'Board Tier',
        labelZh: '看板等级',
        filterable: true,
        newDictionary: { dictType: 'crm_board_tier', name: 'Board Tier', values: [{ value: 'gold', labelEn: 'Gold', labelZh: '金牌' }, { value: 'silver', labelEn: 'Silver', labelZh: '银牌' }] },
      };
      expect((await admin('POST', '/setup/account/fields', field)).body.code).toBe(200);
      const token = 'Tiered Board';
      for (const tier of ['gold', 'gold', 'silver']) expect((await olivia('POST', '/crm/account', { name: `${token} ${tier}`, boardTier: tier })).body.code).toBe(200);
      const { data } = await boardOf(olivia, `/crm/account/board?field=boardTier&${q(token)}`);
      expect(counts(data.columns)).toEqual({ gold: 2, silver: 1 });
      const meta = (await olivia('GET', '/crm/meta/account')).body.data;
      expect(meta.board).toEqual({ field: 'type', sums: [] });
    });
  });

  describe('sums', () => {
    it('are the module’s own (opportunities: total and weighted amount, labelled in the request’s language) whatever the board groups by', async () => {
      const en = (await admin('GET', '/crm/meta/opportunity')).body.data.board;
      expect(en).toEqual({
        field: 'stage',
        sums: [
          { key: 'amount', field: 'amount', weightBy: null, label: 'Total' },
          { key: 'weighted', field: 'amount', weightBy: 'probability', label: 'Weighted' },
        ],
      });
      const zh = (await admin('GET', '/crm/meta/opportunity', undefined, { 'accept-language': 'zh' })).body.data.board;
      expect(zh.sums.map((s: { label: string }) => s.label)).toEqual(['合计', '加权']);

      const account = (await olivia('POST', '/crm/account', { name: 'Sum Board Account' })).body.data as number;
      const token = 'Sumboard';
      for (const [type, amount, stage] of [['new_business', '1000.10', 'proposal'], ['new_business', '99.90', 'prospecting'], ['existing_renewal', '50.00', 'proposal']]) {
        const res = await olivia('POST', '/crm/opportunity', { name: `${token} ${type}`, accountId: account, closeDate: '2026-12-01', type, amount, stage });
        expect(res.body.code).toBe(200);
      }
      const { data } = await boardOf(olivia, `/crm/opportunity/board?field=type&${q(token)}`);
      // proposal 60 %, prospecting 10 %: 1000.10 × 0.6 + 99.90 × 0.1 = 600.06 + 9.99
      expect(columnOf(data.columns, 'new_business')).toMatchObject({ count: 2, sums: { amount: '1100.00', weighted: '610.05' } });
      expect(columnOf(data.columns, 'existing_renewal')).toMatchObject({ count: 1, sums: { amount: '50.00', weighted: '30.00' } });
      const empty = data.columns.find((c) => c.count === 0);
      expect(empty?.sums).toEqual({ amount: '0.00', weighted: '0.00' });
    });
  });
});
