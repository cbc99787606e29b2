/**
 * A campaign with 100,000 members (BENCH_MEMBERS), written by PostgreSQL itself into a database
 * with the demo organisation, for the campaign figures benchmark:
 *
 * - leads: 3 × the members, across the demo's sales people and marketers (each in its owner's
 *   department), one in five converted;
 * - "Bench Launch" (owned by a marketer, with an actual cost) and below it five child campaigns,
 *   two grandchildren under the first child, each child with 10 % of the members again (half of
 *   them also members of the parent); fifty unrelated campaigns with 2 % of the members each;
 * - contacts: a fifth of the members again (BENCH_CONTACT_MEMBERS), every one a member of "Bench
 *   Launch" beside its leads (campaign members are leads or contacts, issue 30);
 * - member statuses by weight (sent, opened, responded, attended, unsubscribed);
 * - an opportunity for every converted lead (source lead), stages by weight with amounts, plus as
 *   many unrelated opportunities as members, and eight hundred naming the campaigns directly.
 *
 * The lead and opportunity indexes are dropped for the load and built again after.
 *
 * Random choices are hashes of the row number (hashint8extended), so every fill is the same.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/modules/crm/engine/query/sql';
import { vacuumAnalyze } from './benchDatabase';

export const BENCH_MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
export const BENCH_CAMPAIGN = 'Bench Launch';
export const BENCH_CONTACT_MEMBERS = Number(process.env.BENCH_CONTACT_MEMBERS ?? BENCH_MEMBERS / 5);
const LEADS = BENCH_MEMBERS * 3;
const OWNERS = ['olivia.park', 'grace.hall', 'emma.stone', 'noah.king', 'liam.brooks', 'mia.chen', 'lucas.wang'];

/** Row g's k-th random number in [0, 1). */
const r = (k: number) => sql.raw(`((hashint8extended(g, ${k}) & 1073741823)::float8 / 1073741824)`);
const memberStatus = sql`case when ${r(31)} < 0.5 then 'sent' when ${r(31)} < 0.75 then 'opened' when ${r(31)} < 0.9 then 'responded' when ${r(31)} < 0.95 then 'attended' else 'unsubscribed' end`;

export async function campaignsFilled(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ n: unknown }>(db, sql`select count(*) as n from crm_campaign where name = ${BENCH_CAMPAIGN}`);
  return Number(row?.n ?? 0) > 0;
}

