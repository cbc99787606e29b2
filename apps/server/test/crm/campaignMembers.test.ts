import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../helpers/testApp';
import type { caller } from '../helpers/adminApi';
import { campaignApp, listMembers, type CampaignMember } from '../helpers/campaignApi';
import { createLead } from '../helpers/crmApi';
import { purgeRecycleBin } from '../../src/modules/crm/engine/records/purgeRecycleBin';

/**
 * Campaign members from the campaign's side: listing (paged, searchable, within scope), adding
 * leads, changing a member's status in place (the lead's campaign history shows it), removing.
 */
describe('campaign members', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  let mia: ReturnType<typeof caller>; // marketing: campaigns in full, her department's records
  let olivia: ReturnType<typeof caller>; // sales rep: campaigns read-only, her own records
  let emma: ReturnType<typeof caller>; // sales manager: campaigns read-only, Sales East and below
  let ids: Record<string, number>;
  let campaignId: number;

  beforeAll(async () => {
    ({ app, admin, mia, olivia, emma, users: ids } = await campaignApp());
    // These tests are about the data scope: campaigns private, as before Set-up › Sharing (test/crm/sharing.test.ts has the public default).
    expect((await admin('PUT', '/setup/sharing', { module: 'campaign', access: 'private' })).body.code).toBe(200);
    campaignId = (await mia('POST', '/crm/campaign', { name: 'Spring Webinar (members test)' })).body.data as number;
  });
  afterAll(() => app.teardown());

  const members = (call: typeof admin, query = '') => listMembers(call, campaignId, query);

  it('adds leads from the campaign page (duplicates ignored), lists them newest first with name and company, and searches them', async () => {
    const a = await createLead(mia, { firstName: 'Ada', lastName: 'Member', company: 'Alpha Works' });
    const b = await createLead(mia, { firstName: 'Ben', lastName: 'Member', company: 'Beta Mills' });
    const added = await mia('POST', `/crm/campaign/${campaignId}/members`, { leadIds: [a, b, a] });
    expect(added.body).toMatchObject({ code: 200, data: 2, msg: '2 lead(s) added to the campaign' });
    expect((await mia('POST', `/crm/campaign/${campaignId}/members`, { leadIds: [a], status: 'responded' })).body.data).toBe(0);
    const list = await members(mia);
    expect(list.total).toBe(2);
    expect(list.rows.map((m) => [m.leadId, m.name, m.company, m.status])).toEqual([
      [b, 'Ben Member', 'Beta Mills', 'sent'],
      [a, 'Ada Member', 'Alpha Works', 'sent'],
    ]);
    expect((await members(mia, '&q=ALPHA')).rows.map((m) => m.leadId)).toEqual([a]);
    expect((await members(mia, '&q=100%25')).total).toBe(0);
    const page2 = await mia('GET', `/crm/campaign/${campaignId}/members?pageSize=1&pageNum=2`);
    expect(page2.body.total).toBe(2);
    expect(page2.body.rows.map((m: CampaignMember) => m.leadId)).toEqual([a]);
  });

  it('changes a member status in place, and the lead’s campaign history shows the same status', async () => {
    const lead = await createLead(mia, { lastName: 'Status' });
    await mia('POST', `/crm/campaign/${campaignId}/members`, { leadIds: [lead] });
    const member = (await members(mia)).rows.find((m) => m.leadId === lead)!;
    expect((await mia('PUT', `/crm/campaign/members/${member.id}`, { status: 'attended' })).body.code).toBe(200);
    expect((await members(mia)).rows.find((m) => m.leadId === lead)!.status).toBe('attended');
    const history = (await mia('GET', `/crm/leads/${lead}/campaigns`)).body.data as Array<{ id: number; campaignId: number; status: string }>;
    expect(history).toEqual([expect.objectContaining({ id: member.id, campaignId, status: 'attended' })]);
  });

  it('refuses a status outside the dictionary (en and zh) and changes nothing', async () => {
    const lead = await createLead(mia, { lastName: 'BadStatus' });
    const bad = await mia('POST', `/crm/campaign/${campaignId}/members`, { leadIds: [lead], status: 'bogus' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Please choose a valid member status');
    expect((await members(mia)).rows.some((m) => m.leadId === lead)).toBe(false);
    await mia('POST', `/crm/campaign/${campaignId}/members`, { leadIds: [lead] });
    const member = (await members(mia)).rows.find((m) => m.leadId === lead)!;
    const zh = await mia('PUT', `/crm/campaign/members/${member.id}`, { status: "sent'; drop table crm_campaign_member; --" }, { 'accept-language': 'zh' });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('请选择有效的成员状态');
    expect((await mia('PUT', `/crm/campaign/members/${member.id}`, { status: '' })).status).toBe(400);
    expect((await members(mia)).rows.find((m) => m.leadId === lead)!.status).toBe('sent');
    expect((await mia('POST', `/crm/campaign/${campaignId}/members`, { leadIds: [] })).status).toBe(400);
    expect((await mia('POST', `/crm/campaign/${campaignId}/members`, { leadIds: ['1 or 1=1'] })).status).toBe(400);
  });

  it('removes members (the leads stay), all or none', async () => {
    const a = await createLead(mia, { lastName: 'RemoveA' });
    const b = await createLead(mia, { lastName: 'RemoveB' });
    await mia('POST', `/crm/campaign/${campaignId}/members`, { leadIds: [a, b] });
    const rows = (await members(mia)).rows;
    const ma = rows.find((m) => m.leadId === a)!.id;
    const mb = rows.find((m) => m.leadId === b)!.id;
    expect((await mia('DELETE', `/crm/campaign/members/${ma},999999`)).status).toBe(404);
    expect((await members(mia)).rows.some((m) => m.id === ma)).toBe(true);
    const res = await mia('DELETE', `/crm/campaign/members/${ma},${mb}`);
    expect(res.body).toMatchObject({ code: 200, data: 2 });
    expect((await members(mia)).rows.some((m) => m.leadId === a || m.leadId === b)).toBe(false);
    expect((await mia('GET', `/crm/leads/${a}`)).body.code).toBe(200);
    expect((await mia('GET', `/crm/leads/${a}/campaigns`)).body.data).toEqual([]);
  });

  it('needs campaign edit to change members; a campaign out of the reader’s scope is not found', async () => {
    const lead = await createLead(olivia, { lastName: 'RepLead' });
    // Olivia may read campaigns but not change them; and this campaign lies outside her scope anyway.
    expect((await olivia('POST', `/crm/campaign/${campaignId}/members`, { leadIds: [lead] })).status).toBe(403);
    const member = (await members(mia)).rows[0]!;
    expect((await olivia('PUT', `/crm/campaign/members/${member.id}`, { status: 'responded' })).status).toBe(403);
    expect((await olivia('DELETE', `/crm/campaign/members/${member.id}`)).status).toBe(403);
    expect((await members(mia)).rows[0]!.status).toBe(member.status);
    // A campaign out of the reader's scope answers like a missing one.
    expect((await olivia('GET', `/crm/campaign/${campaignId}/members`)).status).toBe(404);
    expect((await mia('GET', '/crm/campaign/999999/members')).status).toBe(404);
  });

  it('a lead out of the caller’s scope is not found (nothing added); members the caller cannot see are not listed nor changed', async () => {
    const own = await createLead(mia, { lastName: 'MiaOwn' });
    const foreign = await createLead(olivia, { lastName: 'OliviaOwn', company: 'Hidden Co' });
    const before = (await members(mia)).total;
    const res = await mia('POST', `/crm/campaign/${campaignId}/members`, { leadIds: [own, foreign] });
    expect(res.status).toBe(404);
    expect((await members(mia)).total).toBe(before);
    // The administrator adds Olivia's lead; Mia (marketing) still does not see it among the members.
    expect((await admin('POST', `/crm/campaign/${campaignId}/members`, { leadIds: [foreign] })).body.data).toBe(1);
    const all = await members(admin);
    expect(all.total).toBe(before + 1);
    expect((await members(mia)).total).toBe(before);
    expect((await members(mia, '&q=hidden')).rows).toEqual([]);
    const hidden = all.rows.find((m) => m.leadId === foreign)!;
    expect((await mia('PUT', `/crm/campaign/members/${hidden.id}`, { status: 'responded' })).status).toBe(404);
    expect((await mia('DELETE', `/crm/campaign/members/${hidden.id}`)).status).toBe(404);
    expect((await members(admin)).rows.find((m) => m.id === hidden.id)!.status).toBe('sent');
    // Olivia's campaign history of her lead leaves out the campaign she may not open.
    expect((await olivia('GET', `/crm/leads/${foreign}/campaigns`)).body.data).toEqual([]);
    expect(((await admin('GET', `/crm/leads/${foreign}/campaigns`)).body.data as unknown[]).length).toBe(1);
  });

  it('the lead list mass action and the campaign page share one membership (the same member row)', async () => {
    const lead = await createLead(emma, { lastName: 'Mass' });
    const campaign = (await admin('POST', '/crm/campaign', { name: 'Mass Action Campaign', ownerId: ids['emma.stone'] })).body.data as number;
    expect((await emma('POST', '/crm/leads/mass/addToCampaign', { ids: [lead], campaignId: campaign, memberStatus: 'opened' })).body.data).toBe(1);
    const res = await emma('GET', `/crm/campaign/${campaign}/members`);
    expect(res.body.rows).toEqual([expect.objectContaining({ leadId: lead, name: 'Mass', status: 'opened' })]);
  });

  it('a purged lead leaves its campaigns, and a purged campaign takes its members with it (the modules’ purge rules)', async () => {
    const lead = await createLead(mia, { lastName: 'Purged member' });
    const kept = await createLead(mia, { lastName: 'Kept member' });
    const campaign = (await mia('POST', '/crm/campaign', { name: 'Purged campaign (members test)' })).body.data as number;
    await mia('POST', `/crm/campaign/${campaignId}/members`, { leadIds: [lead, kept] });
    await mia('POST', `/crm/campaign/${campaign}/members`, { leadIds: [kept] });
    await admin('DELETE', `/crm/leads/${lead}`);
    await admin('DELETE', `/crm/campaign/${campaign}`);
    await app.db.execute(sql`update crm_lead set deleted_at = now() - interval '31 days' where id = ${lead}`);
    await app.db.execute(sql`update crm_campaign set deleted_at = now() - interval '31 days' where id = ${campaign}`);
    expect(await purgeRecycleBin(app.db, app.fileStore)).toBe(2);
    const rows = (await app.db.execute(sql`select campaign_id, lead_id from crm_campaign_member where lead_id in (${lead}, ${kept})`)) as unknown as {
      rows: Array<{ campaign_id: unknown; lead_id: unknown }>;
    };
    expect(rows.rows.map((r) => [Number(r.campaign_id), Number(r.lead_id)])).toEqual([[campaignId, kept]]);
  });
});
