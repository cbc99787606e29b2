import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPPORTUNITY_STAGE_DICT } from '@orbit/shared/constants';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { calendar, dayOf } from '../../src/db/seed/demo/calendar';
import { caller } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

const TABLES = { leads: 'crm_lead', opportunity: 'crm_opportunity', account: 'crm_account', task: 'crm_task', campaign: 'crm_campaign', contact: 'crm_contact', activity: 'crm_activity' } as const;

/**
 * The demo data looks like a real company's CRM on first start: a pipeline over every stage and
 * the last four quarters with consistent stage history, an account hierarchy, tasks due now across
 * owners, campaigns with members and costs, and a 'create' history row for every record.
 */
describe('demo business records', () => {
  let app: TestApp;
  const rows = async <T = Record<string, unknown>>(query: SQL) => ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
  const number = async (query: SQL) => Number(Object.values((await rows(query))[0]!)[0]);
  const today = dayOf(new Date());

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  it('has opportunities in every stage of the stage dictionary, each with the stage’s probability', async () => {
    const stages = await rows<{ value: string; probability: unknown; n: unknown }>(sql`
      select d.dict_value as value, d.extra->>'probability' as probability, count(o.id) as n
      from sys_dict_data d left join crm_opportunity o on o.stage = d.dict_value
      where d.dict_type = ${OPPORTUNITY_STAGE_DICT} group by d.dict_value, d.extra`);
    expect(stages.length).toBeGreaterThanOrEqual(7);
    for (const s of stages) expect(Number(s.n), s.value).toBeGreaterThanOrEqual(3);
    const total = await number(sql`select count(*) from crm_opportunity`);
    expect(total).toBeGreaterThanOrEqual(120);
    expect(total).toBeLessThanOrEqual(200);
    const mismatched = await number(sql`
      select count(*) from crm_opportunity o join sys_dict_data d on d.dict_type = ${OPPORTUNITY_STAGE_DICT} and d.dict_value = o.stage
      where o.probability is distinct from (d.extra->>'probability')::numeric`);
    expect(mismatched).toBe(0);
    expect(await number(sql`select count(*) from crm_opportunity where stage = 'closed_lost' and coalesce(loss_reason, '') = ''`)).toBe(0);
    expect(await number(sql`select count(*) from crm_opportunity where amount is null or amount <= 0`)).toBe(0);
  });

  it('closes deals in this quarter and in each of the last four, in the past; open ones mostly close ahead', async () => {
    const cal = calendar(new Date());
    for (let q = -4; q <= 0; q++) {
      const { first, last } = cal.quarter(q);
      const closed = await rows<{ stage: string; n: unknown }>(sql`
        select stage, count(*) as n from crm_opportunity where stage in ('closed_won', 'closed_lost')
        and close_date between ${cal.day(first)}::date and ${cal.day(Math.min(last, 0))}::date group by stage`);
      const won = Number(closed.find((c) => c.stage === 'closed_won')?.n ?? 0);
      expect(won, `won in quarter ${q}`).toBeGreaterThan(0);
      if (q < 0) expect(Number(closed.find((c) => c.stage === 'closed_lost')?.n ?? 0), `lost in quarter ${q}`).toBeGreaterThan(0);
    }
    expect(await number(sql`select count(*) from crm_opportunity where stage in ('closed_won', 'closed_lost') and close_date > ${today}::date`)).toBe(0);
    const open = await rows<{ ahead: boolean; n: unknown }>(sql`
      select close_date >= ${today}::date as ahead, count(*) as n from crm_opportunity where stage not in ('closed_won', 'closed_lost') group by 1`);
    const ahead = Number(open.find((o) => o.ahead)?.n ?? 0);
    const behind = Number(open.find((o) => !o.ahead)?.n ?? 0);
    expect(ahead).toBeGreaterThan(behind * 5);
  });

  it('gives every opportunity a stage history that ends at its current stage', async () => {
    const history = await rows<{ id: unknown; stage: string; create_time: unknown; steps: Array<{ from: string; to: string; at: string }> | string | null }>(sql`
      select o.id, o.stage, o.create_time,
        (select json_agg(json_build_object('from', h.old_value, 'to', h.new_value, 'at', h.create_time) order by h.id)
          from crm_record_history h where h.module = 'opportunity' and h.record_id = o.id and h.action = 'update' and h.field = 'stage') as steps
      from crm_opportunity o`);
    let moved = 0;
    for (const o of history) {
      const steps = (typeof o.steps === 'string' ? JSON.parse(o.steps) : (o.steps ?? [])) as Array<{ from: string; to: string; at: string }>;
      if (!steps.length) {
        expect(['prospecting', 'qualification'], String(o.id)).toContain(o.stage);
        continue;
      }
      moved++;
      expect(steps.at(-1)!.to, String(o.id)).toBe(o.stage);
      for (let i = 1; i < steps.length; i++) {
        expect(steps[i]!.from, String(o.id)).toBe(steps[i - 1]!.to);
        expect(new Date(steps[i]!.at).getTime()).toBeGreaterThanOrEqual(new Date(steps[i - 1]!.at).getTime());
      }
      expect(new Date(steps[0]!.at).getTime()).toBeGreaterThan(new Date(String(o.create_time)).getTime());
      expect(new Date(steps.at(-1)!.at).getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(moved).toBeGreaterThan(history.length / 2);
  });

  it('writes exactly one create history row, at its creation, for every record of every module', async () => {
    for (const module of CRM_MODULES) {
      const table = sql.identifier(TABLES[module]);
      const records = await number(sql`select count(*) from ${table}`);
      expect(records, module).toBeGreaterThan(0);
      const matched = await number(sql`
        select count(*) from ${table} r join crm_record_history h on h.module = ${module} and h.record_id = r.id and h.action = 'create' and h.create_time = r.create_time`);
      expect(matched, module).toBe(records);
      expect(await number(sql`select count(*) from crm_record_history where module = ${module} and action = 'create'`), module).toBe(records);
    }
  });

  it('keeps conversions consistent: the lead, its account, its opportunity and its campaign agree', async () => {
    const converted = await rows<{ lead: unknown; ok: boolean }>(sql`
      select l.id as lead, (o.source_lead_id = l.id and o.account_id = l.converted_account_id and o.campaign_id is not distinct from l.campaign_id
        and o.create_time >= l.create_time and l.converted_at >= l.create_time) as ok
      from crm_lead l join crm_opportunity o on o.id = l.converted_opportunity_id where l.status = 'converted'`);
    expect(converted.length).toBeGreaterThanOrEqual(20);
    expect(converted.filter((c) => !c.ok)).toEqual([]);
    expect(await number(sql`select count(*) from crm_lead where status = 'converted' and converted_opportunity_id is null`)).toBe(0);
  });

  it('has 2–5 people at every account (Chinese at Chinese companies), the converted leads among them, some reporting to a colleague', async () => {
    const perAccount = await rows<{ name: string; made: unknown; converted: unknown }>(sql`
      select a.name, count(c.id) filter (where c.source_lead_id is null) as made, count(c.id) filter (where c.source_lead_id is not null) as converted
      from crm_account a left join crm_contact c on c.account_id = a.id group by a.id, a.name`);
    for (const a of perAccount) {
      expect(Number(a.made) + Number(a.converted), a.name).toBeGreaterThanOrEqual(2);
      expect(Number(a.made), a.name).toBeLessThanOrEqual(5);
    }
    const chinese = /[\u4e00-\u9fff]/;
    const people = await rows<{ account: string; first: string; last: string }>(sql`
      select a.name as account, c.first_name as first, c.last_name as last from crm_contact c join crm_account a on a.id = c.account_id`);
    expect(people.filter((p) => chinese.test(p.account) !== chinese.test(`${p.first}${p.last}`))).toEqual([]);
    expect(people.some((p) => chinese.test(p.last))).toBe(true);
    // Every converted lead is a contact of its account, created from it, and points at it.
    expect(await number(sql`select count(*) from crm_lead where status = 'converted'`)).toBe(
      await number(sql`
        select count(*) from crm_lead l join crm_contact c on c.id = l.converted_contact_id
        where c.source_lead_id = l.id and c.account_id = l.converted_account_id and c.owner_id = l.owner_id
          and c.last_name = l.last_name and c.email is not distinct from l.email and c.create_time >= l.create_time`),
    );
    // Reporting lines stay within one account, and there are some.
    expect(await number(sql`select count(*) from crm_contact c join crm_contact m on m.id = c.reports_to_id where m.account_id is distinct from c.account_id`)).toBe(0);
    expect(await number(sql`select count(*) from crm_contact where reports_to_id is not null`)).toBeGreaterThanOrEqual(10);
    // Owned as their account is (converted ones: as their lead was), created after the account.
    expect(await number(sql`
      select count(*) from crm_contact c join crm_account a on a.id = c.account_id
      where (c.source_lead_id is null and c.owner_id <> a.owner_id) or c.create_time < a.create_time or c.dept_id is distinct from (select dept_id from sys_user where user_id = c.owner_id)`)).toBe(0);
  });

  it('has an account hierarchy two levels deep, and addresses on every account', async () => {
    const trees = await rows<{ parent: string; child: string; grandchild: string }>(sql`
      select p.name as parent, c.name as child, g.name as grandchild from crm_account p
      join crm_account c on c.parent_account_id = p.id join crm_account g on g.parent_account_id = c.id`);
    expect(trees.length).toBeGreaterThan(0);
    expect(await number(sql`select count(distinct parent_account_id) from crm_account`)).toBeGreaterThanOrEqual(3);
    expect(await number(sql`select count(*) from crm_account where billing_street is null or billing_city is null or shipping_city is null`)).toBe(0);
    expect(await number(sql`select count(distinct owner_id) from crm_account`)).toBeGreaterThanOrEqual(5);
  });

  it('has open tasks overdue and due today for several owners, done ones with a completion time, and reminders due and coming', async () => {
    const due = await rows<{ overdue: unknown; today: unknown }>(sql`
      select count(distinct owner_id) filter (where due_date < ${today}::date) as overdue, count(distinct owner_id) filter (where due_date = ${today}::date) as today
      from crm_task where status <> 'completed'`);
    expect(Number(due[0]!.overdue)).toBeGreaterThanOrEqual(2);
    expect(Number(due[0]!.today)).toBeGreaterThanOrEqual(2);
    const tasks = await number(sql`select count(*) from crm_task`);
    expect(tasks).toBeGreaterThanOrEqual(60);
    expect(await number(sql`select count(*) from crm_task where (status = 'completed') <> (completed_at is not null)`)).toBe(0);
    expect(await number(sql`select count(*) from crm_task where status = 'completed'`)).toBeGreaterThan(0);
    // A lead is what a task names; the business is what it is related to (Salesforce's Name and Related To).
    const related = await rows<{ module: string }>(sql`select distinct related_to_module as module from crm_task where related_to_module is not null`);
    expect(related.map((r) => r.module).sort()).toEqual(['account', 'campaign', 'opportunity']);
    const named = await rows<{ module: string }>(sql`select distinct name_module as module from crm_task where name_module is not null`);
    expect(named.map((r) => r.module)).toEqual(['leads']);
    expect(await number(sql`select count(*) from crm_task where name_id is null and related_to_id is null`)).toBe(0);
    const now = new Date().toISOString();
    expect(await number(sql`select count(*) from crm_task where status <> 'completed' and reminder_at <= ${now}::timestamptz and reminder_at > ${now}::timestamptz - interval '1 day'`)).toBeGreaterThan(0);
    expect(await number(sql`select count(*) from crm_task where reminder_at > ${now}::timestamptz`)).toBeGreaterThan(0);
  });

  it('has campaigns under programmes, with members, actual costs, and one paying off and one not', async () => {
    expect(await number(sql`select count(*) from crm_campaign`)).toBeGreaterThanOrEqual(8);
    const events = await rows<{ name: string }>(sql`
      select c.name from crm_campaign c join crm_campaign p on p.id = c.parent_campaign_id where p.name = '2026 Events' order by c.name`);
    expect(events.map((e) => e.name)).toEqual(['Global Tech Expo 2026', '年度客户答谢会']);
    const figures = await rows<{ name: string; cost: unknown; members: unknown; responses: unknown; won: unknown }>(sql`
      select c.name, c.actual_cost as cost,
        (select count(*) from crm_campaign_member m where m.campaign_id = c.id) as members,
        (select count(*) from crm_campaign_member m where m.campaign_id = c.id and m.status in ('responded', 'attended')) as responses,
        (select coalesce(sum(o.amount), 0) from crm_opportunity o where o.campaign_id = c.id and o.stage = 'closed_won') as won
      from crm_campaign c`);
    const costed = figures.filter((f) => Number(f.cost) > 0 && Number(f.members) >= 5 && Number(f.responses) > 0);
    expect(costed.length).toBeGreaterThanOrEqual(4);
    expect(costed.some((f) => Number(f.won) > Number(f.cost))).toBe(true);
    expect(costed.some((f) => Number(f.won) > 0 && Number(f.won) < Number(f.cost))).toBe(true);
    // A converted member of a campaign answered it.
    expect(await number(sql`
      select count(*) from crm_campaign_member m join crm_lead l on l.id = m.lead_id and l.campaign_id = m.campaign_id
      where l.status = 'converted' and m.status not in ('responded', 'attended')`)).toBe(0);
  });

  it('data scope: a rep sees fewer opportunities, accounts, contacts and tasks than their manager, who sees fewer than the administrator', async () => {
    const totalOf = async (user: string, module: string) => (await caller(app, await loginAs(app, user))('GET', `/crm/${module}/list`)).body.total as number;
    for (const module of ['opportunity', 'account', 'contact', 'task']) {
      const [admin, manager, rep] = [await totalOf('admin', module), await totalOf('emma.stone', module), await totalOf('olivia.park', module)];
      expect(rep, module).toBeGreaterThan(0);
      expect(rep, module).toBeLessThan(manager);
      expect(manager, module).toBeLessThan(admin);
      expect(admin, module).toBe(await number(sql`select count(*) from ${sql.identifier(TABLES[module as keyof typeof TABLES])} where deleted_at is null`));
    }
  });
});