/** Drops a table's indexes (but its primary key) for a bulk load; answers how to build them again. */
async function dropIndexes(db: Db, table: string): Promise<() => Promise<void>> {
  const indexes = await rowsOf<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes where tablename = ${table} and indexname <> ${`${table}_pkey`}`,
  );
  for (const { name } of indexes) await db.execute(sql`drop index ${sql.identifier(name)}`);
  return () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      for (const { definition } of indexes) await tx.execute(sql.raw(definition));
    });
}

export async function fillCampaigns(db: Db): Promise<void> {
  const users = await rowsOf<{ user_name: string; user_id: unknown; dept_id: unknown }>(db, sql`select user_name, user_id, dept_id from sys_user`);
  const owner = (name: string) => users.find((u) => u.user_name === name)!;
  const owners = OWNERS.map(owner);
  const ownerIds = sql`(array[${sql.join(owners.map((o) => sql`${Number(o.user_id)}::bigint`), sql`, `)}])`;
  const deptIds = sql`(array[${sql.join(owners.map((o) => sql`${Number(o.dept_id)}::bigint`), sql`, `)}])`;
  const mia = owner('mia.chen');
  const [lead0] = await rowsOf<{ n: unknown }>(db, sql`select coalesce(max(id), 0) as n from crm_lead`);
  const base = Number(lead0!.n);

  // Much faster than keeping some twenty indexes (trigram ones among them) up to date row by row.
  const rebuildLeads = await dropIndexes(db, 'crm_lead');
  const rebuildOpportunities = await dropIndexes(db, 'crm_opportunity');
  await db.execute(sql`
    insert into crm_lead (id, owner_id, dept_id, create_by, first_name, last_name, company, email, lead_source, status, converted_at)
    select ${base} + g, ${ownerIds}[1 + (g % ${owners.length})], ${deptIds}[1 + (g % ${owners.length})], ${ownerIds}[1 + (g % ${owners.length})],
      'Bench', 'Member ' || g, 'Company ' || (g % 5000), 'member' || g || '@example.com', 'campaign',
      case when g % 5 = 0 then 'converted' else 'contacted' end, case when g % 5 = 0 then now() - make_interval(days => (g % 90)::int) end
    from generate_series(1, ${LEADS}) g`);
  await db.execute(sql`select setval(pg_get_serial_sequence('crm_lead', 'id'), (select max(id) from crm_lead))`);

  const campaign = async (name: string, parent: number | null, cost: number | null) => {
    const [row] = await rowsOf<{ id: unknown }>(
      db,
      sql`insert into crm_campaign (owner_id, dept_id, create_by, name, status, active, parent_campaign_id, actual_cost, budgeted_cost)
          values (${Number(mia.user_id)}, ${Number(mia.dept_id)}, ${Number(mia.user_id)}, ${name}, 'active', true, ${parent}, ${cost}, ${cost}) returning id`,
    );
    return Number(row!.id);
  };
  const parent = await campaign(BENCH_CAMPAIGN, null, 250_000);
  const children: number[] = [];
  for (let i = 1; i <= 5; i++) children.push(await campaign(`${BENCH_CAMPAIGN} · wave ${i}`, parent, 20_000));
  const grandchildren = [await campaign(`${BENCH_CAMPAIGN} · wave 1 · mailing`, children[0]!, 5_000), await campaign(`${BENCH_CAMPAIGN} · wave 1 · webinar`, children[0]!, null)];
  const others: number[] = [];
  for (let i = 1; i <= 50; i++) others.push(await campaign(`Bench Other ${i}`, null, 10_000));

  const members = async (campaignId: number, from: number, count: number, salt: number) =>
    db.execute(sql`
      insert into crm_campaign_member (campaign_id, lead_id, status, create_by, create_time)
      select ${campaignId}, ${base} + g, ${memberStatus}, ${Number(mia.user_id)}, now() - make_interval(days => ((g + ${salt}) % 60)::int)
      from generate_series(${from}::bigint, ${from + count - 1}::bigint) g on conflict do nothing`);
  await members(parent, 1, BENCH_MEMBERS, 0);
  const childSize = Math.floor(BENCH_MEMBERS / 10);
  for (const [i, id] of [...children, ...grandchildren].entries()) await members(id, BENCH_MEMBERS - childSize / 2 + i * childSize, childSize, i);
  for (const [i, id] of others.entries()) await members(id, 1 + ((i * 7919) % (LEADS - BENCH_MEMBERS / 50)), BENCH_MEMBERS / 50, i);

  // Contacts of the same owners, each a member of the parent campaign.
  const rebuildContacts = await dropIndexes(db, 'crm_contact');
  const [contact0] = await rowsOf<{ n: unknown }>(db, sql`select coalesce(max(id), 0) as n from crm_contact`);
  const contactBase = Number(contact0!.n);
  await db.execute(sql`
    insert into crm_contact (id, owner_id, dept_id, create_by, first_name, last_name, email)
    select ${contactBase} + g, ${ownerIds}[1 + (g % ${owners.length})], ${deptIds}[1 + (g % ${owners.length})], ${ownerIds}[1 + (g % ${owners.length})],
      'Bench', 'Contact ' || g, 'contact' || g || '@example.com'
    from generate_series(1, ${BENCH_CONTACT_MEMBERS}) g`);
  await db.execute(sql`select setval(pg_get_serial_sequence('crm_contact', 'id'), (select max(id) from crm_contact))`);
  await rebuildContacts();
  await db.execute(sql`
    insert into crm_campaign_member (campaign_id, contact_id, status, create_by, create_time)
    select ${parent}, ${contactBase} + g, ${memberStatus}, ${Number(mia.user_id)}, now() - make_interval(days => (g % 60)::int)
    from generate_series(1, ${BENCH_CONTACT_MEMBERS}) g`);

  const [account] = await rowsOf<{ id: unknown }>(db, sql`select min(id) as id from crm_account`);
  const stage = sql`case when ${r(41)} < 0.3 then 'closed_won' when ${r(41)} < 0.5 then 'closed_lost' when ${r(41)} < 0.7 then 'proposal' else 'qualification' end`;
  const opportunity = (where: ReturnType<typeof sql>, campaignId: ReturnType<typeof sql>, sourceLead: ReturnType<typeof sql>) => sql`
    insert into crm_opportunity (owner_id, dept_id, create_by, name, account_id, close_date, stage, probability, amount, source_lead_id, campaign_id)
    select ${ownerIds}[1 + (g % ${owners.length})], ${deptIds}[1 + (g % ${owners.length})], ${ownerIds}[1 + (g % ${owners.length})], 'Bench deal ' || g,
      ${account?.id ?? null}, current_date + ((g % 120) - 60)::int, ${stage}, 50, (1 + floor(${r(42)} * 200))::int * 500, ${sourceLead}, ${campaignId}
    from generate_series(1, ${LEADS}) g where ${where}`;
  // One per converted lead, from it; as many again unrelated; a few hundred naming the campaigns.
  await db.execute(opportunity(sql`g % 5 = 0`, sql`null`, sql`${base} + g`));
  await db.execute(opportunity(sql`g <= ${BENCH_MEMBERS}`, sql`null`, sql`null`));
  const named = [parent, ...children, ...grandchildren, ...others];
  await db.execute(opportunity(sql`g <= 800`, sql`(array[${sql.join(named.map((id) => sql`${id}::bigint`), sql`, `)}])[1 + (g % ${named.length})]`, sql`null`));

  await rebuildLeads();
  await rebuildOpportunities();
  for (const table of ['crm_lead', 'crm_contact', 'crm_campaign', 'crm_campaign_member', 'crm_opportunity']) await vacuumAnalyze(db, table);
}
