import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, userIds } from '../helpers/adminApi';
import { createLead } from '../helpers/crmApi';

/**
 * A campaign's figures: members, responses and response rate, converted leads, opportunities and
 * won amount from them, ROI — for the campaign alone and with its child campaigns — and how data
 * scope applies to them.
 */
describe('campaign figures', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  let ids: Record<string, number>;
  let parent: number;
  let child: number;
  let grandchild: number;
  const closeDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    ids = await userIds(admin);
    // These tests are about the data scope: campaigns private, as before Set-up › Sharing (test/crm/sharing.test.ts has the public default).
    expect((await admin('PUT', '/setup/sharing', { module: 'campaign', access: 'private' })).body.code).toBe(200);
  });
  afterAll(() => app.teardown());

  const campaign = async (body: Record<string, unknown>) => {
    const res = await admin('POST', '/crm/campaign', body);
    if (res.body.code !== 200) throw new Error(res.body.msg);
    return res.body.data as number;
  };
  const addMembers = async (campaignId: number, leadIds: number[], status?: string) =>
    expect((await admin('POST', `/crm/campaign/${campaignId}/members`, { leadIds, status })).body.code).toBe(200);
  const convert = async (leadId: number, stage: string, amount: string) => {
    const res = await admin('POST', '/crm/leads/convert', {
      leadId, version: 1, account: { mode: 'new', name: `Figures Account ${leadId}` }, opportunity: { name: `Figures Deal ${leadId}`, closeDate, stage, amount },
    });
    expect(res.body.code).toBe(200);
  };
  const opportunity = async (body: Record<string, unknown>) => {
    const accountId = (await admin('POST', '/crm/account', { name: `Direct Account ${Math.random()}` })).body.data as number;
    expect((await admin('POST', '/crm/opportunity', { name: 'Direct deal', accountId, closeDate, ...body })).body.code).toBe(200);
  };
  const figures = async (call: typeof admin, id: number, children = false) => {
    const res = await call('GET', `/crm/campaign/${id}/figures?children=${children}`);
    expect(res.body.code).toBe(200);
    return res.body.data as Record<string, unknown>;
  };

  it('counts members, responses, conversions, opportunities and won amount; ROI from the actual cost', async () => {
    parent = await campaign({ name: 'Figures Parent', actualCost: '1000.00' });
    child = await campaign({ name: 'Figures Child', actualCost: '500.00', parentCampaignId: parent });
    grandchild = await campaign({ name: 'Figures Grandchild', parentCampaignId: child });
    const [l1, l2, l3, l4, l5] = await Promise.all([1, 2, 3, 4, 5].map((n) => createLead(admin, { lastName: `Figure${n}` })));
    await addMembers(parent, [l1!]);
    await addMembers(parent, [l2!], 'responded');
    await addMembers(parent, [l3!], 'attended');
    await addMembers(parent, [l4!], 'opened');
    await addMembers(child, [l1!, l5!], 'responded');
    await convert(l2!, 'closed_won', '3000.00');
    await convert(l3!, 'proposal', '500.00');
    await opportunity({ stage: 'closed_won', amount: '1000.00', campaignId: parent }); // names the campaign, no member lead
    await opportunity({ stage: 'closed_won', amount: '2000.00', campaignId: grandchild });
    await opportunity({ stage: 'closed_won', amount: '9999.00' }); // unrelated

    expect(await figures(admin, parent)).toEqual({
      withChildren: false, campaigns: 1, members: 4, leadMembers: 4, contactMembers: 0, responses: 2, responseRate: 0.5, convertedLeads: 2,
      opportunities: 3, wonOpportunities: 2, wonAmount: '4000.00', actualCost: '1000.00', roi: 3, currency: 'USD',
    });
    // With children: l1 is a member twice (sent here, responded in the child) — one member, one response.
    expect(await figures(admin, parent, true)).toEqual({
      withChildren: true, campaigns: 3, members: 5, leadMembers: 5, contactMembers: 0, responses: 4, responseRate: 0.8, convertedLeads: 2,
      opportunities: 4, wonOpportunities: 3, wonAmount: '6000.00', actualCost: '1500.00', roi: 3, currency: 'USD',
    });
    expect(await figures(admin, child, true)).toMatchObject({ campaigns: 2, members: 2, responses: 2, opportunities: 1, wonAmount: '2000.00', actualCost: '500.00', roi: 3 });
  });

  it('a member status change and a removal show in the figures at once', async () => {
    const lead = await createLead(admin, { lastName: 'Changing' });
    const id = await campaign({ name: 'Figures Changing', actualCost: '100.00' });
    await addMembers(id, [lead]);
    expect(await figures(admin, id)).toMatchObject({ members: 1, responses: 0, responseRate: 0 });
    const member = (await admin('GET', `/crm/campaign/${id}/members`)).body.rows[0] as { id: number };
    await admin('PUT', `/crm/campaign/members/${member.id}`, { status: 'attended' });
    expect(await figures(admin, id)).toMatchObject({ members: 1, responses: 1, responseRate: 1 });
    await admin('DELETE', `/crm/campaign/members/${member.id}`);
    expect(await figures(admin, id)).toMatchObject({ members: 0, responses: 0, responseRate: null });
    // A deleted lead no longer counts as a member.
    await addMembers(id, [lead]);
    await admin('DELETE', `/crm/leads/${lead}`);
    expect((await figures(admin, id)).members).toBe(0);
  });

  it('ROI is null (shown as —) when the actual cost is zero or empty; response rate is null without members', async () => {
    const zero = await campaign({ name: 'Figures Zero Cost', actualCost: '0' });
    const empty = await campaign({ name: 'Figures No Cost' });
    await opportunity({ stage: 'closed_won', amount: '700.00', campaignId: zero });
    expect(await figures(admin, zero)).toEqual({
      withChildren: false, campaigns: 1, members: 0, leadMembers: 0, contactMembers: 0, responses: 0, responseRate: null, convertedLeads: 0,
      opportunities: 1, wonOpportunities: 1, wonAmount: '700.00', actualCost: '0.00', roi: null, currency: 'USD',
    });
    expect(await figures(admin, empty)).toMatchObject({ actualCost: null, roi: null, wonAmount: '0.00', responseRate: null });
    const loss = await campaign({ name: 'Figures Loss', actualCost: '400.00' });
    await opportunity({ stage: 'closed_won', amount: '100.00', campaignId: loss });
    expect((await figures(admin, loss)).roi).toBe(-0.75);
  });

  it('applies data scope: the campaign must be within reach; leads and opportunities beyond it are not counted', async () => {
    const emma = caller(app, await loginAs(app, 'emma.stone'));
    const olivia = caller(app, await loginAs(app, 'olivia.park'));
    const noah = caller(app, await loginAs(app, 'noah.king'));
    const id = await campaign({ name: 'Figures East', ownerId: ids['emma.stone'], actualCost: '10.00' });
    const east = await createLead(olivia, { lastName: 'EastLead' });
    const west = await createLead(noah, { lastName: 'WestLead' });
    await addMembers(id, [east, west], 'responded');
    expect(await figures(admin, id)).toMatchObject({ members: 2, responses: 2 });
    expect(await figures(emma, id)).toMatchObject({ members: 1, responses: 1, responseRate: 1 });
    expect((await noah('GET', `/crm/campaign/${id}/figures`)).status).toBe(404);
    expect((await admin('GET', '/crm/campaign/999999/figures')).status).toBe(404);
    expect((await admin('GET', `/crm/campaign/${id}/figures?children=yes`)).status).toBe(400);
    expect((await admin('GET', '/crm/campaign/1%20or%201=1/figures')).status).toBe(400);
    // A child campaign the reader may not open is left out, with its members and its cost.
    const hiddenChild = await campaign({ name: 'Figures West Child', ownerId: ids['noah.king'], parentCampaignId: id, actualCost: '90.00' });
    await addMembers(hiddenChild, [east]);
    expect(await figures(admin, id, true)).toMatchObject({ campaigns: 2, actualCost: '100.00' });
    expect(await figures(emma, id, true)).toMatchObject({ campaigns: 1, members: 1, actualCost: '10.00' });
    expect(await figures(admin, grandchild)).toMatchObject({ campaigns: 1 });
  });
});
