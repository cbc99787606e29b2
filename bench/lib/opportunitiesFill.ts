/**
 * A million opportunities, written by PostgreSQL itself in batches like leadsFill.ts: 20,000
 * accounts, then opportunities spread over the demo's sales people (each in the owner's
 * department), stages by weight with each stage's probability from the stage dictionary (as the
 * server's rule sets it), amounts from 1,000 to 500,000, close dates from a year ago to a year
 * ahead, created over the last two years. Indexes dropped for the load and rebuilt after.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/modules/crm/engine/query/sql';
import { BENCH_ROWS, demoUsers, holdsBenchRows, vacuumAnalyze } from './benchDatabase';
import { EN_SECTORS, EN_STEMS, OWNERS, pick, r, weighted } from './leadsFill';

const BATCH = 100_000;
const ACCOUNTS = 20_000;
const DAYS = 730;
const STAGES: Array<[string, number]> = [
  ['prospecting', 20], ['qualification', 15], ['needs_analysis', 12], ['proposal', 10], ['negotiation', 8], ['closed_won', 15], ['closed_lost', 20],
];
const TYPES: Array<[string | null, number]> = [['new_business', 50], ['existing_upgrade', 25], ['existing_renewal', 15], [null, 10]];

/**
 * `count` accounts named from the pools (ids consecutive: one statement), owned by `owner` (an SQL
 * choice from r2) in the owner's department (`deptOf`, of owner_id); the first one's id.
 */
export async function insertAccounts(db: Db, owner: SQL, deptOf: SQL, count: number): Promise<number> {
  const [first] = await rowsOf<{ id: unknown }>(
    db,
    sql`with inserted as (
          insert into crm_account (owner_id, dept_id, create_by, name)
          select owner_id, ${deptOf}, owner_id, name from (
            select ${owner} as owner_id, ${pick(r(5), EN_STEMS)} || ' ' || ${pick(r(6), EN_SECTORS)} || ' ' || g as name
            from (select g, ${r(2)} as r2 from generate_series(1, ${count}) g) random
          ) account
          returning id)
        select min(id) as id from inserted`,
  );
  return Number(first!.id);
}

export const opportunitiesFilled = (db: Db) => holdsBenchRows(db, 'crm_opportunity');

export async function fillOpportunities(db: Db): Promise<void> {
  const users = await demoUsers(db);
  const owners = OWNERS.filter(([name]) => !['mia.chen', 'lucas.wang'].includes(name)); // marketers own no deals
  const owner = weighted(sql`r2`, owners.map(([name, w]) => [users.get(name)!.id, w]), sql`::bigint`);
  const deptOf = sql`case owner_id ${sql.join([...users.values()].map((o) => sql`when ${o.id}::bigint then ${o.dept}::bigint`), sql` `)} end`;
  const probabilities = await rowsOf<{ value: string; probability: unknown }>(
    db,
    sql`select dict_value as value, (extra->>'probability')::int as probability from sys_dict_data where dict_type = 'crm_opportunity_stage'`,
  );
  const probabilityOf = sql`case stage ${sql.join(probabilities.map((p) => sql`when ${p.value} then ${Number(p.probability)}::int`), sql` `)} end`;

  // Accounts first, each opportunity on one of them.
  const firstAccount = await insertAccounts(db, owner, deptOf, ACCOUNTS);

  const indexes = await rowsOf<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes where tablename = 'crm_opportunity' and indexname <> 'crm_opportunity_pkey'`,
  );
  for (const { name } of indexes) await db.execute(sql`drop index ${sql.identifier(name)}`);
  for (let from = 1; from <= BENCH_ROWS; from += BATCH) {
    const to = Math.min(from + BATCH - 1, BENCH_ROWS);
    await db.execute(sql`
      insert into crm_opportunity (owner_id, dept_id, create_by, create_time, name, account_id, close_date, stage, probability, amount, type, loss_reason)
      select owner_id, ${deptOf}, owner_id, create_time, 'Deal ' || g || ' - ' || ${pick(r(6), EN_SECTORS)}, account_id,
        (now() + make_interval(days => (r7 * 730)::int - 365))::date, stage, ${probabilityOf},
        (1 + floor(r8 * 500))::int * 1000, ${weighted(r(9), TYPES)}, case when stage = 'closed_lost' then 'Price' end
      from (
        select g, r7, r8, ${owner} as owner_id, ${weighted(r(4), STAGES)} as stage,
          ${firstAccount}::bigint + floor(r3 * ${ACCOUNTS})::bigint as account_id,
          now() - make_interval(days => ${DAYS}) + make_interval(secs => g::float8 / ${BENCH_ROWS} * ${DAYS * 86400}) as create_time
        from (select g, ${r(2)} as r2, ${r(3)} as r3, ${r(7)} as r7, ${r(8)} as r8 from generate_series(${from}::bigint, ${to}::bigint) g) random
      ) opportunity`);
  }
  console.log(`inserted ${BENCH_ROWS.toLocaleString('en')} opportunities; building ${indexes.length} indexes`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
    for (const { definition } of indexes) await tx.execute(sql.raw(definition));
  });
  await vacuumAnalyze(db, 'crm_opportunity');
  await vacuumAnalyze(db, 'crm_account');
}
