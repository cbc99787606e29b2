import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { GlobalSearchHit, GlobalSearchResults } from '@orbit/shared/contract/crm';
import { NEW_USER_PASSWORD, caller, createRole, createUser, deptIds, userIds } from '../helpers/adminApi';
import { createLead, getRecord } from '../helpers/crmApi';
import { signedInApp } from '../helpers/signedInApp';
import { loginAs } from '../helpers/testApp';

type Rows = { rows: Array<Record<string, unknown>> };
type Call = ReturnType<typeof caller>;
const ZH = { 'accept-language': 'zh-CN' };

/**
 * The other routes of issue 30 under hostile requests: opportunity contact roles, contacts as
 * campaign members (campaign page, contact list, account), duplicate rules in Set-up and the
 * `duplicateOverride` of a write, global search and the conversion's existing contact. Each refusal
 * (missing right 403, beyond data scope 404, bad input 400 in English and Chinese) is checked in the
 * database to have changed nothing. The successful paths are in contactRoles, campaignContacts,
 * duplicates, globalSearch and conversion.test.ts.
 */
describe('issue 30 routes: hostile requests', () => {
  let ctx: Awaited<ReturnType<typeof signedInApp<'admin' | 'olivia.park' | 'noah.king' | 'mia.chen' | 'sophia.reed'>>>;
  const as = () => ctx.as;
  let users: Record<string, number>;
  const tag = `hostile30-${Date.now()}`;
  // Olivia's (sales rep: her own records) and Noah's (Sales West, beyond her).
  let account: number, opportunity: number, ann: number, bob: number, noahsContact: number, noahsOpportunity: number, campaign: number;
  const rows = async (query: ReturnType<typeof sql>) => ((await ctx.app.db.execute(query)) as unknown as Rows).rows;
  const roleRows = () => rows(sql`select id::int as id, opportunity_id::int as opportunity_id, contact_id::int as contact_id, role, is_primary from crm_opportunity_contact_role where opportunity_id in (${opportunity}, ${noahsOpportunity}) order by id`);
  const memberRows = (campaignId = campaign) => rows(sql`select lead_id::int as lead_id, contact_id::int as contact_id, status from crm_campaign_member where campaign_id = ${campaignId} order by id`);

  async function create(call: Call, module: string, body: Record<string, unknown>): Promise<number> {
    const res = await call('POST', `/crm/${module}`, body);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }

  beforeAll(async () => {
    ctx = await signedInApp(['admin', 'olivia.park', 'noah.king', 'mia.chen', 'sophia.reed']);
    users = await userIds(as().admin);
    // Data-scope tests: campaigns private, as before Set-up › Sharing (test/crm/sharing.test.ts has the public read-only default).
    expect((await as().admin('PUT', '/setup/sharing', { module: 'campaign', access: 'private' })).body.code).toBe(200);
    const olivia = as()['olivia.park'];
    account = await create(olivia, 'account', { name: `${tag} Contoso` });
    opportunity = await create(olivia, 'opportunity', { name: `${tag} Deal`, accountId: account, stage: 'prospecting', closeDate: '2026-12-31' });
    ann = await create(olivia, 'contact', { firstName: 'Ann', lastName: tag, accountId: account, email: `ann@${tag}.example` });
    bob = await create(olivia, 'contact', { firstName: 'Bob', lastName: tag, accountId: account });
    noahsContact = await create(as()['noah.king'], 'contact', { firstName: 'Secret', lastName: tag, email: `secret@${tag}.example` });
    const noahsAccount = await create(as()['noah.king'], 'account', { name: `${tag} West` });
    noahsOpportunity = await create(as()['noah.king'], 'opportunity', { name: `${tag} West deal`, accountId: noahsAccount, stage: 'prospecting', closeDate: '2026-12-31' });
    campaign = await create(as().admin, 'campaign', { name: `${tag} Expo`, ownerId: users['olivia.park'] });
  });
  afterAll(() => ctx.app.teardown());

  describe('opportunity contact roles', () => {
    it('refuse wrong types, stray keys, NUL bytes, huge text and numbers, in English and Chinese, adding nothing', async () => {
      const olivia = as()['olivia.park'];
      const before = await roleRows();
      const bodies: Array<[unknown, string]> = [
        [{ contactId: String(ann), role: 'other' }, 'contactId'],
        [{ contactId: true, role: 'other' }, 'contactId'],
        [{ contactId: [ann], role: 'other' }, 'contactId'],
        [{ contactId: 2 ** 60, role: 'other' }, 'contactId'],
        [{ contactId: -ann, role: 'other' }, 'contactId'],
        [{ contactId: ann, role: 'oth\u0000er' }, 'role'],
        [{ contactId: ann, role: 'x'.repeat(100_000) }, 'role'],
        [{ contactId: ann, role: ['other'] }, 'role'],
        [{ contactId: ann, role: 'other', isPrimary: 'yes' }, 'isPrimary'],
        [{ contactId: ann, role: 'other', opportunityId: noahsOpportunity }, 'opportunityId'],
      ];
      for (const [body, field] of bodies) {
        const res = await olivia('POST', `/crm/opportunity/${opportunity}/contact-roles`, body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.body.errors, JSON.stringify(body).slice(0, 80)).toHaveProperty([field]);
      }
      expect((await olivia('POST', `/crm/opportunity/${opportunity}/contact-roles`, { contactId: ann, role: 'x'.repeat(101) })).body.msg).toBe('role must be at most 100 characters');
      expect((await olivia('POST', `/crm/opportunity/${opportunity}/contact-roles`, { contactId: ann, role: 'other', opportunityId: 1 }, ZH)).body.msg).toBe('未知字段“opportunityId”：未做任何修改');
      expect((await olivia('POST', `/crm/opportunity/${opportunity}/contact-roles`, { contactId: ann, role: "' or 1=1 --" }, ZH)).body).toMatchObject({ code: 400, msg: '请从列表中选择角色' });
      expect((await olivia('POST', `/crm/opportunity/${opportunity}%00/contact-roles`, { contactId: ann, role: 'other' })).status).toBe(400);
      // A lead's id is no contact's (one made past every contact id): not found.
      const [max] = await rows(sql`select max(id)::int as id from crm_contact`);
      let lead = 0;
      while (lead <= Number(max!.id)) lead = await createLead(olivia, { lastName: `${tag} lead` });
      expect((await olivia('POST', `/crm/opportunity/${opportunity}/contact-roles`, { contactId: lead, role: 'other' })).status).toBe(404);
      expect(await roleRows()).toEqual(before);
    });

    it('a role is changed only through its own opportunity, which must be within scope; without edit 403; nothing changes', async () => {
      const admin = as().admin;
      const mine = (await as()['olivia.park']('POST', `/crm/opportunity/${opportunity}/contact-roles`, { contactId: ann, role: 'decision_maker' })).body.data as number;
      const noahs = (await admin('POST', `/crm/opportunity/${noahsOpportunity}/contact-roles`, { contactId: noahsContact, role: 'influencer', isPrimary: true })).body.data as number;
      const before = await roleRows();
      const olivia = as()['olivia.park'];
      // Noah's role through Olivia's own opportunity: not hers to touch.
      expect((await olivia('PUT', `/crm/opportunity/${opportunity}/contact-roles/${noahs}`, { role: 'other', isPrimary: false })).status).toBe(404);
      expect((await olivia('DELETE', `/crm/opportunity/${opportunity}/contact-roles/${noahs}`)).status).toBe(404);
      expect((await olivia('PUT', `/crm/opportunity/${noahsOpportunity}/contact-roles/${noahs}`, { role: 'other' })).status).toBe(404);
      expect((await olivia('DELETE', `/crm/opportunity/${noahsOpportunity}/contact-roles/${noahs}`)).status).toBe(404);
      expect((await olivia('GET', `/crm/opportunity/${noahsOpportunity}/contact-roles/candidates?q=${tag}`)).status).toBe(404);
      // Even the administrator cannot reach a role through another opportunity's path.
      expect((await admin('DELETE', `/crm/opportunity/${opportunity}/contact-roles/${noahs}`, undefined, ZH)).body.code).toBe(404);
      // Read-only: 403 on every change.
      const sophia = as()['sophia.reed'];
      expect((await sophia('PUT', `/crm/opportunity/${opportunity}/contact-roles/${mine}`, { isPrimary: true })).status).toBe(403);
      expect((await sophia('DELETE', `/crm/opportunity/${opportunity}/contact-roles/${mine}`)).status).toBe(403);
      expect((await sophia('GET', `/crm/opportunity/${opportunity}/contact-roles/candidates`)).status).toBe(403);
      // Bad updates: nothing to change, a stray key, wrong types.
      for (const body of [{}, { isPrimary: true, contactId: bob }, { role: 5 }, { isPrimary: 1 }, { role: 'a\u0000' }]) {
        expect((await olivia('PUT', `/crm/opportunity/${opportunity}/contact-roles/${mine}`, body)).status, JSON.stringify(body)).toBe(400);
      }
      expect(await roleRows()).toEqual(before);
    });

    it('candidates: a search with LIKE wildcards, quotes or a backslash matches literally and never lists a contact beyond scope', async () => {
      const olivia = as()['olivia.park'];
      for (const q of ['%', '_', '\\', "'", '%%', `${tag}%`]) {
        const res = await olivia('GET', `/crm/opportunity/${opportunity}/contact-roles/candidates?q=${encodeURIComponent(q)}`);
        expect(res.status, q).toBe(200);
        expect(res.body.data, q).toEqual([]);
      }
      const found = (await olivia('GET', `/crm/opportunity/${opportunity}/contact-roles/candidates?q=${tag}`)).body.data as Array<{ id: number }>;
      expect(found.map((c) => c.id)).toContain(bob);
      expect(found.map((c) => c.id)).not.toContain(noahsContact);
      expect((await olivia('GET', `/crm/opportunity/${opportunity}/contact-roles/candidates?q=a%00b`)).status).toBe(400);
    });
  });

  describe('contacts as campaign members', () => {
    it('refuse wrong types (a coerced "1" or true added record 1), stray keys, huge arrays and NUL bytes, in English and Chinese, adding nothing', async () => {
      const admin = as().admin;
      const before = await memberRows();
      const bodies: Array<[string, unknown, string]> = [
        [`/crm/campaign/${campaign}/members`, { contactIds: ['1'] }, 'contactIds.0'],
        [`/crm/campaign/${campaign}/members`, { contactIds: [true] }, 'contactIds.0'],
        [`/crm/campaign/${campaign}/members`, { contactIds: [[ann]] }, 'contactIds.0'],
        [`/crm/campaign/${campaign}/members`, { contactIds: ann }, 'contactIds'],
        [`/crm/campaign/${campaign}/members`, { contactIds: Array.from({ length: 100_000 }, () => ann) }, 'contactIds'],
        [`/crm/campaign/${campaign}/members`, { contactIds: [ann], status: 'sent\u0000' }, 'status'],
        [`/crm/campaign/${campaign}/members`, { contactIDs: [ann] }, 'contactIDs'],
        [`/crm/campaign/${campaign}/members`, { contactIds: [] }, 'leadIds'],
        [`/crm/account/${account}/contacts/addToCampaign`, { campaignId: true }, 'campaignId'],
        [`/crm/account/${account}/contacts/addToCampaign`, { campaignId: String(campaign) }, 'campaignId'],
        [`/crm/account/${account}/contacts/addToCampaign`, { campaignId: campaign, memberStatus: 'x'.repeat(10_000) }, 'memberStatus'],
        [`/crm/account/${account}/contacts/addToCampaign`, { campaignId: campaign, status: 'sent' }, 'status'],
        ['/crm/contact/mass/addToCampaign', { ids: [ann], campaignId: campaign, memberStatus: 'se\u0000nt' }, 'memberStatus'],
        ['/crm/contact/mass/addToCampaign', { ids: Array.from({ length: 100_000 }, () => ann), campaignId: campaign }, 'ids'],
      ];
      for (const [path, body, field] of bodies) {
        const res = await admin('POST', path, body);
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
        expect(res.body.errors, `${path} ${JSON.stringify(body).slice(0, 80)}`).toHaveProperty([field]);
      }
      expect((await admin('POST', `/crm/campaign/${campaign}/members`, { contactIDs: [ann] })).body.msg).toBe('Unknown field "contactIDs": nothing was changed');
      expect((await admin('POST', `/crm/campaign/${campaign}/members`, { contactIds: [ann], status: 'bogus' }, ZH)).body).toMatchObject({ code: 400 });
      expect((await admin('POST', `/crm/campaign/${campaign}/members`, { contactIds: [ann], status: "sent' or '1'='1" })).body.code).toBe(400);
      // A lead's id among contacts (one no contact has) is a record not found.
      const [max] = await rows(sql`select max(id)::int as id from crm_contact`);
      let lead = 0;
      while (lead <= Number(max!.id)) lead = await createLead(admin, { lastName: `${tag} member lead` });
      expect((await admin('POST', `/crm/campaign/${campaign}/members`, { contactIds: [ann, lead] }, ZH)).body).toMatchObject({ code: 404, msg: '部分所选记录不存在或您无权访问：未做任何修改' });
      expect(await memberRows()).toEqual(before);
    });

    it('a rep cannot add a contact beyond scope (nor through an account beyond it); marketing without contact edit gets 403; nothing is added', async () => {
      const olivia = as()['olivia.park'];
      const before = await memberRows();
      expect((await olivia('POST', '/crm/contact/mass/addToCampaign', { ids: [ann, noahsContact], campaignId: campaign })).status).toBe(404);
      // Campaign edit is marketing's, not the rep's: the campaign page refuses her.
      expect((await olivia('POST', `/crm/campaign/${campaign}/members`, { contactIds: [ann] })).status).toBe(403);
      const noahsAccount = (await getRecord(as()['noah.king'], 'opportunity', noahsOpportunity)).accountId as number;
      expect((await olivia('POST', `/crm/account/${noahsAccount}/contacts/addToCampaign`, { campaignId: campaign })).status).toBe(404);
      // A campaign beyond her scope, through her own account.
      const noahsCampaign = await create(as().admin, 'campaign', { name: `${tag} West campaign`, ownerId: users['noah.king'] });
      expect((await olivia('POST', `/crm/account/${account}/contacts/addToCampaign`, { campaignId: noahsCampaign })).status).toBe(404);
      expect((await olivia('POST', '/crm/contact/mass/addToCampaign', { ids: [ann], campaignId: noahsCampaign })).status).toBe(404);
      expect((await as()['mia.chen']('POST', `/crm/account/${account}/contacts/addToCampaign`, { campaignId: campaign })).status).toBe(403);
      expect((await as()['sophia.reed']('POST', `/crm/campaign/${campaign}/members`, { contactIds: [ann] })).status).toBe(403);
      expect(await memberRows()).toEqual(before);
      expect(await memberRows(noahsCampaign)).toEqual([]);
    });

    it('a member search with LIKE wildcards or a backslash matches literally', async () => {
      const admin = as().admin;
      const own = await create(admin, 'campaign', { name: `${tag} Search campaign` });
      const percent = await create(admin, 'contact', { lastName: `${tag} 100%_sure\\` });
      expect((await admin('POST', `/crm/campaign/${own}/members`, { contactIds: [ann, percent] })).body.data).toBe(2);
      const search = async (q: string) => ((await admin('GET', `/crm/campaign/${own}/members?q=${encodeURIComponent(q)}`)).body.rows as Array<{ contactId: number }>).map((m) => m.contactId);
      expect(await search('%')).toEqual([percent]);
      expect(await search('_')).toEqual([percent]);
      expect(await search('\\')).toEqual([percent]);
      expect(await search("'")).toEqual([]);
      expect((await search(tag)).sort()).toEqual([ann, percent].sort());
    });
  });

  describe('duplicate rules and the duplicate override', () => {
    let setupReader: Call;
    beforeAll(async () => {
      const depts = await deptIds(as().admin);
      const role = await createRole(as().admin, 'h30_setup_reader', ['setup:fields:list'], '1');
      await createUser(as().admin, 'h30.setup', depts['Sales East']!, [role]);
      setupReader = caller(ctx.app, await loginAs(ctx.app, 'h30.setup', NEW_USER_PASSWORD));
    });
    const ruleRows = () => rows(sql`select id::int as id, module, name, action, active, conditions from crm_duplicate_rule order by id`);

    it('Set-up: listing is not changing — without add, edit or remove 403 and the rules as they were', async () => {
      const listed = await setupReader('GET', '/setup/contact/duplicateRules');
      expect(listed.body.code).toBe(200);
      const rule = (listed.body.data as Array<{ id: number; builtIn: boolean }>).find((r) => r.builtIn)!;
      const before = await ruleRows();
      const body = { name: `${tag} rule`, action: 'block', conditions: [{ field: 'email', match: 'exact' }] };
      expect((await setupReader('POST', '/setup/contact/duplicateRules', body)).status).toBe(403);
      expect((await setupReader('PUT', '/setup/contact/duplicateRules', { ...body, id: rule.id, active: false })).status).toBe(403);
      expect((await setupReader('DELETE', `/setup/contact/duplicateRules/${rule.id}`)).status).toBe(403);
      expect((await as()['olivia.park']('POST', '/setup/contact/duplicateRules', body)).status).toBe(403);
      expect(await ruleRows()).toEqual(before);
    });

    it('Set-up: wrong types, NUL bytes, huge lists and numbers, another module’s rule, in English and Chinese; nothing changes', async () => {
      const admin = as().admin;
      const rules = (await admin('GET', '/setup/contact/duplicateRules')).body.data as Array<{ id: number }>;
      const leadRule = ((await admin('GET', '/setup/leads/duplicateRules')).body.data as Array<{ id: number; name: string; action: string; conditions: unknown }>)[0]!;
      const before = await ruleRows();
      const ok = { name: `${tag} rule`, action: 'warn', conditions: [{ field: 'email', match: 'exact' }] };
      const bodies: Array<[unknown, string]> = [
        [{ ...ok, name: 'a\u0000b' }, 'name'],
        [{ ...ok, name: 'x'.repeat(10_000) }, 'name'],
        [{ ...ok, threshold: 1e308 }, 'threshold'],
        [{ ...ok, threshold: '0.5' }, 'threshold'],
        [{ ...ok, action: 'allow' }, 'action'],
        [{ ...ok, active: 'false' }, 'active'],
        [{ ...ok, conditions: Array.from({ length: 10_000 }, () => ({ field: 'email', match: 'exact' })) }, 'conditions'],
        [{ ...ok, conditions: [{ field: 'email', match: 'regex' }] }, 'conditions.0.match'],
        [{ ...ok, conditions: [{ field: "email'; drop table crm_contact; --", match: 'exact' }] }, 'conditions.0.field'],
        [{ ...ok, conditions: 'email' }, 'conditions'],
      ];
      for (const [body, field] of bodies) {
        const res = await admin('POST', '/setup/contact/duplicateRules', body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.body.errors, JSON.stringify(body).slice(0, 80)).toHaveProperty([field]);
      }
      expect((await admin('POST', '/setup/contact/duplicateRules', { ...ok, name: 'a\u0000b' }, ZH)).body.msg).toMatch(/空字符/);
      expect((await admin('POST', '/setup/contact/duplicateRules', { ...ok, conditions: [] }, ZH)).body.msg).toBe('请至少添加一个条件');
      expect((await admin('POST', '/setup/nomodule/duplicateRules', ok)).status).toBe(400);
      // A leads rule is not the contacts' to change or delete.
      const cross = await admin('PUT', '/setup/contact/duplicateRules', { ...ok, id: leadRule.id });
      expect(cross.body).toMatchObject({ code: 404, msg: 'The duplicate rule does not exist' });
      expect((await admin('DELETE', `/setup/contact/duplicateRules/${leadRule.id}`, undefined, ZH)).body).toMatchObject({ code: 404, msg: '查重规则不存在' });
      expect((await admin('DELETE', `/setup/contact/duplicateRules/${2 ** 60}`)).status).toBe(400);
      expect((await admin('DELETE', `/setup/contact/duplicateRules/${rules[0]!.id}%00`)).status).toBe(400);
      expect(await ruleRows()).toEqual(before);
    });

    it('duplicateOverride: a reason too long says so (not "give a reason"), wrong types and NUL refused; no record written', async () => {
      const olivia = as()['olivia.park'];
      const count = async () => Number((await rows(sql`select count(*)::int as n from crm_contact where last_name = ${`${tag} Dup`}`))[0]!.n);
      const body = { firstName: 'Ann', lastName: `${tag} Dup`, accountId: account, email: `ann@${tag}.example` };
      // The built-in contact rules ship switched off: one of our own that warns.
      const rule = await as().admin('POST', '/setup/contact/duplicateRules', { name: `${tag} same e-mail`, action: 'warn', conditions: [{ field: 'email', match: 'caseInsensitive' }] });
      expect(rule.body.code, rule.body.msg).toBe(200);
      const warned = await olivia('POST', '/crm/contact', body);
      expect(warned.body.code).toBe(409);
      const long = await olivia('POST', '/crm/contact', { ...body, duplicateOverride: { reason: 'x'.repeat(501) } });
      expect(long.body).toMatchObject({ code: 400, msg: 'Reason must be at most 500 characters', errors: { duplicateReason: 'Reason must be at most 500 characters' } });
      expect((await olivia('POST', '/crm/contact', { ...body, duplicateOverride: { reason: 'x'.repeat(501) } }, ZH)).body.msg).toBe('原因长度不能超过 500 个字符');
      for (const override of [true, 'because', { reason: '' }, { reason: '   ' }, { reason: 5 }, [{ reason: 'a' }], null]) {
        const res = await olivia('POST', '/crm/contact', { ...body, duplicateOverride: override }, ZH);
        expect(res.body, JSON.stringify(override)).toMatchObject({ code: 400, msg: '请填写保存疑似重复记录的原因' });
      }
      expect((await olivia('POST', '/crm/contact', { ...body, duplicateOverride: { reason: 'a\u0000b' } })).body.code).toBe(400);
      expect(await count()).toBe(0);
      // The same on an update, and on a record beyond scope: not found before anything else.
      const version = (await getRecord(olivia, 'contact', bob)).version as number;
      expect((await olivia('PUT', '/crm/contact', { id: bob, version, email: `ann@${tag}.example`, duplicateOverride: { reason: 'x'.repeat(501) } })).body.code).toBe(400);
      expect((await olivia('PUT', '/crm/contact', { id: noahsContact, version: 1, lastName: 'Mine now', duplicateOverride: { reason: 'ok' } })).status).toBe(404);
      expect((await getRecord(olivia, 'contact', bob)).email ?? null).toBeNull();
      expect((await getRecord(as().admin, 'contact', noahsContact)).lastName).toBe(tag);
    });
  });

  describe('global search', () => {
    let percent: number, under: number, quote: number, slash: number;
    beforeAll(async () => {
      const olivia = as()['olivia.park'];
      percent = await create(olivia, 'contact', { lastName: `${tag}pct 50%off` });
      under = await create(olivia, 'contact', { lastName: `${tag}und snake_case` });
      quote = await create(olivia, 'contact', { lastName: `${tag}quo O'Brien` });
      slash = await create(olivia, 'contact', { lastName: `${tag}bsl back\\slash` });
    });
    const search = async (call: Call, q: string) => {
      const res = await call('GET', `/crm/search?q=${encodeURIComponent(q)}&limit=20`);
      expect(res.status, q).toBe(200);
      return (res.body.data as GlobalSearchHit[]).filter((h) => h.module === 'contact').map((h) => h.id);
    };
    const results = async (call: Call, q: string, module = 'contact') => {
      const res = await call('GET', `/crm/search/results?q=${encodeURIComponent(q)}&module=${module}&pageSize=100`);
      expect(res.status, q).toBe(200);
      return res.body.data as GlobalSearchResults;
    };

    it('% _ \\ and a quote match themselves, not everything; neither errs', async () => {
      const olivia = as()['olivia.park'];
      expect(await search(olivia, '50%off')).toEqual([percent]);
      expect(await search(olivia, 'e_c')).toEqual([under]);
      expect(await search(olivia, "o'brien")).toEqual([quote]);
      expect(await search(olivia, 'k\\s')).toEqual([slash]);
      // Wildcards alone match only records holding them, never all of them.
      const all = (await results(olivia, `${tag}`)).total;
      expect(all).toBeGreaterThanOrEqual(6);
      // A term under three characters matches at a word's start only (globalSearch.ts), so these
      // one-character terms need not find the records holding them mid-word: they must not find
      // every record, nor err.
      for (const q of ['%', '_', '\\', "'"]) {
        const found = await results(olivia, q);
        expect(found.rows.map((r) => r.id), q).not.toContain(ann);
        expect(found.total, q).toBeLessThan(all + 1000);
      }
      for (const q of ['%%', '_%', "'; drop table crm_contact; --", '\\%']) expect((await results(olivia, q)).rows.map((r) => r.id)).not.toContain(ann);
    });

    it('NUL, empty, too long and huge paging are refused or bounded, in English and Chinese', async () => {
      const olivia = as()['olivia.park'];
      const nul = await olivia('GET', '/crm/search?q=a%00b');
      expect(nul.body).toMatchObject({ code: 400, msg: 'q must not contain NUL characters' });
      expect((await olivia('GET', '/crm/search/results?q=a%00b', undefined, ZH)).body.msg).toMatch(/空字符/);
      expect((await olivia('GET', `/crm/search?q=${'x'.repeat(101)}`)).status).toBe(400);
      expect((await olivia('GET', '/crm/search?q=%20%20')).status).toBe(400);
      expect((await olivia('GET', `/crm/search?q=${tag}&limit=1e9`)).status).toBe(400);
      expect((await olivia('GET', `/crm/search?q=${tag}&limit=-1`)).status).toBe(400);
      expect((await olivia('GET', `/crm/search/results?q=${tag}&module=sys_user`)).status).toBe(400);
      const far = await olivia('GET', `/crm/search/results?q=${tag}&module=contact&pageNum=99999999&pageSize=100000`);
      expect(far.body.code).toBe(200);
      expect(far.body.data.rows).toEqual([]);
      expect((await olivia('GET', `/crm/search/results?q=${tag}&pageNum=1e400`)).status).toBe(400);
    });

    it('never finds a record beyond scope, by any word of it, nor counts it', async () => {
      const olivia = as()['olivia.park'];
      for (const q of ['Secret', `secret@${tag}.example`, `${tag} West`]) {
        const hits = (await olivia('GET', `/crm/search?q=${encodeURIComponent(q)}&limit=20`)).body.data as GlobalSearchHit[];
        expect(hits.map((h) => `${h.module}:${h.id}`), q).not.toContain(`contact:${noahsContact}`);
        expect(JSON.stringify(hits)).not.toContain('Secret');
        const page = (await olivia('GET', `/crm/search/results?q=${encodeURIComponent(q)}`)).body.data as GlobalSearchResults;
        expect(page.counts.find((c) => c.module === 'contact')!.total, q).toBe(0);
        expect(JSON.stringify(page)).not.toContain(`${tag} West`);
      }
      // Noah finds his own.
      expect(await search(as()['noah.king'], `secret@${tag}.example`)).toEqual([noahsContact]);
      // Marketing cannot list contacts? Then a contact tab is forbidden; a module it may list answers.
      const mia = as()['mia.chen'];
      const miaPage = (await mia('GET', `/crm/search/results?q=${tag}`)).body.data as GlobalSearchResults;
      expect(miaPage.rows.map((r) => r.id)).not.toContain(noahsContact);
    });
  });

  describe('lead conversion linking an existing contact', () => {
    const counts = async () =>
      (await rows(sql`select (select count(*) from crm_contact)::int as contacts, (select count(*) from crm_account)::int as accounts, (select count(*) from crm_opportunity)::int as opportunities`))[0] as {
        contacts: number;
        accounts: number;
        opportunities: number;
      };

    it('refuses a contact id of the wrong type, beyond scope or of another account, leaving the lead and every table as they were', async () => {
      const olivia = as()['olivia.park'];
      const leadId = await createLead(olivia, { firstName: 'Secret', lastName: tag, company: `${tag} Contoso`, email: `secret@${tag}.example` });
      // Noah's contact of Olivia's account: same e-mail as the lead, beyond her scope.
      const hidden = await create(as().admin, 'contact', { firstName: 'Secret', lastName: tag, accountId: account, email: `secret@${tag}.example`, ownerId: users['noah.king'], duplicateOverride: { reason: 'test' } });
      const offered = (await olivia('GET', `/crm/leads/convert/contacts/${leadId}?accountId=${account}`)).body.data as Array<{ id: number }>;
      expect(offered.map((c) => c.id)).not.toContain(hidden);
      const before = await counts();
      const convert = (contact: unknown, headers: Record<string, string> = {}) =>
        olivia('POST', '/crm/leads/convert', { leadId, version: 1, account: { mode: 'existing', accountId: account }, contact }, headers);
      for (const contact of [{ mode: 'existing', contactId: String(ann) }, { mode: 'existing', contactId: true }, { mode: 'existing', contactId: [ann] }, { mode: 'existing' }, { mode: 'both', contactId: ann }]) {
        expect((await convert(contact)).status, JSON.stringify(contact)).toBe(400);
      }
      const beyond = await convert({ mode: 'existing', contactId: hidden });
      expect(beyond.status).toBe(400);
      expect(Object.keys(beyond.body.errors)).toEqual(['contact.contactId']);
      expect(JSON.stringify(beyond.body)).not.toContain('Secret');
      expect((await convert({ mode: 'existing', contactId: noahsContact }, ZH)).status).toBe(400);
      // A contact of another of her accounts is not this account's.
      const other = await create(olivia, 'account', { name: `${tag} Other` });
      const elsewhere = await create(olivia, 'contact', { lastName: `${tag} Elsewhere`, accountId: other });
      const after = await counts();
      expect((await convert({ mode: 'existing', contactId: elsewhere })).status).toBe(400);
      expect(after).toEqual({ ...before, accounts: before.accounts + 1, contacts: before.contacts + 1 });
      expect(await counts()).toEqual(after);
      expect(await getRecord(olivia, 'leads', leadId)).toMatchObject({ status: 'new', convertedContactId: null });
      expect((await getRecord(as().admin, 'contact', hidden)).sourceLeadId ?? null).toBeNull();
    });
  });
});
