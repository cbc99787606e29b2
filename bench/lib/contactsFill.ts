/**
 * A million contacts (BENCH_ROWS), written by PostgreSQL itself in batches as leadsFill.ts writes
 * leads, from the same pools: 20,000 accounts first, then contacts spread over the demo's sales
 * people (each in its owner's department), three in ten with Chinese names (family name in
 * last_name, as the web app stores them), each at one of the accounts with an e-mail at its domain,
 * created over the last two years with ids rising with time. Indexes dropped for the load and
 * built again after.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/modules/crm/engine/query/sql';
import { BENCH_ROWS, demoUsers, holdsBenchRows, vacuumAnalyze } from './benchDatabase';
import {
  EN_CITIES, EN_FIRST, EN_LAST, EN_TITLES, OWNERS, SALUTATIONS, SOURCES, ZH_CITIES, ZH_FIRST, ZH_LAST, ZH_TITLES, pick, r, weighted, withIndexesRebuilt,
} from './leadsFill';
import { insertAccounts } from './opportunitiesFill';

const BATCH = 100_000;
const ACCOUNTS = 20_000;
const DAYS = 730;

export const contactsFilled = (db: Db) => holdsBenchRows(db, 'crm_contact');

export async function fillContacts(db: Db): Promise<void> {
  const users = await demoUsers(db);
  const owners = OWNERS.filter(([name]) => !['mia.chen', 'lucas.wang'].includes(name)); // contacts are the sales people's
  const owner = weighted(sql`r2`, owners.map(([name, w]) => [users.get(name)!.id, w]), sql`::bigint`);
  const deptOf = sql`case owner_id ${sql.join([...users.values()].map((o) => sql`when ${o.id}::bigint then ${o.dept}::bigint`), sql` `)} end`;
  const types = await rowsOf<{ id: unknown; name: string }>(db, sql`select id, name from crm_record_type where module = 'contact'`);
  const typeId = (name: string) => Number(types.find((t) => t.name === name)!.id);
  const firstAccount = await insertAccounts(db, owner, deptOf, ACCOUNTS);

  await withIndexesRebuilt(db, 'crm_contact', async () => {
    for (let from = 1; from <= BENCH_ROWS; from += BATCH) {
      const to = Math.min(from + BATCH - 1, BENCH_ROWS);
      await db.execute(sql`
        insert into crm_contact (record_type_id, owner_id, dept_id, create_by, create_time, salutation, first_name, last_name, title,
          account_id, email, phone, mobile, lead_source, mailing_city, mailing_state, mailing_country)
        select case when lead_source = 'referral' then ${typeId('partner')}::bigint else ${typeId('business')}::bigint end, owner_id, ${deptOf}, owner_id,
          create_time, case when zh then null else salutation end, first_name, last_name, title, account_id,
          case when zh then 'c' || g || '@' || 'account' || account_id || '.cn' else lower(first_name) || '.' || lower(last_name) || '@account' || account_id || '.com' end,
          case when zh then '+86 21 ' || (6000 + floor(r8 * 2999))::int || ' ' || (1000 + floor(r10 * 8999))::int
               else '+1 (555) ' || (100 + floor(r8 * 899))::int || '-' || (1000 + floor(r10 * 8999))::int end,
          case when r11 < 0.5 then case when zh then '13' || (100000000 + floor(r11 * 899999999))::bigint else '+1 555 ' || (1000000 + floor(r11 * 8999999))::int end end,
          lead_source, city_parts[1], nullif(city_parts[2], ''), city_parts[3]
        from (
          select g, zh, r8, r10, r11, ${owner} as owner_id,
            now() - make_interval(days => ${DAYS}) + make_interval(secs => g::float8 / ${BENCH_ROWS} * ${DAYS * 86400}) as create_time,
            ${weighted(r(4), SALUTATIONS)} as salutation,
            case when zh then ${pick(r(5), ZH_FIRST)} else ${pick(r(5), EN_FIRST)} end as first_name,
            case when zh then ${pick(r(6), ZH_LAST)} else ${pick(r(6), EN_LAST)} end as last_name,
            case when zh then ${pick(r(7), ZH_TITLES, '|')} else ${pick(r(7), EN_TITLES, '|')} end as title,
            ${firstAccount}::bigint + floor(r3 * ${ACCOUNTS})::bigint as account_id,
            ${weighted(r(23), SOURCES)} as lead_source,
            string_to_array(case when zh then ${pick(r(27), ZH_CITIES, '|')} else ${pick(r(27), EN_CITIES, '|')} end, ',') as city_parts
          from (
            select g, ${r(1)} < 0.3 as zh, ${r(2)} as r2, ${r(3)} as r3, ${r(8)} as r8, ${r(10)} as r10, ${r(11)} as r11
            from generate_series(${from}::bigint, ${to}::bigint) g
          ) random
        ) contact`);
    }
    console.log(`inserted ${BENCH_ROWS.toLocaleString('en')} contacts; building the indexes again`);
  });
  await vacuumAnalyze(db, 'crm_contact');
  await vacuumAnalyze(db, 'crm_account');
}
