import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, userIds } from '../helpers/adminApi';
import { getRecord } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;
type Column = { stage: string; count: number; amount: string; weightedAmount: string; cards: Array<{ id: number; name: string; ownerId: number }> };

/** Opportunities' own rules: probability following the stage, closing, the pipeline board and the stage history. */
describe('opportunities', () => {
  let app: TestApp;
  let admin: Call;
  let olivia: Call;
  let noah: Call;
  let accountOf: Record<string, number>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    noah = caller(app, await loginAs(app, 'noah.king'));
    ids = await userIds(admin);
    accountOf = {};
    for (const [who, call] of [['olivia', olivia], ['noah', noah]] as const) {
      const res = await call('POST', '/crm/account', { name: `Board Test ${who}` });
      expect(res.body.code).toBe(200);
      accountOf[who] = res.body.data as number;
    }
  });
  afterAll(() => app.teardown());

  async function create(call: Call, body: Record<string, unknown>, who: 'olivia' | 'noah' = 'olivia'): Promise<number> {
    const res = await call('POST', '/crm/opportunity', { name: 'Deal', accountId: accountOf[who], closeDate: '2026-12-15', ...body });
    if (res.body.code !== 200) throw new Error(`${res.body.msg} ${JSON.stringify(res.body.errors ?? {})}`);
    return res.body.data as number;
  }
  /** The engine's board by stage (the default of opportunities), its sums named as the pipeline names them. */
  const board = async (call: Call, query = '') => {
    const res = await call('GET', `/crm/opportunity/board${query}`);
    expect(res.body.code).toBe(200);
    expect(res.body.data.field).toBe('stage');
    type Answer = { value: string; count: number; sums: { amount: string; weighted: string }; cards: Column['cards'] };
    return (res.body.data.columns as Answer[]).map((c): Column => ({ stage: c.value, count: c.count, amount: c.sums.amount, weightedAmount: c.sums.weighted, cards: c.cards }));
  };
  const column = (columns: Column[], stage: string) => columns.find((c) => c.stage === stage)!;

  describe('probability follows the stage unless edited', () => {
    it('a new opportunity gets its stage’s probability (the default stage’s when none is given); an explicit one is kept', async () => {
      expect((await getRecord(olivia, 'opportunity', await create(olivia, {}))).probability).toBe(10);
      expect((await getRecord(olivia, 'opportunity', await create(olivia, { stage: 'proposal' }))).probability).toBe(60);
      expect((await getRecord(olivia, 'opportunity', await create(olivia, { stage: 'proposal', probability: 33 }))).probability).toBe(33);
    });

    it('a stage change brings the new stage’s probability, unless the same request sets one; other changes leave it', async () => {
      const id = await create(olivia, { stage: 'qualification', probability: 25 });
      let record = await getRecord(olivia, 'opportunity', id);
      let res = await olivia('PUT', '/crm/opportunity', { id, version: record.version, amount: '1000.00' });
      expect(res.body.data.probability).toBe(25);
      res = await olivia('PUT', '/crm/opportunity', { id, version: res.body.data.version, stage: 'negotiation' });
      expect(res.body.data).toMatchObject({ stage: 'negotiation', probability: 80 });
      res = await olivia('PUT', '/crm/opportunity', { id, version: res.body.data.version, stage: 'proposal', probability: 55 });
      expect(res.body.data).toMatchObject({ stage: 'proposal', probability: 55 });
      record = await getRecord(olivia, 'opportunity', id);
      // The probability the rule set is in the field history like any change.
      const history = (await olivia('GET', `/crm/opportunity/${id}/history?pageSize=50`)).body.rows as Array<{ field: string; newValue: unknown }>;
      expect(history.filter((h) => h.field === 'probability').map((h) => h.newValue)).toEqual([55, 80]);
      expect(record.version).toBe(4);
    });

    it('follows the probability edited in the stage dictionary', async () => {
      await app.db.execute(sql`update sys_dict_data set extra = extra || '{"probability": 45}'::jsonb where dict_type = 'crm_opportunity_stage' and dict_value = 'needs_analysis'`);
      try {
        expect((await getRecord(olivia, 'opportunity', await create(olivia, { stage: 'needs_analysis' }))).probability).toBe(45);
      } finally {
        await app.db.execute(sql`update sys_dict_data set extra = extra || '{"probability": 40}'::jsonb where dict_type = 'crm_opportunity_stage' and dict_value = 'needs_analysis'`);
      }
    });

    it('a mass stage change brings the probability too, with its history', async () => {
      const id = await create(olivia, { stage: 'prospecting' });
      expect((await olivia('POST', '/crm/opportunity/mass/update', { ids: [id], field: 'stage', value: 'negotiation' })).body.code).toBe(200);
      expect(await getRecord(olivia, 'opportunity', id)).toMatchObject({ stage: 'negotiation', probability: 80 });
    });
  });

  describe('closing', () => {
    it('refuses closing as lost without a loss reason, translated, and changes nothing', async () => {
      const id = await create(olivia, { stage: 'negotiation', amount: '5000.00' });
      const before = await getRecord(olivia, 'opportunity', id);
      const en = await olivia('PUT', '/crm/opportunity', { id, version: before.version, stage: 'closed_lost', closeDate: '2026-11-20' });
      expect(en.body.code).toBe(400);
      expect(en.body.msg).toBe('Please fill in the loss reason to close this opportunity as lost');
      expect(en.body.errors).toHaveProperty('lossReason');
      const zh = await olivia('PUT', '/crm/opportunity', { id, version: before.version, stage: 'closed_lost', lossReason: '  ' }, { 'accept-language': 'zh' });
      expect(zh.body.msg).toBe('请填写输单原因后再将商机关闭为输单');
      expect(await getRecord(olivia, 'opportunity', id)).toEqual(before);
      const mass = await olivia('POST', '/crm/opportunity/mass/update', { ids: [id], field: 'stage', value: 'closed_lost' });
      expect(mass.body.code).toBe(400);
      expect(await getRecord(olivia, 'opportunity', id)).toEqual(before);
    });

    it('a mass change to Closed Lost carries the close date and reason its rule asks for, to every selected opportunity', async () => {
      const ids = [await create(olivia, { stage: 'negotiation' }), await create(olivia, { stage: 'prospecting' })];
      const also = { closeDate: '2026-11-20', lossReason: 'Budget cut' };
      const bad = await olivia('POST', '/crm/opportunity/mass/update', { ids, field: 'stage', value: 'closed_lost', also: { ...also, closeDate: 'soon' } });
      expect(bad.body.code).toBe(400);
      expect(bad.body.errors).toHaveProperty('closeDate');
      expect((await getRecord(olivia, 'opportunity', ids[0]!)).stage).toBe('negotiation');
      expect((await olivia('POST', '/crm/opportunity/mass/update', { ids, field: 'stage', value: 'closed_lost', also })).body.code).toBe(200);
      for (const id of ids) expect(await getRecord(olivia, 'opportunity', id)).toMatchObject({ stage: 'closed_lost', probability: 0, ...also });
    });

    it('closes as lost with a reason (probability 0) and as won (100); a closed-won creation needs no reason', async () => {
      const id = await create(olivia, { stage: 'negotiation' });
      const { version } = await getRecord(olivia, 'opportunity', id);
      const lost = await olivia('PUT', '/crm/opportunity', { id, version, stage: 'closed_lost', closeDate: '2026-11-20', lossReason: 'Price' });
      expect(lost.body.data).toMatchObject({ stage: 'closed_lost', probability: 0, lossReason: 'Price', closeDate: '2026-11-20' });
      expect((await getRecord(olivia, 'opportunity', await create(olivia, { stage: 'closed_won' }))).probability).toBe(100);
      // The close date is required like any required field.
      const noDate = await olivia('PUT', '/crm/opportunity', { id, version: lost.body.data.version, stage: 'closed_won', closeDate: null });
      expect(noDate.body.code).toBe(400);
      expect(noDate.body.errors).toHaveProperty('closeDate');
    });
  });

  describe('pipeline board', () => {
    const token = 'Zephyr Pipeline';
    beforeAll(async () => {
      await create(olivia, { name: `${token} A`, stage: 'proposal', amount: '1000.00' });
      await create(olivia, { name: `${token} B`, stage: 'proposal', amount: '500.50', probability: 30 });
      await create(olivia, { name: `${token} C`, stage: 'negotiation', amount: null });
      await create(noah, { name: `${token} D`, stage: 'proposal', amount: '2000.00' }, 'noah');
    });

    it('answers every stage in dictionary order with count, sum and weighted amount of what the filter matches', async () => {
      const columns = await board(admin, `?q=${encodeURIComponent(token)}`);
      expect(columns.map((c) => c.stage)).toEqual(['prospecting', 'qualification', 'needs_analysis', 'proposal', 'negotiation', 'closed_won', 'closed_lost']);
      // 1000 × 60% + 500.50 × 30% + 2000 × 60% = 600 + 150.15 + 1200
      expect(column(columns, 'proposal')).toMatchObject({ count: 3, amount: '3500.50', weightedAmount: '1950.15' });
      expect(column(columns, 'negotiation')).toMatchObject({ count: 1, amount: '0.00', weightedAmount: '0.00' });
      expect(column(columns, 'prospecting')).toMatchObject({ count: 0, amount: '0.00', cards: [] });
      // Cards: soonest close date first, then id — the list's closeDate ascending order.
      expect(column(columns, 'proposal').cards.map((c) => c.name)).toEqual([`${token} A`, `${token} B`, `${token} D`]);
    });

    it('applies the filter tree and the owner scope like the list, and limits the cards', async () => {
      const filter = encodeURIComponent(JSON.stringify({ field: 'amount', op: 'gt', value: '900' }));
      const columns = await board(admin, `?q=${encodeURIComponent(token)}&filter=${filter}&cards=1`);
      expect(column(columns, 'proposal')).toMatchObject({ count: 2, amount: '3000.00', weightedAmount: '1800.00' });
      expect(column(columns, 'proposal').cards).toHaveLength(1);
      expect(column(columns, 'negotiation').count).toBe(0);
      const mine = await board(olivia, `?q=${encodeURIComponent(token)}&owner=mine`);
      expect(column(mine, 'proposal').count).toBe(2);
    });

    it('a rep sees only the totals of their own opportunities', async () => {
      const columns = await board(noah, `?q=${encodeURIComponent(token)}`);
      expect(column(columns, 'proposal')).toMatchObject({ count: 1, amount: '2000.00', weightedAmount: '1200.00' });
      expect(column(columns, 'negotiation').count).toBe(0);
      const all = await board(noah);
      const [row] = (
        (await app.db.execute(
          sql`select count(*)::int as n, coalesce(sum(amount), 0)::numeric(18,2)::text as total from crm_opportunity where deleted_at is null and owner_id = ${ids['noah.king']!}`,
        )) as unknown as { rows: Array<{ n: number; total: string }> }
      ).rows;
      expect(all.reduce((n, c) => n + c.count, 0)).toBe(row!.n);
      expect(all.reduce((n, c) => n + Number(c.amount), 0).toFixed(2)).toBe(row!.total);
      expect(all.flatMap((c) => c.cards).every((c) => c.ownerId === ids['noah.king'])).toBe(true);
    });

    /** A filter that every opportunity matches: the board then aggregates the rows instead of reading the kept totals. */
    const everything = encodeURIComponent(JSON.stringify({ or: [{ field: 'amount', op: 'empty' }, { field: 'amount', op: 'notEmpty' }] }));
    const totalsOf = (columns: Column[]) => columns.map(({ stage, count, amount, weightedAmount }) => ({ stage, count, amount, weightedAmount }));

    it('answers the same totals from the kept table (no filter) as from the aggregate (a filter), for an admin, a manager and a rep', async () => {
      const emma = caller(app, await loginAs(app, 'emma.stone'));
      for (const [call, owner] of [[admin, ''], [emma, ''], [noah, ''], [olivia, '&owner=mine'], [emma, '&owner=team']] as const) {
        const kept = totalsOf(await board(call, `?cards=0${owner}`));
        expect(kept).toEqual(totalsOf(await board(call, `?cards=0${owner}&filter=${everything}`)));
        expect(kept.some((c) => c.count > 0)).toBe(true);
      }
      // The scopes differ: the manager sees more than the rep and less than the admin.
      const count = async (call: Call) => (await board(call, '?cards=0')).reduce((n, c) => n + c.count, 0);
      const [all, team, own] = [await count(admin), await count(emma), await count(noah)];
      expect(all).toBeGreaterThan(team);
      expect(team).toBeGreaterThan(own);
    });

    it('reads the kept totals only without a filter: a view’s filter, a quick search or a filter aggregate the rows', async () => {
      // A wrong kept total shows on the unfiltered board only, which proves which path each request took.
      const bump = (by: number) => app.db.execute(sql`update crm_opportunity_pipeline_total set count = count + ${by} where owner_id = ${ids['noah.king']!} and stage = 'proposal'`);
      const plain = column(await board(noah, '?cards=0'), 'proposal').count;
      await bump(1000);
      try {
        expect(column(await board(noah, '?cards=0'), 'proposal').count).toBe(plain + 1000);
        expect(column(await board(noah, `?cards=0&filter=${everything}`), 'proposal').count).toBe(plain);
        expect(column(await board(noah, `?cards=0&q=${encodeURIComponent(token)}`), 'proposal').count).toBe(1);
        const view = await noah('POST', '/crm/opportunity/views', { name: 'Everything', columns: ['name'], filter: JSON.parse(decodeURIComponent(everything)) });
        expect(view.body.code).toBe(200);
        expect(column(await board(noah, `?cards=0&viewId=${view.body.data}`), 'proposal').count).toBe(plain);
      } finally {
        await bump(-1000);
      }
    });

    it('is refused without the list permission and refuses a hostile filter', async () => {
      const mia = caller(app, await loginAs(app, 'mia.chen'));
      expect((await mia('GET', '/crm/opportunity/board')).status).toBe(403);
      const hostile = encodeURIComponent(JSON.stringify({ field: 'amount; drop table crm_opportunity', op: 'eq', value: '1' }));
      const res = await admin('GET', `/crm/opportunity/board?filter=${hostile}`);
      expect(res.body.code).toBe(400);
      const badValue = encodeURIComponent(JSON.stringify({ field: 'amount', op: 'gt', value: "1' or '1'='1" }));
      expect((await admin('GET', `/crm/opportunity/board?filter=${badValue}`)).body.code).toBe(400);
      expect((await admin('GET', '/crm/opportunity/board?cards=100000')).body.code).toBe(400);
      expect((await board(admin, `?q=${encodeURIComponent(token)}`)).find((c) => c.stage === 'proposal')!.count).toBe(3);
    });
  });

  describe('stage history', () => {
    it('lists each stage with the date it was entered and the days spent, from the field history', async () => {
      const id = await create(olivia, { stage: 'qualification' });
      let { version } = await getRecord(olivia, 'opportunity', id);
      for (const stage of ['proposal', 'negotiation']) version = (await olivia('PUT', '/crm/opportunity', { id, version, stage })).body.data.version;
      // Back-date the changes so that the days are visible: created 10 days ago, proposal 6 days ago, negotiation 1 day ago.
      const ago = (days: number) => sql`now() - make_interval(days => ${days})`;
      await app.db.execute(sql`update crm_opportunity set create_time = ${ago(10)} where id = ${id}`);
      await app.db.execute(sql`update crm_record_history set create_time = case new_value #>> '{}' when 'proposal' then ${ago(6)} else ${ago(1)} end
        where module = 'opportunity' and record_id = ${id} and field = 'stage'`);
      const res = await olivia('GET', `/crm/opportunity/${id}/stageHistory`);
      expect(res.body.code).toBe(200);
      const periods = res.body.data as Array<{ stage: string; days: number; enteredAt: string; leftAt: string | null }>;
      expect(periods.map((p) => [p.stage, p.days])).toEqual([['qualification', 4], ['proposal', 5], ['negotiation', 1]]);
      expect(periods[2]!.leftAt).toBeNull();
      expect(periods[1]!.leftAt).toBe(periods[2]!.enteredAt);
    });

    it('a never-moved opportunity has one period; out of scope or missing answers 404; needs the query permission', async () => {
      const id = await create(olivia, { stage: 'proposal' });
      const res = await olivia('GET', `/crm/opportunity/${id}/stageHistory`);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ stage: 'proposal', days: 0, leftAt: null });
      const outOfScope = await noah('GET', `/crm/opportunity/${id}/stageHistory`);
      expect(outOfScope.body.code).toBe(404);
      expect(outOfScope.body.msg).toBe('The record does not exist or you have no access to it');
      expect((await olivia('GET', '/crm/opportunity/999999999/stageHistory')).body.code).toBe(404);
      const mia = caller(app, await loginAs(app, 'mia.chen'));
      expect((await mia('GET', `/crm/opportunity/${id}/stageHistory`)).status).toBe(403);
    });
  });
});
