import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Hierarchy } from '@orbit/shared/contract/crm';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { FORBIDDEN_EN, caller, createRole, createUser, deptIds, NEW_USER_PASSWORD, userIds } from '../helpers/adminApi';
import { createLead, getRecord, withFilter } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;

/**
 * Accounts: related lists within the caller's scope (with totals), the campaign history of the
 * account's leads, the hierarchy view, and what deleting an account does to its opportunities.
 */
describe('accounts', () => {
  let app: TestApp;
  let admin: Call, olivia: Call, emma: Call, mia: Call, ava: Call;
  let users: Record<string, number>;
  const tag = `acc-${Date.now()}`;
  // top (noah) ← account (olivia) ← { childMine (olivia) ← grandchild (olivia), childNoah (noah) }
  let top: number, account: number, childMine: number, childNoah: number, grandchild: number;

  async function createAccount(name: string, ownerId: number, parent: number | null = null, as: Call = admin): Promise<number> {
    const res = await as('POST', '/crm/account', { name: `${tag} ${name}`, ownerId, parentAccountId: parent });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }
  async function createOpportunity(name: string, accountId: number, ownerId: number, amount: string, stage = 'prospecting'): Promise<number> {
    const res = await admin('POST', '/crm/opportunity', { name: `${tag} ${name}`, accountId, ownerId, amount, stage, closeDate: '2026-12-31' });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }
  const present = async (table: 'crm_account' | 'crm_opportunity', ids: number[]) =>
    Number(
      ((await app.db.execute(sql`select count(*) as n from ${sql.identifier(table)} where deleted_at is null and id in ${ids}`)) as unknown as { rows: Array<{ n: unknown }> })
        .rows[0]!.n,
    );

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    emma = caller(app, await loginAs(app, 'emma.stone'));
    mia = caller(app, await loginAs(app, 'mia.chen'));
    users = await userIds(admin);
    const depts = await deptIds(admin);
    // A rep who may delete accounts but not opportunities.
    const role = await createRole(
      admin,
      'account_keeper',
      ['crm:account:list', 'crm:account:query', 'crm:account:add', 'crm:account:edit', 'crm:account:remove', 'crm:opportunity:list', 'crm:opportunity:query'],
      '5',
    );
    await createUser(admin, 'ava.keeper', depts['Sales East']!, [role]);
    ava = caller(app, await loginAs(app, 'ava.keeper', NEW_USER_PASSWORD));
    users = await userIds(admin);

    top = await createAccount('Top', users['noah.king']!);
    account = await createAccount('Main', users['olivia.park']!, top);
    childMine = await createAccount('Child mine', users['olivia.park']!, account);
    childNoah = await createAccount('Child Noah', users['noah.king']!, account);
    grandchild = await createAccount('Grandchild', users['olivia.park']!, childMine);
  });
  afterAll(() => app.teardown());

  describe('related lists apply the data scope', () => {
    let mine: number[];
    let noahs: number;
    beforeAll(async () => {
      mine = [
        await createOpportunity('Open', account, users['olivia.park']!, '100.00'),
        await createOpportunity('Won', account, users['olivia.park']!, '250.50', 'closed_won'),
      ];
      noahs = await createOpportunity('Noah won', account, users['noah.king']!, '1000.00', 'closed_won');
    });

    const opportunitiesOf = (as: Call) =>
      as(
        'GET',
        `${withFilter('/crm/opportunity/list?fields=name,amount,stage', { field: 'accountId', op: 'eq', value: account })}&totals=${encodeURIComponent(
          JSON.stringify([{ field: 'amount' }, { field: 'amount', filter: { field: 'stage', op: 'eq', value: 'closed_won' } }]),
        )}`,
      );

    it('opportunities with totals: a rep who owns the account sees and sums only the opportunities they may open', async () => {
      const res = await opportunitiesOf(olivia);
      expect(res.body.code).toBe(200);
      expect((res.body.rows as Array<{ id: number }>).map((r) => r.id).sort()).toEqual([...mine].sort());
      expect(res.body.total).toBe(2);
      expect(res.body.totals.map(Number)).toEqual([350.5, 250.5]);
      expect((await olivia('GET', `/crm/opportunity/${noahs}`)).status).toBe(404);
    });

    it('the administrator sees and sums all three', async () => {
      const res = await opportunitiesOf(admin);
      expect(res.body.total).toBe(3);
      expect(res.body.totals.map(Number)).toEqual([1350.5, 1250.5]);
    });

    it('totals of a list with no rows are zero; no totals asked, none answered', async () => {
      const res = await olivia('GET', `${withFilter('/crm/opportunity/list', { field: 'accountId', op: 'eq', value: grandchild })}&totals=${encodeURIComponent('[{"field":"amount"}]')}`);
      expect(res.body.totals.map(Number)).toEqual([0]);
      expect((await olivia('GET', '/crm/opportunity/list?pageSize=1')).body.totals).toBeUndefined();
    });

    it('child accounts: only those within scope', async () => {
      const res = await olivia('GET', withFilter('/crm/account/list', { field: 'parentAccountId', op: 'eq', value: account }));
      expect((res.body.rows as Array<{ id: number }>).map((r) => r.id)).toEqual([childMine]);
      const all = await admin('GET', withFilter('/crm/account/list', { field: 'parentAccountId', op: 'eq', value: account }));
      expect((all.body.rows as Array<{ id: number }>).map((r) => r.id).sort()).toEqual([childMine, childNoah].sort());
    });

    it('hostile totals are refused with 400 and a message', async () => {
      const bad = ['not json', '[]', JSON.stringify([{ field: 'name' }]), JSON.stringify([{ field: 'nope' }]), JSON.stringify(Array(5).fill({ field: 'amount' })), JSON.stringify([{ field: 'amount', x: 1 }]), JSON.stringify([{ field: 'amount', filter: { field: 'stage', op: 'drop table', value: 1 } }])];
      for (const totals of bad) {
        const res = await olivia('GET', `/crm/opportunity/list?totals=${encodeURIComponent(totals)}`);
        expect(res.status, totals).toBe(400);
        expect(res.body.msg).toBeTruthy();
      }
      const zh = await olivia('GET', `/crm/opportunity/list?totals=${encodeURIComponent('[{"field":"name"}]')}`, undefined, { 'accept-language': 'zh-CN' });
      expect(zh.body.msg).toBe('无法计算所请求的合计');
    });
  });

  describe('campaign history of the account’s leads', () => {
    let leadMine: number, leadNoah: number, campaignMine: number, campaignNoah: number;
    beforeAll(async () => {
      leadMine = await createLead(admin, { lastName: `${tag} Mine`, ownerId: users['olivia.park'] });
      leadNoah = await createLead(admin, { lastName: `${tag} Noah`, ownerId: users['noah.king'] });
      await app.db.execute(sql`update crm_lead set converted_account_id = ${account} where id in (${leadMine}, ${leadNoah})`);
      const campaign = async (name: string, ownerId: number) => (await admin('POST', '/crm/campaign', { name: `${tag} ${name}`, ownerId })).body.data as number;
      campaignMine = await campaign('Spring', users['olivia.park']!);
      campaignNoah = await campaign('Autumn', users['noah.king']!);
      expect((await admin('POST', '/crm/leads/mass/addToCampaign', { ids: [leadMine, leadNoah], campaignId: campaignMine })).body.code).toBe(200);
      expect((await admin('POST', '/crm/leads/mass/addToCampaign', { ids: [leadMine], campaignId: campaignNoah, memberStatus: 'responded' })).body.code).toBe(200);
    });

    it('lists the memberships of the converted leads with their status', async () => {
      const res = await admin('GET', `/crm/account/${account}/campaigns`);
      expect(res.body.code).toBe(200);
      const rows = res.body.data as Array<{ campaignId: number; leadId: number; status: string; campaignName: string }>;
      expect(rows).toHaveLength(3);
      expect(rows.find((r) => r.campaignId === campaignNoah)).toMatchObject({ leadId: leadMine, status: 'responded', campaignName: `${tag} Autumn` });
    });

    it('shows a rep only rows whose lead and campaign they may both open (campaigns are public read-only; Noah’s lead is not hers)', async () => {
      const rows = (await olivia('GET', `/crm/account/${account}/campaigns`)).body.data as Array<{ campaignId: number; leadId: number }>;
      expect(rows.map((r) => [r.campaignId, r.leadId]).sort()).toEqual([[campaignMine, leadMine], [campaignNoah, leadMine]].sort());
    });

    it('404 for an account out of scope, 403 without account query, 400 for a bad id', async () => {
      expect((await olivia('GET', `/crm/account/${top}/campaigns`)).status).toBe(404);
      const denied = await mia('GET', `/crm/account/${account}/campaigns`);
      expect(denied.status).toBe(403);
      expect(denied.body.msg).toBe(FORBIDDEN_EN);
      expect((await admin('GET', `/crm/account/1%20or%201=1/campaigns`)).status).toBe(400);
    });
  });

  describe('hierarchy view', () => {
    const names = (h: Hierarchy) => h.nodes.map((n) => n.name);

    it('the administrator sees the whole tree from the top ancestor', async () => {
      const res = await admin('GET', `/crm/account/${grandchild}/hierarchy`);
      expect(res.body.code).toBe(200);
      const h = res.body.data as Hierarchy;
      expect(h).toMatchObject({ field: 'parentAccountId', currentId: grandchild, truncated: false });
      expect(h.nodes.map((n) => [n.id, n.parentId, n.depth])).toEqual([
        [top, null, 0],
        [account, top, 1],
        [childMine, account, 2],
        [childNoah, account, 2],
        [grandchild, childMine, 3],
      ]);
    });

    it('a rep sees the records within scope by name, an out-of-scope ancestor without its name, and no out-of-scope branch', async () => {
      const h = (await olivia('GET', `/crm/account/${account}/hierarchy`)).body.data as Hierarchy;
      expect(h.nodes.map((n) => n.id)).toEqual([top, account, childMine, grandchild]);
      expect(names(h)).toEqual([null, `${tag} Main`, `${tag} Child mine`, `${tag} Grandchild`]);
      expect(JSON.stringify(h)).not.toContain('Noah');
    });

    it('a record out of scope answers 404; without account query 403; hostile ids 400', async () => {
      expect((await olivia('GET', `/crm/account/${childNoah}/hierarchy`)).body.msg).toBe('The record does not exist or you have no access to it');
      expect((await mia('GET', `/crm/account/${account}/hierarchy`)).status).toBe(403);
      for (const bad of ['abc', '-1', '0', '99999999999999999999']) expect((await admin('GET', `/crm/account/${bad}/hierarchy`)).status, bad).toBe(400);
    });

    it('is bounded in depth: a chain deeper than 20 levels is cut and says so', async () => {
      let parent: number | null = null;
      const chain: number[] = [];
      for (let i = 0; i < 25; i++) chain.push((parent = await createAccount(`Level ${i}`, users['admin']!, parent)));
      const h = (await admin('GET', `/crm/account/${chain[24]}/hierarchy`)).body.data as Hierarchy;
      expect(h.truncated).toBe(true);
      expect(Math.max(...h.nodes.map((n) => n.depth))).toBe(20);
      expect(h.nodes.at(-1)!.id).toBe(chain[24]);
      expect(h.nodes[0]!.id).toBe(chain[4]);
    });

    it('works for campaigns too (any module with a lookup to itself)', async () => {
      const parent = (await admin('POST', '/crm/campaign', { name: `${tag} Parent campaign` })).body.data as number;
      const child = (await admin('POST', '/crm/campaign', { name: `${tag} Child campaign`, parentCampaignId: parent })).body.data as number;
      const h = (await admin('GET', `/crm/campaign/${child}/hierarchy`)).body.data as Hierarchy;
      expect(h.field).toBe('parentCampaignId');
      expect(h.nodes.map((n) => n.id)).toEqual([parent, child]);
    });
  });

  describe('deleting an account that has opportunities', () => {
    it('is refused by default, naming how many, in en and zh; nothing deleted', async () => {
      const a = await createAccount('Refuse', users['admin']!);
      const o = [await createOpportunity('R1', a, users['admin']!, '1.00'), await createOpportunity('R2', a, users['admin']!, '2.00')];
      const res = await admin('DELETE', `/crm/account/${a}`);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('2 opportunity(ies) belong to this account: delete them too, or move them to another account first. Nothing was deleted.');
      const zh = await admin('DELETE', `/crm/account/${a}`, undefined, { 'accept-language': 'zh-CN' });
      expect(zh.body.msg).toBe('有 2 个商机属于此客户：请一并删除，或先将其移到其他客户。未删除任何内容。');
      expect(await present('crm_account', [a])).toBe(1);
      expect(await present('crm_opportunity', o)).toBe(2);
    });

    it('a mass delete with one such account deletes none of them', async () => {
      const empty = await createAccount('Empty', users['admin']!);
      const busy = await createAccount('Busy', users['admin']!);
      await createOpportunity('B1', busy, users['admin']!, '1.00');
      expect((await admin('DELETE', `/crm/account/${empty},${busy}`)).status).toBe(400);
      expect(await present('crm_account', [empty, busy])).toBe(2);
      expect((await admin('DELETE', `/crm/account/${empty}`)).body.code).toBe(200);
    });

    it('dependents=delete deletes both in one go; restoring the account brings back what went with it, not what was deleted before', async () => {
      const a = await createAccount('Cascade', users['admin']!);
      const earlier = await createOpportunity('Deleted before', a, users['admin']!, '5.00');
      expect((await admin('DELETE', `/crm/opportunity/${earlier}`)).body.code).toBe(200);
      const o = [await createOpportunity('C1', a, users['admin']!, '1.00'), await createOpportunity('C2', a, users['admin']!, '2.00')];
      const res = await admin('DELETE', `/crm/account/${a}?dependents=delete`);
      expect(res.body.code).toBe(200);
      expect(await present('crm_account', [a])).toBe(0);
      expect(await present('crm_opportunity', o)).toBe(0);
      const bin = (await admin('GET', '/crm/opportunity/recycleBin?pageSize=100')).body.rows as Array<{ id: number }>;
      expect(bin.map((r) => r.id)).toEqual(expect.arrayContaining(o));

      expect((await admin('PUT', '/crm/account/restore', { ids: [a] })).body.code).toBe(200);
      expect(await present('crm_account', [a])).toBe(1);
      expect(await present('crm_opportunity', o)).toBe(2);
      expect(await present('crm_opportunity', [earlier])).toBe(0);
      const opp = await getRecord(admin, 'opportunity', o[0]!);
      expect(opp.accountId).toBe(a);
    });

    it('is refused, nothing deleted, for a user who may delete accounts but not opportunities', async () => {
      const a = await createAccount('Keeper', users['ava.keeper']!, null);
      const o = await createOpportunity('K1', a, users['ava.keeper']!, '1.00');
      const res = await ava('DELETE', `/crm/account/${a}?dependents=delete`);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('You may not delete opportunities, so the account(s) with 1 opportunity(ies) cannot be deleted. Nothing was deleted.');
      expect(await present('crm_account', [a])).toBe(1);
      expect(await present('crm_opportunity', [o])).toBe(1);
      // Without opportunities the same user deletes the account.
      const plain = await createAccount('Keeper plain', users['ava.keeper']!, null);
      expect((await ava('DELETE', `/crm/account/${plain}`)).body.code).toBe(200);
    });

    it('is refused, nothing deleted, when an opportunity is outside the caller’s scope', async () => {
      const a = await createAccount('Emma', users['emma.stone']!);
      const own = await createOpportunity('E1', a, users['emma.stone']!, '1.00');
      const west = await createOpportunity('W1', a, users['noah.king']!, '1.00');
      const res = await emma('DELETE', `/crm/account/${a}?dependents=delete`);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('1 opportunity(ies) of the account(s) are not yours to delete. Nothing was deleted.');
      expect(await present('crm_account', [a])).toBe(1);
      expect(await present('crm_opportunity', [own, west])).toBe(2);
    });

    it('403 without account remove; 400 for a hostile option; 404 out of scope', async () => {
      const a = await createAccount('Olivia own', users['olivia.park']!);
      expect((await olivia('DELETE', `/crm/account/${a}`)).status).toBe(403);
      expect((await admin('DELETE', `/crm/account/${a}?dependents=everything`)).status).toBe(400);
      expect((await admin('DELETE', `/crm/account/${a}?dependents=delete;drop%20table%20crm_account`)).status).toBe(400);
      expect((await ava('DELETE', `/crm/account/${top}?dependents=delete`)).status).toBe(404);
      expect(await present('crm_account', [a, top])).toBe(2);
    });
  });
});
