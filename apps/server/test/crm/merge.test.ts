import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NEW_USER_PASSWORD, caller, createRole, createUser, deptIds } from '../helpers/adminApi';
import { createLead, getRecord } from '../helpers/crmApi';
import { signedInApp } from '../helpers/signedInApp';
import { loginAs } from '../helpers/testApp';

type Rows = { rows: Array<Record<string, unknown>> };

/**
 * Merging records (`POST /crm/{module}/merge`, records/mergeRecords.ts): the survivor's values
 * chosen field by field, every lookup (custom ones too) and related record re-pointed, campaign
 * members moved without doubles, history moved, the merged records in the bin with a link, one
 * transaction; permission and data scope on every record.
 */
describe('merge', () => {
  let ctx: Awaited<ReturnType<typeof signedInApp<'admin' | 'noah.king'>>>;
  const admin = () => ctx.as.admin;
  /** A rep who sees their own records and may merge leads (edit and remove). */
  let rep: ReturnType<typeof caller>;
  const olivia = () => rep;
  const rows = async (query: ReturnType<typeof sql>) => ((await ctx.app.db.execute(query)) as unknown as Rows).rows;

  beforeAll(async () => {
    ctx = await signedInApp(['admin', 'noah.king']);
    const depts = await deptIds(admin());
    const perms = ['list', 'query', 'add', 'edit', 'remove'].flatMap((p) => [`crm:leads:${p}`, `crm:task:${p}`]);
    const role = await createRole(admin(), 'merge_rep', perms, '5');
    await createUser(admin(), 'merge.rep', depts['Sales East']!, [role]);
    rep = caller(ctx.app, await loginAs(ctx.app, 'merge.rep', NEW_USER_PASSWORD));
  });
  afterAll(() => ctx.app.teardown());

  it('leads: values field by field, campaign members moved (a double dropped), related tasks and history moved, merged ones in the bin', async () => {
    const survivor = await createLead(olivia(), { firstName: 'Ann', lastName: 'Merge', company: 'Old Co', email: 'ann@merge.example' });
    const merged = await createLead(olivia(), { firstName: 'Anne', lastName: 'Merge', company: 'New Co', phone: '555 0100' });
    const third = await createLead(olivia(), { lastName: 'Merge', title: 'CTO' });
    const [spring, autumn] = [
      (await admin()('POST', '/crm/campaign', { name: 'Merge spring' })).body.data as number,
      (await admin()('POST', '/crm/campaign', { name: 'Merge autumn' })).body.data as number,
    ];
    expect((await admin()('POST', '/crm/leads/mass/addToCampaign', { ids: [survivor, merged], campaignId: spring })).body.code).toBe(200);
    expect((await admin()('POST', '/crm/leads/mass/addToCampaign', { ids: [merged, third], campaignId: autumn })).body.code).toBe(200);
    const task = (await olivia()('POST', '/crm/task', { subject: 'Call Anne', dueDate: '2026-12-01', name: { module: 'leads', id: merged } })).body.data as number;

    const res = await olivia()('POST', '/crm/leads/merge', { survivorId: survivor, mergedIds: [merged, third], values: { company: merged, phone: merged, title: third, email: survivor } });
    expect(res.body, res.body.msg).toMatchObject({ code: 200, msg: '2 record(s) merged' });

    expect(await getRecord(olivia(), 'leads', survivor)).toMatchObject({ firstName: 'Ann', company: 'New Co', phone: '555 0100', title: 'CTO', email: 'ann@merge.example' });
    const members = await rows(sql`select campaign_id::int as campaign_id, lead_id::int as lead_id from crm_campaign_member where campaign_id in (${spring}, ${autumn}) order by campaign_id`);
    expect(members).toEqual([
      { campaign_id: spring, lead_id: survivor },
      { campaign_id: autumn, lead_id: survivor },
    ]);
    expect((await getRecord(olivia(), 'task', task)).name).toEqual({ module: 'leads', id: survivor });

    const history = (await olivia()('GET', `/crm/leads/${survivor}/history?pageSize=50`)).body.rows as Array<{ action: string; newValue: unknown }>;
    expect(history[0]).toMatchObject({ action: 'merge', newValue: [`Anne Merge #${merged}`, `Merge #${third}`] });
    // The merged records' history (their creation) moved to the survivor.
    expect(history.filter((h) => h.action === 'create')).toHaveLength(3);
    for (const id of [merged, third]) expect((await olivia()('GET', `/crm/leads/${id}`)).status).toBe(404);

    const bin = (await olivia()('GET', '/crm/leads/recycleBin?pageSize=50')).body.rows as Array<{ id: number; mergedInto: number | null }>;
    expect(bin.filter((r) => r.id === merged || r.id === third).map((r) => r.mergedInto)).toEqual([survivor, survivor]);
  });

  it('accounts: every lookup pointing at the merged ones (standard and custom, in every module) follows the survivor; a parent merged into its child is not its own parent', async () => {
    const field = await admin()('POST', '/setup/opportunity/fields', { name: 'partnerAccount', type: 'lookup', lookupModule: 'account', labelEn: 'Partner', labelZh: '合作伙伴' });
    expect(field.body.code, field.body.msg).toBe(200);
    const parent = (await admin()('POST', '/crm/account', { name: 'Merge Parent' })).body.data as number;
    const child = (await admin()('POST', '/crm/account', { name: 'Merge Child', parentAccountId: parent })).body.data as number;
    const other = (await admin()('POST', '/crm/account', { name: 'Merge Other', parentAccountId: parent })).body.data as number;
    const opp = (await admin()('POST', '/crm/opportunity', { name: 'Merge deal', accountId: parent, partnerAccount: parent, closeDate: '2026-12-31' })).body;
    expect(opp.code, opp.msg).toBe(200);
    const contact = (await admin()('POST', '/crm/contact', { lastName: 'Merge', accountId: parent })).body.data as number;

    const res = await admin()('POST', '/crm/account/merge', { survivorId: child, mergedIds: [parent], values: {} });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(await getRecord(admin(), 'opportunity', opp.data)).toMatchObject({ accountId: child, partnerAccount: child });
    expect(await getRecord(admin(), 'contact', contact)).toMatchObject({ accountId: child });
    expect(await getRecord(admin(), 'account', other)).toMatchObject({ parentAccountId: child });
    expect(await getRecord(admin(), 'account', child)).toMatchObject({ parentAccountId: null });
  });

  it('contacts: their roles on opportunities move to the survivor through the opportunity module’s merge hook', async () => {
    const account = (await admin()('POST', '/crm/account', { name: 'Merge Roles Account' })).body.data as number;
    const [keep, gone] = [
      (await admin()('POST', '/crm/contact', { lastName: 'Keep', accountId: account })).body.data as number,
      (await admin()('POST', '/crm/contact', { lastName: 'Gone', accountId: account })).body.data as number,
    ];
    const opp = (await admin()('POST', '/crm/opportunity', { name: 'Merge roles deal', accountId: account, closeDate: '2026-12-31' })).body.data as number;
    const added = await admin()('POST', `/crm/opportunity/${opp}/contact-roles`, { contactId: gone, role: 'decision_maker', isPrimary: true });
    expect(added.body.code, added.body.msg).toBe(200);
    expect((await admin()('POST', '/crm/contact/merge', { survivorId: keep, mergedIds: [gone] })).body.code).toBe(200);
    expect(await rows(sql`select contact_id::int as contact_id, is_primary from crm_opportunity_contact_role where opportunity_id = ${opp}`)).toEqual([{ contact_id: keep, is_primary: true }]);
  });

  it('contacts: their places at meetings move to the survivor, one per meeting', async () => {
    const account = (await admin()('POST', '/crm/account', { name: 'Merge Attendees Account' })).body.data as number;
    const contact = async (lastName: string) => (await admin()('POST', '/crm/contact', { lastName, accountId: account })).body.data as number;
    const [keep, gone, other] = [await contact('Keep'), await contact('Gone'), await contact('Other')];
    const meeting = async (people: number[]) => {
      const res = await admin()('POST', '/crm/activity', {
        kind: 'meeting', subject: 'Merge meeting', relatedTo: { module: 'account', id: account }, startAt: '2031-01-05T09:00:00Z',
        attendees: { users: [], people: people.map((id) => ({ module: 'contact', id })) },
      });
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data as number;
    };
    const [both, goneOnly] = [await meeting([keep, gone, other]), await meeting([gone])];
    expect((await admin()('POST', '/crm/contact/merge', { survivorId: keep, mergedIds: [gone] })).body.code).toBe(200);
    const people = async (activity: number) =>
      (await rows(sql`select person_id::int as id from crm_activity_attendee where activity_id = ${activity} order by person_id`)).map((r) => r.id);
    expect(await people(both)).toEqual([keep, other].sort((a, b) => a - b));
    expect(await people(goneOnly)).toEqual([keep]);
  });

  it('refuses a bad request, changing nothing: the survivor among the merged, a value from elsewhere, a system field, too many records', async () => {
    const [a, b, c, d] = [await createLead(olivia()), await createLead(olivia()), await createLead(olivia()), await createLead(olivia())];
    expect((await olivia()('POST', '/crm/leads/merge', { survivorId: a, mergedIds: [a] })).body).toMatchObject({ code: 400, msg: 'The surviving record cannot also be one of those merged into it' });
    expect((await olivia()('POST', '/crm/leads/merge', { survivorId: a, mergedIds: [b], values: { company: c } })).body).toMatchObject({ code: 400, msg: 'The value of Company must come from one of the records being merged' });
    expect((await olivia()('POST', '/crm/leads/merge', { survivorId: a, mergedIds: [b], values: { createTime: b } })).body.code).toBe(400);
    expect((await olivia()('POST', '/crm/leads/merge', { survivorId: a, mergedIds: [b, c, d] })).body).toMatchObject({ code: 400, msg: 'Please select two or three records to merge' });
    for (const id of [a, b, c, d]) expect((await olivia()('GET', `/crm/leads/${id}`)).status).toBe(200);
  });

  it('needs edit and remove; every record within the caller’s data scope (else 404, nothing changed)', async () => {
    const depts = await deptIds(admin());
    const role = await createRole(admin(), 'merge_editor', ['crm:leads:list', 'crm:leads:query', 'crm:leads:add', 'crm:leads:edit'], '1');
    await createUser(admin(), 'merge.editor', depts['Sales East']!, [role]);
    const editor = caller(ctx.app, await loginAs(ctx.app, 'merge.editor', NEW_USER_PASSWORD));
    const [a, b] = [await createLead(admin()), await createLead(admin())];
    expect((await editor('POST', '/crm/leads/merge', { survivorId: a, mergedIds: [b] })).status).toBe(403);

    const mine = await createLead(olivia(), { company: 'Mine' });
    const noahs = await createLead(ctx.as['noah.king'], { company: 'Noah’s' });
    const refused = await olivia()('POST', '/crm/leads/merge', { survivorId: mine, mergedIds: [noahs], values: { company: noahs } });
    expect(refused.status).toBe(404);
    expect((await getRecord(ctx.as['noah.king'], 'leads', noahs)).company).toBe('Noah’s');
    expect((await getRecord(olivia(), 'leads', mine)).company).toBe('Mine');
  });

  it('is one transaction: a failure after the references moved leaves everything as it was', async () => {
    const survivor = await createLead(olivia(), { company: 'Before' });
    const merged = await createLead(olivia(), { company: 'Other' });
    const campaign = (await admin()('POST', '/crm/campaign', { name: 'Merge rollback' })).body.data as number;
    await admin()('POST', '/crm/leads/mass/addToCampaign', { ids: [merged], campaignId: campaign });
    const task = (await olivia()('POST', '/crm/task', { subject: 'Rollback', dueDate: '2026-12-01', name: { module: 'leads', id: merged } })).body.data as number;
    // The last step, moving the merged lead to the bin, fails.
    await ctx.app.db.execute(sql.raw(`create function merge_trap() returns trigger language plpgsql as $$ begin raise exception 'trap'; end $$`));
    await ctx.app.db.execute(sql.raw(`create trigger merge_trap before update on crm_lead for each row when (new.deleted_at is not null and old.id = ${merged}) execute function merge_trap()`));
    try {
      const res = await olivia()('POST', '/crm/leads/merge', { survivorId: survivor, mergedIds: [merged], values: { company: merged } });
      expect(res.status).toBe(500);
    } finally {
      await ctx.app.db.execute(sql.raw('drop trigger merge_trap on crm_lead'));
      await ctx.app.db.execute(sql.raw('drop function merge_trap()'));
    }
    expect((await getRecord(olivia(), 'leads', survivor)).company).toBe('Before');
    expect((await getRecord(olivia(), 'leads', merged)).company).toBe('Other');
    expect((await getRecord(olivia(), 'task', task)).name).toEqual({ module: 'leads', id: merged });
    expect(await rows(sql`select lead_id::int as lead_id from crm_campaign_member where campaign_id = ${campaign}`)).toEqual([{ lead_id: merged }]);
    const history = (await olivia()('GET', `/crm/leads/${merged}/history`)).body.rows as unknown[];
    expect(history).toHaveLength(1);
  });
});
