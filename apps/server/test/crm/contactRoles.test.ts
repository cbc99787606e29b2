import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ContactRole } from '@orbit/shared/contract/contactRoles';
import { caller, userIds } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { purgeRecycleBin } from '../../src/modules/crm/engine/records/purgeRecycleBin';
import { moveContactRoles } from '../../src/modules/crm/opportunity/moveContactRoles';

type Call = ReturnType<typeof caller>;

/**
 * Opportunity contact roles (issue 30; docs/contact-roles.md): added, changed and removed on the
 * opportunity with its edit right and within its scope; one primary at most (service and database);
 * shown on the contact; a restricted contact unnamed; hidden in the recycle bin, gone at purge;
 * moved to the survivor of a contact merge.
 */
describe('opportunity contact roles', () => {
  let app: TestApp;
  let admin: Call, olivia: Call, emma: Call, sophia: Call;
  let users: Record<string, number>;
  const tag = `roles-${Date.now()}`;
  let account: number, otherAccount: number, opportunity: number;
  let ann: number, bob: number, carl: number, stranger: number, secret: number;

  async function create(call: Call, module: string, body: Record<string, unknown>): Promise<number> {
    const res = await call('POST', `/crm/${module}`, body);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }
  const contact = (call: Call, firstName: string, accountId: number | null, owner = 'olivia.park') =>
    create(call, 'contact', { firstName, lastName: tag, accountId, ownerId: users[owner] });
  const roles = async (call: Call, id = opportunity): Promise<ContactRole[]> => {
    const res = await call('GET', `/crm/opportunity/${id}/contact-roles`);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as ContactRole[];
  };
  const add = (call: Call, body: Record<string, unknown>, id = opportunity) => call('POST', `/crm/opportunity/${id}/contact-roles`, body);

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    admin = caller(app, await loginAs(app, 'admin'));
    olivia = caller(app, await loginAs(app, 'olivia.park')); // sales rep: her own records
    emma = caller(app, await loginAs(app, 'emma.stone')); // sales manager, Sales East
    sophia = caller(app, await loginAs(app, 'sophia.reed')); // read only, everything
    users = await userIds(admin);
    account = await create(olivia, 'account', { name: `${tag} Contoso`, ownerId: users['olivia.park'] });
    otherAccount = await create(olivia, 'account', { name: `${tag} Fabrikam`, ownerId: users['olivia.park'] });
    opportunity = await create(olivia, 'opportunity', { name: `${tag} Deal`, accountId: account, ownerId: users['olivia.park'], stage: 'prospecting', closeDate: '2026-12-31' });
    ann = await contact(olivia, 'Ann', account);
    bob = await contact(olivia, 'Bob', account);
    carl = await contact(olivia, 'Carl', account);
    stranger = await contact(olivia, 'Stranger', otherAccount);
    secret = await contact(admin, 'Secret', null, 'noah.king'); // beyond Olivia's scope
  });
  afterAll(() => app.teardown());

  it('suggests the contacts of the opportunity’s account first, others after, none already given a role', async () => {
    const res = await olivia('GET', `/crm/opportunity/${opportunity}/contact-roles/candidates?q=${tag}`);
    expect(res.body.code).toBe(200);
    const names = (res.body.data as Array<{ id: number; sameAccount: boolean }>).map((c) => [c.id, c.sameAccount]);
    expect(names).toEqual([[ann, true], [bob, true], [carl, true], [stranger, false]]); // not Noah's Secret: out of scope
  });

  it('adds roles, makes one primary (the previous one cleared in the same write), changes and removes them', async () => {
    expect((await add(olivia, { contactId: ann, role: 'decision_maker', isPrimary: true })).body.code).toBe(200);
    const bobRes = await add(olivia, { contactId: bob, role: 'influencer' });
    expect(bobRes.body.code).toBe(200);
    const bobRole = bobRes.body.data as number;
    let list = await roles(olivia);
    expect(list.map((r) => [r.contactId, r.role, r.isPrimary, r.accountName])).toEqual([
      [ann, 'decision_maker', true, `${tag} Contoso`],
      [bob, 'influencer', false, `${tag} Contoso`],
    ]);
    expect(list[0]!.contactName).toBe(`Ann ${tag}`);

    // Bob becomes the primary: Ann is no longer.
    expect((await olivia('PUT', `/crm/opportunity/${opportunity}/contact-roles/${bobRole}`, { isPrimary: true, role: 'economic_buyer' })).body.code).toBe(200);
    list = await roles(olivia);
    expect(list.map((r) => [r.contactId, r.role, r.isPrimary])).toEqual([
      [bob, 'economic_buyer', true],
      [ann, 'decision_maker', false],
    ]);

    // A new primary on add clears Bob.
    const carlRole = (await add(olivia, { contactId: carl, role: 'technical_buyer', isPrimary: true })).body.data as number;
    list = await roles(olivia);
    expect(list.filter((r) => r.isPrimary).map((r) => r.contactId)).toEqual([carl]);

    expect((await olivia('DELETE', `/crm/opportunity/${opportunity}/contact-roles/${carlRole}`)).body.code).toBe(200);
    expect((await roles(olivia)).map((r) => r.contactId)).toEqual([ann, bob]);
    expect((await roles(olivia)).some((r) => r.isPrimary)).toBe(false);
  });

  it('refuses a contact twice, an unknown role, and a second primary in the database itself', async () => {
    const twice = await add(olivia, { contactId: ann, role: 'other' });
    expect(twice.body.code).toBe(400);
    expect(twice.body.msg).toBe('This contact already has a role on this opportunity');
    const unknown = await add(olivia, { contactId: stranger, role: 'astrologer' }, opportunity);
    expect(unknown.body.code).toBe(400);
    expect(unknown.body.msg).toBe('Please choose a role from the list');
    expect((await roles(olivia)).map((r) => r.contactId)).toEqual([ann, bob]); // nothing changed
    await app.db.execute(sql`update crm_opportunity_contact_role set is_primary = true where opportunity_id = ${opportunity} and contact_id = ${ann}`);
    await expect(app.db.execute(sql`update crm_opportunity_contact_role set is_primary = true where opportunity_id = ${opportunity} and contact_id = ${bob}`)).rejects.toThrow();
    await app.db.execute(sql`update crm_opportunity_contact_role set is_primary = false where opportunity_id = ${opportunity}`);
  });

  it('shows the roles on the contact, in Chinese too', async () => {
    const res = await olivia('GET', `/crm/contact/${ann}/opportunity-roles`);
    expect(res.body.code).toBe(200);
    expect((res.body.data as ContactRole[]).map((r) => [r.opportunityId, r.opportunityName, r.role])).toEqual([[opportunity, `${tag} Deal`, 'decision_maker']]);
    const zh = await olivia('POST', `/crm/opportunity/${opportunity}/contact-roles`, { contactId: ann, role: 'other' }, { 'accept-language': 'zh-CN' });
    expect(zh.body.msg).toBe('该联系人在此商机上已有角色');
  });

  it('needs the opportunity’s edit right to change roles and its query right to read them', async () => {
    expect((await sophia('GET', `/crm/opportunity/${opportunity}/contact-roles`)).body.code).toBe(200);
    const refused = await sophia('POST', `/crm/opportunity/${opportunity}/contact-roles`, { contactId: carl, role: 'other' });
    expect(refused.body.code).toBe(403);
    expect((await sophia('DELETE', `/crm/opportunity/${opportunity}/contact-roles/1`)).body.code).toBe(403);
    expect((await roles(olivia)).map((r) => r.contactId)).toEqual([ann, bob]);
  });

  it('keeps to data scope: an opportunity beyond it is not found; a contact beyond it cannot be added, and one added by others is restricted', async () => {
    // Noah sells in Sales West: beyond Olivia (her own records) and Emma (Sales East).
    const west = await create(admin, 'account', { name: `${tag} West`, ownerId: users['noah.king'] });
    const noahs = await create(admin, 'opportunity', { name: `${tag} West deal`, accountId: west, ownerId: users['noah.king'], stage: 'prospecting', closeDate: '2026-12-31' });
    expect((await olivia('GET', `/crm/opportunity/${noahs}/contact-roles`)).body.code).toBe(404);
    expect((await add(olivia, { contactId: ann, role: 'other' }, noahs)).body.code).toBe(404);
    expect((await emma('GET', `/crm/opportunity/${noahs}/contact-roles`)).body.code).toBe(404);

    expect((await add(olivia, { contactId: secret, role: 'influencer' })).body.code).toBe(404);
    expect((await add(admin, { contactId: secret, role: 'influencer' })).body.code).toBe(200);
    const seen = (await roles(olivia)).find((r) => r.contactId === secret)!;
    expect(seen).toMatchObject({ contactName: null, accountName: null, role: 'influencer' });
    expect(JSON.stringify(await roles(olivia))).not.toContain('Secret');
    expect((await roles(admin)).find((r) => r.contactId === secret)!.contactName).toBe(`Secret ${tag}`);
    // The contact's side needs the contact within scope.
    expect((await olivia('GET', `/crm/contact/${secret}/opportunity-roles`)).body.code).toBe(404);
  });

  it('hides the roles of a deleted contact or opportunity while in the recycle bin, brings them back on restore, removes them at purge', async () => {
    const doomed = await contact(olivia, 'Doomed', account);
    await add(olivia, { contactId: doomed, role: 'other' });
    expect((await admin('DELETE', `/crm/contact/${doomed}`)).body.code).toBe(200);
    expect((await roles(olivia)).map((r) => r.contactId)).not.toContain(doomed);
    expect((await admin('PUT', '/crm/contact/restore', { ids: [doomed] })).body.code).toBe(200);
    expect((await roles(olivia)).map((r) => r.contactId)).toContain(doomed);

    const deal = await create(olivia, 'opportunity', { name: `${tag} Doomed deal`, accountId: account, ownerId: users['olivia.park'], stage: 'prospecting', closeDate: '2026-12-31' });
    await add(olivia, { contactId: ann, role: 'other' }, deal);
    expect((await admin('DELETE', `/crm/opportunity/${deal}`)).body.code).toBe(200);
    expect((await olivia('GET', `/crm/contact/${ann}/opportunity-roles`)).body.data.map((r: ContactRole) => r.opportunityId)).toEqual([opportunity]);

    expect((await admin('DELETE', `/crm/contact/${doomed}`)).body.code).toBe(200);
    await app.db.execute(sql`update crm_contact set deleted_at = now() - interval '31 days' where id = ${doomed}`);
    await app.db.execute(sql`update crm_opportunity set deleted_at = now() - interval '31 days' where id = ${deal}`);
    expect(await purgeRecycleBin(app.db, app.fileStore)).toBe(2);
    const left = await app.db.execute(sql`select count(*)::int as n from crm_opportunity_contact_role where contact_id = ${doomed} or opportunity_id = ${deal}`);
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('moveContactRoles: a merge moves the merged contacts’ roles to the survivor, dropping duplicates and keeping the primary', async () => {
    const deal1 = await create(olivia, 'opportunity', { name: `${tag} Merge 1`, accountId: account, ownerId: users['olivia.park'], stage: 'prospecting', closeDate: '2026-12-31' });
    const deal2 = await create(olivia, 'opportunity', { name: `${tag} Merge 2`, accountId: account, ownerId: users['olivia.park'], stage: 'prospecting', closeDate: '2026-12-31' });
    const survivor = await contact(olivia, 'Survivor', account);
    const dupA = await contact(olivia, 'DupA', account);
    const dupB = await contact(olivia, 'DupB', account);
    const other = await contact(olivia, 'Other', account);
    // deal1: survivor (influencer) and dupA (primary decision maker) — one row kept, the survivor's, made primary.
    await add(olivia, { contactId: survivor, role: 'influencer' }, deal1);
    await add(olivia, { contactId: dupA, role: 'decision_maker', isPrimary: true }, deal1);
    // deal2: dupA and dupB, other is primary — dupA's row kept (first), not primary.
    await add(olivia, { contactId: dupA, role: 'technical_buyer' }, deal2);
    await add(olivia, { contactId: dupB, role: 'economic_buyer' }, deal2);
    await add(olivia, { contactId: other, role: 'other', isPrimary: true }, deal2);

    const moved = await app.db.transaction((tx) => moveContactRoles(tx, survivor, [dupA, dupB]));
    expect(moved).toBe(1);
    expect((await roles(olivia, deal1)).map((r) => [r.contactId, r.role, r.isPrimary])).toEqual([[survivor, 'influencer', true]]);
    expect((await roles(olivia, deal2)).map((r) => [r.contactId, r.role, r.isPrimary])).toEqual([
      [other, 'other', true],
      [survivor, 'technical_buyer', false],
    ]);
    expect(await app.db.transaction((tx) => moveContactRoles(tx, survivor, [survivor]))).toBe(0);
  });
});
