import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../helpers/testApp';
import type { caller } from '../helpers/adminApi';
import { campaignApp, listMembers } from '../helpers/campaignApi';
import { createLead } from '../helpers/crmApi';
import { moveCampaignMemberships } from '../../src/modules/crm/campaign/campaignMemberships';
import { purgeRecycleBin } from '../../src/modules/crm/engine/records/purgeRecycleBin';

type Call = ReturnType<typeof caller>;

/**
 * Contacts as campaign members beside leads (issue 30): added from the contact list, an account and
 * the campaign page; one member list with a type; figures counting both; the contact's and the
 * account's campaign history; data scope; purge; and moving memberships for a merge.
 */
describe('campaign members: contacts', () => {
  let app: TestApp;
  let admin: Call;
  let mia: Call; // marketing: campaigns in full, contacts read-only, her department's records
  let olivia: Call; // sales rep: contacts in full, campaigns read-only, her own records
  let emma: Call; // sales manager: everything of Sales East and below
  let users: Record<string, number>;

  beforeAll(async () => {
    ({ app, admin, mia, olivia, emma, users } = await campaignApp());
    // Data-scope tests: campaigns private, as before Set-up › Sharing (test/crm/sharing.test.ts has the public read-only default).
    expect((await admin('PUT', '/setup/sharing', { module: 'campaign', access: 'private' })).body.code).toBe(200);
  });
  afterAll(() => app.teardown());

  const create = async (call: Call, module: string, body: Record<string, unknown>) => {
    const res = await call('POST', `/crm/${module}`, body);
    if (res.body.code !== 200) throw new Error(`${module}: ${res.body.msg} ${JSON.stringify(res.body.errors ?? {})}`);
    return res.body.data as number;
  };
  const members = listMembers;
  const memberRows = async (campaignId: number) =>
    ((await app.db.execute(sql`select lead_id, contact_id, status from crm_campaign_member where campaign_id = ${campaignId} order by id`)) as unknown as {
      rows: Array<{ lead_id: unknown; contact_id: unknown; status: unknown }>;
    }).rows.map((r) => [r.lead_id === null ? null : Number(r.lead_id), r.contact_id === null ? null : Number(r.contact_id), r.status]);

  it('one member list of leads and contacts: type, name, company or account, status; filtered by type and searched', async () => {
    const campaign = await create(mia, 'campaign', { name: 'Contacts Expo' });
    const account = await create(admin, 'account', { name: 'Northwind Members', ownerId: users['mia.chen'] });
    const contact = await create(admin, 'contact', { firstName: 'Carla', lastName: 'Contact', accountId: account, ownerId: users['mia.chen'] });
    const lead = await createLead(mia, { firstName: 'Liam', lastName: 'Lead', company: 'Lead Co' });
    const added = await mia('POST', `/crm/campaign/${campaign}/members`, { leadIds: [lead], contactIds: [contact, contact], status: 'responded' });
    expect(added.body).toMatchObject({ code: 200, data: 2, msg: '2 member(s) added to the campaign' });
    const onlyContacts = await mia('POST', `/crm/campaign/${campaign}/members`, { contactIds: [contact] }, { 'accept-language': 'zh' });
    expect(onlyContacts.body).toMatchObject({ code: 200, data: 0, msg: '已将 0 位联系人加入活动' });
    const list = await members(mia, campaign);
    expect(list.rows.map((m) => [m.type, m.leadId, m.contactId, m.name, m.company, m.accountId, m.status])).toEqual([
      // Newest first: the lead was added before the contact in the same call.
      ['contact', null, contact, 'Carla Contact', 'Northwind Members', account, 'responded'],
      ['leads', lead, null, 'Liam Lead', 'Lead Co', null, 'responded'],
    ]);
    expect((await members(mia, campaign, '&type=contact')).rows.map((m) => m.contactId)).toEqual([contact]);
    expect((await members(mia, campaign, '&type=leads')).rows.map((m) => m.leadId)).toEqual([lead]);
    expect((await members(mia, campaign, '&q=carla')).rows.map((m) => m.contactId)).toEqual([contact]);
    expect((await mia('GET', `/crm/campaign/${campaign}/members?type=account`)).status).toBe(400);
    // The status is changed and the member removed as a lead's is; the contact's history shows the same row.
    const row = list.rows.find((m) => m.contactId === contact)!;
    expect((await mia('PUT', `/crm/campaign/members/${row.id}`, { status: 'attended' })).body.code).toBe(200);
    expect((await mia('GET', `/crm/contact/${contact}/campaigns`)).body.data).toEqual([expect.objectContaining({ id: row.id, campaignId: campaign, campaignName: 'Contacts Expo', status: 'attended' })]);
    expect((await mia('DELETE', `/crm/campaign/members/${row.id}`)).body.data).toBe(1);
    expect(await memberRows(campaign)).toEqual([[lead, null, 'responded']]);
  });

  it('adds the selected contacts from the contact list with contact edit, each within scope, or nothing', async () => {
    const campaign = await create(admin, 'campaign', { name: 'Rep Campaign', ownerId: users['olivia.park'] });
    const own = await create(olivia, 'contact', { lastName: 'Own Contact' });
    const foreign = await create(emma, 'contact', { lastName: 'Emma Contact' });
    expect((await olivia('POST', '/crm/contact/mass/addToCampaign', { ids: [own, foreign], campaignId: campaign })).status).toBe(404);
    expect(await memberRows(campaign)).toEqual([]);
    const res = await olivia('POST', '/crm/contact/mass/addToCampaign', { ids: [own], campaignId: campaign, memberStatus: 'opened' });
    expect(res.body).toMatchObject({ code: 200, data: 1, msg: '1 contact(s) added to the campaign' });
    expect(await memberRows(campaign)).toEqual([[null, own, 'opened']]);
    // Marketing may read contacts but not change them: the contact list's mass action is refused.
    const miaCampaign = await create(mia, 'campaign', { name: 'Marketing only' });
    expect((await mia('POST', '/crm/contact/mass/addToCampaign', { ids: [own], campaignId: miaCampaign })).status).toBe(403);
    expect((await olivia('POST', '/crm/contact/mass/addToCampaign', { ids: [own], campaignId: campaign, memberStatus: 'bogus' })).status).toBe(400);
    expect((await olivia('POST', '/crm/contact/mass/addToCampaign', { ids: [], campaignId: campaign })).status).toBe(400);
  });

  it('adds an account’s contacts (those within scope) to a campaign from the account', async () => {
    const campaign = await create(admin, 'campaign', { name: 'Account Campaign', ownerId: users['emma.stone'] });
    const account = await create(emma, 'account', { name: 'Fabrikam Members' });
    const a = await create(emma, 'contact', { lastName: 'Alpha', accountId: account });
    const b = await create(emma, 'contact', { lastName: 'Beta', accountId: account, ownerId: users['olivia.park'] });
    const hidden = await create(admin, 'contact', { lastName: 'Gamma', accountId: account, ownerId: users['noah.king'] });
    const deleted = await create(emma, 'contact', { lastName: 'Deleted', accountId: account });
    await emma('DELETE', `/crm/contact/${deleted}`);
    const res = await emma('POST', `/crm/account/${account}/contacts/addToCampaign`, { campaignId: campaign, memberStatus: 'sent' });
    expect(res.body).toMatchObject({ code: 200, data: 2, msg: '2 contact(s) added to the campaign' });
    expect((await memberRows(campaign)).map((r) => r[1]).sort()).toEqual([a, b].sort());
    expect((await members(admin, campaign)).rows.some((m) => m.contactId === hidden)).toBe(false);
    // Again: those already members are skipped.
    expect((await emma('POST', `/crm/account/${account}/contacts/addToCampaign`, { campaignId: campaign })).body.data).toBe(0);
    // An account without contacts the caller may add; an account or campaign out of scope; no contact edit.
    const empty = await create(emma, 'account', { name: 'No People Ltd' });
    const none = await emma('POST', `/crm/account/${empty}/contacts/addToCampaign`, { campaignId: campaign }, { 'accept-language': 'zh' });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('该客户没有您可以加入活动的联系人');
    expect((await olivia('POST', `/crm/account/${account}/contacts/addToCampaign`, { campaignId: campaign })).status).toBe(404);
    expect((await mia('POST', `/crm/account/${account}/contacts/addToCampaign`, { campaignId: campaign })).status).toBe(403);
    // The account's campaign history lists its contacts' memberships beside its converted leads'.
    const history = (await emma('GET', `/crm/account/${account}/campaigns`)).body.data as Array<{ type: string; contactId: number; name: string; campaignName: string }>;
    expect(history.map((h) => [h.type, h.contactId, h.name, h.campaignName]).sort()).toEqual(
      [
        ['contact', a, 'Alpha', 'Account Campaign'],
        ['contact', b, 'Beta', 'Account Campaign'],
      ].sort(),
    );
    // Olivia sees only the membership of her own contact, and not the account at all.
    expect((await olivia('GET', `/crm/contact/${b}/campaigns`)).body.data).toEqual([]);
  });

  it('shows a contact whose account the viewer may not open with the account restricted', async () => {
    const campaign = await create(admin, 'campaign', { name: 'Restricted Account Campaign' });
    const account = await create(admin, 'account', { name: 'Secret Account', ownerId: users['noah.king'] });
    const contact = await create(admin, 'contact', { lastName: 'Visible', accountId: account, ownerId: users['emma.stone'] });
    await admin('POST', `/crm/campaign/${campaign}/members`, { contactIds: [contact] });
    expect((await members(admin, campaign)).rows[0]).toMatchObject({ company: 'Secret Account', accountId: account });
    await admin('PUT', '/crm/campaign', { id: campaign, version: 1, ownerId: users['emma.stone'] });
    const row = (await members(emma, campaign)).rows[0]!;
    expect(row).toMatchObject({ contactId: contact, name: 'Visible', company: null, accountId: account });
  });

  it('figures count lead and contact members and their responses; a contact is never a converted lead', async () => {
    const campaign = await create(admin, 'campaign', { name: 'Figures Both', actualCost: '100.00' });
    const [l1, l2] = await Promise.all([1, 2].map((n) => createLead(admin, { lastName: `BothLead${n}` })));
    const [c1, c2, c3] = await Promise.all([1, 2, 3].map((n) => create(admin, 'contact', { lastName: `BothContact${n}`, ownerId: users['olivia.park'] })));
    await admin('POST', `/crm/campaign/${campaign}/members`, { leadIds: [l1], contactIds: [c1] });
    await admin('POST', `/crm/campaign/${campaign}/members`, { leadIds: [l2], contactIds: [c2, c3], status: 'responded' });
    const figures = async (call: Call, children = false) => (await call('GET', `/crm/campaign/${campaign}/figures?children=${children}`)).body.data as Record<string, unknown>;
    expect(await figures(admin)).toMatchObject({ members: 5, leadMembers: 2, contactMembers: 3, responses: 3, responseRate: 0.6, convertedLeads: 0 });
    expect(await figures(admin, true)).toMatchObject({ members: 5, leadMembers: 2, contactMembers: 3, responses: 3 });
    // A deleted contact no longer counts; a sales manager counts only the people of her scope.
    await admin('DELETE', `/crm/contact/${c3}`);
    expect(await figures(admin)).toMatchObject({ members: 4, contactMembers: 2, responses: 2 });
    await admin('PUT', '/crm/campaign', { id: campaign, version: 1, ownerId: users['emma.stone'] });
    expect(await figures(emma)).toMatchObject({ members: 2, leadMembers: 0, contactMembers: 2, responses: 1, responseRate: 0.5 });
  });

  it('a purged contact leaves its campaigns; the table holds exactly one person per member', async () => {
    const campaign = await create(admin, 'campaign', { name: 'Purge Contacts' });
    const gone = await create(admin, 'contact', { lastName: 'Purged' });
    const kept = await create(admin, 'contact', { lastName: 'Kept' });
    await admin('POST', `/crm/campaign/${campaign}/members`, { contactIds: [gone, kept] });
    await admin('DELETE', `/crm/contact/${gone}`);
    await app.db.execute(sql`update crm_contact set deleted_at = now() - interval '31 days' where id = ${gone}`);
    expect(await purgeRecycleBin(app.db, app.fileStore)).toBe(1);
    expect(await memberRows(campaign)).toEqual([[null, kept, 'sent']]);
    await expect(app.db.execute(sql`insert into crm_campaign_member (campaign_id, lead_id, contact_id) values (${campaign}, 1, ${kept})`)).rejects.toThrow();
    await expect(app.db.execute(sql`insert into crm_campaign_member (campaign_id) values (${campaign})`)).rejects.toThrow();
  });

  it('moveCampaignMemberships moves a merge’s memberships to the survivor, dropping campaigns it is already in', async () => {
    const [c1, c2, c3] = (await Promise.all(['Merge One', 'Merge Two', 'Merge Three'].map((name) => create(admin, 'campaign', { name })))) as [number, number, number];
    const [survivor, merged1, merged2] = (await Promise.all(['Survivor', 'MergedA', 'MergedB'].map((lastName) => create(admin, 'contact', { lastName })))) as [number, number, number];
    const lead = await createLead(admin, { lastName: 'Untouched lead' });
    await admin('POST', `/crm/campaign/${c1}/members`, { contactIds: [survivor], status: 'attended' });
    await admin('POST', `/crm/campaign/${c1}/members`, { contactIds: [merged1], leadIds: [lead], status: 'opened' });
    await admin('POST', `/crm/campaign/${c2}/members`, { contactIds: [merged1], status: 'responded' });
    await admin('POST', `/crm/campaign/${c2}/members`, { contactIds: [merged2], status: 'sent' });
    await admin('POST', `/crm/campaign/${c3}/members`, { contactIds: [merged2], status: 'opened' });
    const result = await app.db.transaction((tx) => moveCampaignMemberships(tx, 'contact', survivor, [merged1, merged2]));
    expect(result).toEqual({ moved: 2, dropped: 2 });
    expect(await memberRows(c1)).toEqual([[null, survivor, 'attended'], [lead, null, 'opened']]);
    expect(await memberRows(c2)).toEqual([[null, survivor, 'responded']]);
    expect(await memberRows(c3)).toEqual([[null, survivor, 'opened']]);
    expect(await app.db.transaction((tx) => moveCampaignMemberships(tx, 'leads', lead, [lead]))).toEqual({ moved: 0, dropped: 0 });
  });
});
