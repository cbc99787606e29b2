import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loginAs, type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';
import { caller, userIds } from '../helpers/adminApi';
import { createLead, getRecord } from '../helpers/crmApi';

/** Lead conversion in all its branches, its duplicate candidates, and campaign membership. */
describe('lead conversion', () => {
  let app: TestApp;
  let olivia: ReturnType<typeof caller>;
  let admin: ReturnType<typeof caller>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    ({ app, as: { admin, 'olivia.park': olivia } } = await signedInApp(['admin', 'olivia.park']));
    ids = await userIds(admin);
  });
  afterAll(() => app.teardown());

  const count = async (table: string) =>
    Number(((await app.db.execute(sql`select count(*) as n from ${sql.identifier(table)}`)) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n);
  const counts = async () => ({ account: await count('crm_account'), contact: await count('crm_contact'), opportunity: await count('crm_opportunity'), task: await count('crm_task') });
  const nextMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

  it('makes a new account, a contact, an opportunity and a follow-up task in one go; the lead becomes Converted and links to them', async () => {
    const leadId = await createLead(olivia, {
      salutation: 'ms', firstName: 'Cora', lastName: 'Convert', title: 'Head of IT', company: 'Convertible Ltd', email: 'cora@convertible.com', phone: '+44 113 496 0000', mobile: '+44 7700 900123',
      industry: 'retail', leadSource: 'web', street: '1 Park Row', city: 'Leeds', state: 'West Yorkshire', postalCode: 'LS1 5HN', country: 'United Kingdom', annualRevenue: '2000000.00',
    });
    const res = await olivia('POST', '/crm/leads/convert', {
      leadId, version: 1,
      account: { mode: 'new', name: 'Convertible Ltd' },
      opportunity: { name: 'Convertible - Rollout', closeDate: nextMonth, stage: 'proposal', amount: '48000.00' },
      task: { subject: 'Kick-off call', dueDate: nextMonth },
    });
    expect(res.body.code).toBe(200);
    const { accountId, contactId, opportunityId, taskId } = res.body.data as { accountId: number; contactId: number; opportunityId: number; taskId: number };
    const lead = await getRecord(olivia, 'leads', leadId);
    expect(lead).toMatchObject({ status: 'converted', convertedAccountId: accountId, convertedContactId: contactId, convertedOpportunityId: opportunityId, version: 2 });
    expect(await getRecord(olivia, 'contact', contactId)).toMatchObject({
      salutation: 'ms', firstName: 'Cora', lastName: 'Convert', title: 'Head of IT', accountId, email: 'cora@convertible.com', phone: '+44 113 496 0000', mobile: '+44 7700 900123',
      leadSource: 'web', mailingStreet: '1 Park Row', mailingCity: 'Leeds', mailingState: 'West Yorkshire', mailingPostalCode: 'LS1 5HN', mailingCountry: 'United Kingdom',
      ownerId: ids['olivia.park'], sourceLeadId: leadId, reportsToId: null,
    });
    const contactHistory = (await olivia('GET', `/crm/contact/${contactId}/history`)).body.rows as Array<{ action: string }>;
    expect(contactHistory.map((h) => h.action)).toContain('create');
    expect(lead.convertedAt).toEqual(expect.any(String));
    expect(await getRecord(olivia, 'account', accountId)).toMatchObject({ name: 'Convertible Ltd', industry: 'retail', billingCity: 'Leeds', annualRevenue: '2000000.00', ownerId: ids['olivia.park'], sourceLeadId: leadId });
    expect(await getRecord(olivia, 'opportunity', opportunityId)).toMatchObject({ accountId, stage: 'proposal', amount: '48000.00', leadSource: 'web', sourceLeadId: leadId, ownerId: ids['olivia.park'] });
    expect(await getRecord(olivia, 'task', taskId)).toMatchObject({ subject: 'Kick-off call', name: { module: 'contact', id: contactId }, relatedTo: { module: 'opportunity', id: opportunityId }, status: 'not_started' });
    const history = (await olivia('GET', `/crm/leads/${leadId}/history`)).body.rows as Array<{ action: string; field: string }>;
    expect(history.filter((h) => h.action === 'convert').map((h) => h.field).sort()).toEqual(['convertedAccountId', 'convertedAt', 'convertedContactId', 'convertedOpportunityId', 'status']);
    // Read-only from now on (the answer says why), and converted once only.
    expect((await olivia('GET', `/crm/leads/${leadId}`)).body.locked).toBe('A converted lead cannot be changed');
    expect((await olivia('GET', `/crm/leads/${leadId}`, undefined, { 'accept-language': 'zh' })).body.locked).toBe('已转化的线索不能修改');
    expect((await olivia('PUT', '/crm/leads', { id: leadId, version: 2, company: 'x' })).body.msg).toBe('A converted lead cannot be changed');
    const again = await olivia('POST', '/crm/leads/convert', { leadId, version: 2, account: { mode: 'new', name: 'Again' } });
    expect(again.body.msg).toBe('This lead has already been converted');
    const other = await createLead(olivia);
    expect((await olivia('POST', '/crm/leads/mass/update', { ids: [other, leadId], field: 'status', value: 'contacted' })).body.msg).toBe('A converted lead cannot be changed');
    expect((await getRecord(olivia, 'leads', other)).status).toBe('new');
  });

  it('offers existing accounts by company name or e-mail domain, and joins one without an opportunity', async () => {
    const account = await olivia('POST', '/crm/account', { name: 'Joinable Inc', website: 'https://joinable.example.com' });
    const accountId = account.body.data as number;
    const byCompany = await createLead(olivia, { company: 'JOINABLE INC' });
    const byDomain = await createLead(olivia, { company: 'Unrelated', email: 'pat@joinable.example.com' });
    const freeMail = await createLead(olivia, { company: 'Nothing Alike', email: 'pat@gmail.com' });
    for (const leadId of [byCompany, byDomain]) {
      const candidates = (await olivia('GET', `/crm/leads/convert/candidates/${leadId}`)).body.data as Array<{ id: number; module: string }>;
      expect(candidates.map((c) => c.id)).toContain(accountId);
    }
    expect((await olivia('GET', `/crm/leads/convert/candidates/${freeMail}`)).body.data).toEqual([]);
    const before = await counts();
    const res = await olivia('POST', '/crm/leads/convert', { leadId: byCompany, version: 1, account: { mode: 'existing', accountId } });
    expect(res.body.data).toEqual({ accountId, contactId: expect.any(Number), opportunityId: null, taskId: null });
    // Joining an account still makes the person: one contact more, of that account, and nothing else.
    expect(await counts()).toEqual({ ...before, contact: before.contact + 1 });
    expect((await getRecord(olivia, 'contact', res.body.data.contactId)).accountId).toBe(accountId);
    expect((await getRecord(olivia, 'leads', byCompany)).convertedAccountId).toBe(accountId);
  });

  it('links a contact the account already has, found by e-mail or name, instead of making another; never one of another account', async () => {
    const accountId = (await olivia('POST', '/crm/account', { name: 'Linkable Ltd' })).body.data as number;
    const otherAccount = (await olivia('POST', '/crm/account', { name: 'Elsewhere Ltd' })).body.data as number;
    const byEmail = (await olivia('POST', '/crm/contact', { firstName: 'Lena', lastName: 'Link', email: 'LENA@linkable.example.com', accountId })).body.data as number;
    const byName = (await olivia('POST', '/crm/contact', { firstName: 'lena', lastName: 'LINK ', accountId })).body.data as number;
    const stranger = (await olivia('POST', '/crm/contact', { firstName: 'Lena', lastName: 'Link', accountId: otherAccount })).body.data as number;
    await olivia('POST', '/crm/contact', { firstName: 'Someone', lastName: 'Else', accountId });
    const leadId = await createLead(olivia, { firstName: 'Lena', lastName: 'Link', company: 'Linkable Ltd', email: 'lena@linkable.example.com' });
    const candidates = (await olivia('GET', `/crm/leads/convert/contacts/${leadId}?accountId=${accountId}`)).body.data as Array<{ id: number; module: string; label: string }>;
    expect(candidates.map((c) => c.id).sort()).toEqual([byEmail, byName].sort());
    expect(candidates[0]).toMatchObject({ module: 'contact', label: expect.stringMatching(/lena/i) });
    // Another user's contacts beyond their scope are never offered.
    const noah = caller(app, await loginAs(app, 'noah.king'));
    expect((await noah('GET', `/crm/leads/convert/contacts/${leadId}?accountId=${accountId}`)).status).toBe(404);

    const before = await counts();
    const wrong = await olivia('POST', '/crm/leads/convert', { leadId, version: 1, account: { mode: 'existing', accountId }, contact: { mode: 'existing', contactId: stranger } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ 'contact.contactId': 'Pick a contact of the chosen account, or make a new one' });
    const wrongZh = await olivia('POST', '/crm/leads/convert', { leadId, version: 1, account: { mode: 'new', name: 'New Co' }, contact: { mode: 'existing', contactId: byEmail } }, { 'accept-language': 'zh' });
    expect(wrongZh.body.errors).toEqual({ 'contact.contactId': '请选择所选客户的联系人，或新建联系人' });
    expect(await counts()).toEqual(before);

    // A contact of the chosen account owned beyond the caller's scope is neither offered nor linked.
    const hidden = (await admin('POST', '/crm/contact', { firstName: 'Lena', lastName: 'Link', accountId, ownerId: ids['noah.king'] })).body.data as number;
    expect(((await olivia('GET', `/crm/leads/convert/contacts/${leadId}?accountId=${accountId}`)).body.data as Array<{ id: number }>).map((c) => c.id)).not.toContain(hidden);
    const beyond = await olivia('POST', '/crm/leads/convert', { leadId, version: 1, account: { mode: 'existing', accountId }, contact: { mode: 'existing', contactId: hidden } });
    expect(beyond.status).toBe(400);
    expect(beyond.body.errors).toEqual({ 'contact.contactId': 'Pick a contact of the chosen account, or make a new one' });
    // Nor are the contacts of an account the caller cannot see.
    const noahsAccount = (await admin('POST', '/crm/account', { name: 'Noah Only Ltd', ownerId: ids['noah.king'] })).body.data as number;
    const notVisible = await olivia('GET', `/crm/leads/convert/contacts/${leadId}?accountId=${noahsAccount}`, undefined, { 'accept-language': 'zh' });
    expect(notVisible.status).toBe(404);
    expect(notVisible.body.msg).toBe('记录不存在或您无权访问');
    expect(await counts()).toEqual({ ...before, contact: before.contact + 1, account: before.account + 1 });
    expect(await getRecord(olivia, 'leads', leadId)).toMatchObject({ status: 'new', convertedContactId: null, version: 1 });

    const res = await olivia('POST', '/crm/leads/convert', { leadId, version: 1, account: { mode: 'existing', accountId }, contact: { mode: 'existing', contactId: byEmail } });
    expect(res.body.data).toEqual({ accountId, contactId: byEmail, opportunityId: null, taskId: null });
    expect(await counts()).toEqual({ ...before, contact: before.contact + 1, account: before.account + 1 });
    expect((await getRecord(olivia, 'leads', leadId)).convertedContactId).toBe(byEmail);
    // The contact keeps what it had: linking is not an edit.
    expect(await getRecord(olivia, 'contact', byEmail)).toMatchObject({ email: 'LENA@linkable.example.com', sourceLeadId: null, version: 1 });
  });

  it('without an opportunity, the follow-up task relates to the account', async () => {
    const leadId = await createLead(olivia, { company: 'Taskonly' });
    const res = await olivia('POST', '/crm/leads/convert', { leadId, version: 1, account: { mode: 'new', name: 'Taskonly' }, task: { subject: 'Send contract' } });
    const { accountId, taskId } = res.body.data;
    expect((await getRecord(olivia, 'task', taskId)).relatedTo).toEqual({ module: 'account', id: accountId });
  });

  it('a failure half-way leaves nothing behind: no account, no opportunity, the lead unchanged', async () => {
    const leadId = await createLead(olivia, { company: 'Halfway' });
    const before = await counts();
    const res = await olivia('POST', '/crm/leads/convert', {
      leadId, version: 1,
      account: { mode: 'new', name: 'Halfway' },
      opportunity: { name: 'Halfway deal', closeDate: nextMonth, stage: 'no_such_stage' },
    });
    expect(res.status).toBe(400);
    // Field errors name the part of the request they belong to, as the conversion dialog's fields do.
    expect(res.body.errors).toEqual({ 'opportunity.stage': 'Stage has an invalid value' });
    expect(await counts()).toEqual(before);
    expect(await getRecord(olivia, 'leads', leadId)).toMatchObject({ status: 'new', convertedAccountId: null, version: 1 });
    const badTask = await olivia('POST', '/crm/leads/convert', {
      leadId, version: 1, account: { mode: 'new', name: 'Halfway' },
      opportunity: { name: 'Halfway deal', closeDate: nextMonth, stage: 'proposal' }, task: { subject: 'x', dueDate: '2026-02-30' },
    });
    expect(badTask.status).toBe(400);
    expect(Object.keys(badTask.body.errors)).toEqual(['task.dueDate']);
    expect(await counts()).toEqual(before);
  });

  it('refuses stale versions, leads and accounts out of reach, and users without the rights', async () => {
    const leadId = await createLead(olivia, { company: 'Guarded' });
    expect((await olivia('POST', '/crm/leads/convert', { leadId, version: 9, account: { mode: 'new', name: 'G' } })).status).toBe(409);
    const noah = caller(app, await loginAs(app, 'noah.king'));
    expect((await noah('POST', '/crm/leads/convert', { leadId, version: 1, account: { mode: 'new', name: 'G' } })).body).toEqual({
      code: 404, msg: 'The record does not exist or you have no access to it',
    });
    const noahsAccount = (await noah('POST', '/crm/account', { name: 'Noah Holdings' })).body.data as number;
    const before = await counts();
    const outOfReach = await olivia('POST', '/crm/leads/convert', { leadId, version: 1, account: { mode: 'existing', accountId: noahsAccount } });
    expect(outOfReach.status).toBe(400);
    expect(outOfReach.body.errors).toEqual({ 'account.accountId': 'The record does not exist or you have no access to it' });
    expect(await counts()).toEqual(before);
    for (const user of ['sophia.reed', 'mia.chen']) {
      const who = caller(app, await loginAs(app, user));
      expect((await who('POST', '/crm/leads/convert', { leadId, version: 1, account: { mode: 'new', name: 'G' } })).status).toBe(403);
    }
    expect((await getRecord(olivia, 'leads', leadId)).status).toBe('new');
  });

  it('adds leads to a campaign as members, all or none, and shows the lead’s campaign history', async () => {
    const mia = caller(app, await loginAs(app, 'mia.chen'));
    const campaignId = (await admin('POST', '/crm/campaign', { name: 'Members Test Campaign', ownerId: ids['mia.chen'] })).body.data as number;
    const a = await createLead(mia, { company: 'Member A' });
    const b = await createLead(mia, { company: 'Member B' });
    const outside = await createLead(olivia);
    expect((await mia('POST', '/crm/leads/mass/addToCampaign', { ids: [a, outside], campaignId })).status).toBe(403);
    const emma = caller(app, await loginAs(app, 'emma.stone'));
    expect((await emma('POST', '/crm/leads/mass/addToCampaign', { ids: [outside, a], campaignId })).status).toBe(404);
    expect((await admin('POST', '/crm/leads/mass/addToCampaign', { ids: [a, b], campaignId, memberStatus: 'bogus' })).status).toBe(400);
    expect((await admin('POST', '/crm/leads/mass/addToCampaign', { ids: [a, b], campaignId })).body.data).toBe(2);
    expect((await admin('POST', '/crm/leads/mass/addToCampaign', { ids: [a], campaignId, memberStatus: 'responded' })).body.data).toBe(0);
    const history = (await admin('GET', `/crm/leads/${a}/campaigns`)).body.data as Array<{ campaignId: number; campaignName: string; status: string }>;
    expect(history).toEqual([expect.objectContaining({ campaignId, campaignName: 'Members Test Campaign', status: 'sent' })]);
    expect((await olivia('GET', `/crm/leads/${a}/campaigns`)).status).toBe(404);
  });
});
