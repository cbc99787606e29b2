import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, userIds } from '../helpers/adminApi';
import { getRecord } from '../helpers/crmApi';
import { purgeRecycleBin } from '../../src/modules/crm/engine/records/purgeRecycleBin';

type Call = ReturnType<typeof caller>;
type Row = Record<string, unknown>;

/**
 * crm_opportunity_pipeline_total (migration 0014) is kept by triggers on crm_opportunity: after
 * every kind of write its non-zero rows equal the grouped aggregate of the present opportunities.
 */
describe('maintained pipeline totals', () => {
  let app: TestApp;
  let admin: Call;
  let olivia: Call;
  let ids: Record<string, number>;
  let account: number;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    ids = await userIds(admin);
    account = (await olivia('POST', '/crm/account', { name: 'Totals Test' })).body.data as number;
  });
  afterAll(() => app.teardown());

  const rows = async (query: ReturnType<typeof sql>) => ((await app.db.execute(query)) as unknown as { rows: Row[] }).rows;

  /** The kept totals that differ from the aggregate, either way (none when they agree), and any negative count. */
  async function expectKeptEqualsAggregate() {
    const differences = await rows(sql`
      with kept as (
        select dept_id, owner_id, stage, count, amount, amount_probability from crm_opportunity_pipeline_total
        where count <> 0 or amount <> 0 or amount_probability <> 0),
      aggregate as (
        select dept_id, owner_id, stage, count(*) as count, coalesce(sum(amount), 0) as amount,
          coalesce(sum(amount * coalesce(probability, 0)), 0) as amount_probability
        from crm_opportunity where deleted_at is null group by dept_id, owner_id, stage)
      (select 'kept' as side, * from kept except select 'kept', * from aggregate)
      union all
      (select 'aggregate', * from aggregate except select 'aggregate', * from kept)`);
    expect(differences).toEqual([]);
    expect(await rows(sql`select * from crm_opportunity_pipeline_total where count < 0`)).toEqual([]);
  }

  /** The kept row of one key, as text. */
  async function kept(ownerId: number, stage: string) {
    const [row] = await rows(
      sql`select count::int as count, amount::numeric(18,2)::text as amount, amount_probability::numeric(18,2)::text as "amountProbability"
          from crm_opportunity_pipeline_total where owner_id = ${ownerId} and stage = ${stage}`,
    );
    return row ?? { count: 0, amount: '0.00', amountProbability: '0.00' };
  }

  async function create(body: Record<string, unknown>): Promise<number> {
    const res = await olivia('POST', '/crm/opportunity', { name: 'Totals deal', accountId: account, closeDate: '2026-12-15', ...body });
    if (res.body.code !== 200) throw new Error(`${res.body.msg} ${JSON.stringify(res.body.errors ?? {})}`);
    return res.body.data as number;
  }
  async function edit(id: number, body: Record<string, unknown>) {
    const { version } = await getRecord(admin, 'opportunity', id);
    const res = await admin('PUT', '/crm/opportunity', { id, version, ...body });
    expect(res.body.code).toBe(200);
  }

  it('the migration’s backfill and the seeded data agree', async () => {
    await expectKeptEqualsAggregate();
  });

  it('follows a creation, an edit of the amount, of the probability and a stage move', async () => {
    const olivia_ = ids['olivia.park']!;
    const before = await kept(olivia_, 'qualification');
    const id = await create({ stage: 'qualification', amount: '1000.00', probability: 25 });
    await expectKeptEqualsAggregate();
    const after = await kept(olivia_, 'qualification');
    expect(after.count).toBe(Number(before.count) + 1);
    expect(Number(after.amount) - Number(before.amount)).toBe(1000);
    expect(Number(after.amountProbability) - Number(before.amountProbability)).toBe(25_000);

    await edit(id, { amount: '1500.50' });
    await expectKeptEqualsAggregate();
    await edit(id, { probability: 30 });
    await expectKeptEqualsAggregate();
    await edit(id, { amount: null });
    await expectKeptEqualsAggregate();
    await edit(id, { stage: 'proposal', amount: '200.00' });
    await expectKeptEqualsAggregate();
    expect(await kept(olivia_, 'qualification')).toEqual(before);
  });

  it('an edit of none of its columns (a rename) writes no total', async () => {
    const id = await create({ stage: 'negotiation', amount: '10.00' });
    const version = async () => (await rows(sql`select xmin::text as v from crm_opportunity_pipeline_total where owner_id = ${ids['olivia.park']!} and stage = 'negotiation'`))[0]!.v;
    const written = await version();
    await edit(id, { name: 'Totals deal renamed' });
    expect(await version()).toBe(written);
    await expectKeptEqualsAggregate();
  });

  it('follows a transfer (owner and department), a mass stage change, a soft delete and a restore', async () => {
    const [a, b] = [await create({ stage: 'prospecting', amount: '300.00' }), await create({ stage: 'prospecting', amount: '700.00', probability: 15 })];
    expect((await admin('POST', '/crm/opportunity/mass/transfer', { ids: [a, b], ownerId: ids['noah.king'] })).body.code).toBe(200);
    await expectKeptEqualsAggregate();
    expect((await admin('POST', '/crm/opportunity/mass/update', { ids: [a, b], field: 'stage', value: 'negotiation' })).body.code).toBe(200);
    await expectKeptEqualsAggregate();
    const before = await kept(ids['noah.king']!, 'negotiation');
    expect((await admin('DELETE', `/crm/opportunity/${a}`)).body.code).toBe(200);
    await expectKeptEqualsAggregate();
    expect((await kept(ids['noah.king']!, 'negotiation')).count).toBe(Number(before.count) - 1);
    expect((await admin('PUT', '/crm/opportunity/restore', { ids: [a] })).body.code).toBe(200);
    await expectKeptEqualsAggregate();
    expect(await kept(ids['noah.king']!, 'negotiation')).toEqual(before);
  });

  it('follows the recycle bin’s purge, a hard delete and a many-row insert like an import’s', async () => {
    const binned = await create({ stage: 'closed_won', amount: '50.00' });
    expect((await admin('DELETE', `/crm/opportunity/${binned}`)).body.code).toBe(200);
    await app.db.execute(sql`update crm_opportunity set deleted_at = now() - interval '31 days' where id = ${binned}`);
    expect(await purgeRecycleBin(app.db, app.fileStore)).toBeGreaterThanOrEqual(1);
    await expectKeptEqualsAggregate();

    const present = await create({ stage: 'closed_won', amount: '75.25' });
    await app.db.execute(sql`delete from crm_opportunity where id = ${present}`);
    await expectKeptEqualsAggregate();

    // One statement, several keys, nulls in the department, the stage, the amount and the probability.
    await app.db.execute(sql`
      insert into crm_opportunity (owner_id, dept_id, name, stage, amount, probability)
      select case when g % 2 = 0 then ${ids['olivia.park']!}::bigint else ${ids['noah.king']!}::bigint end,
        case when g % 5 = 0 then null else (select dept_id from sys_user where user_id = ${ids['olivia.park']!}) end,
        'Imported ' || g, case when g % 7 = 0 then null else (array['prospecting', 'proposal', 'closed_lost'])[1 + g % 3] end,
        case when g % 4 = 0 then null else g * 10.55 end, case when g % 6 = 0 then null else g % 100 end
      from generate_series(1, 60) g`);
    await expectKeptEqualsAggregate();
    await app.db.execute(sql`update crm_opportunity set deleted_at = now() where name like 'Imported %' and id % 3 = 0`);
    await expectKeptEqualsAggregate();
    await app.db.execute(sql`delete from crm_opportunity where name like 'Imported %'`);
    await expectKeptEqualsAggregate();
  });
});
