import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BUSINESS_DAY_HEADER, META_VERSION_HEADER, type ModuleMeta } from '@orbit/shared/contract/crm';
import { resolveRelativeDate } from '@orbit/shared/crm/relativeDates';
import { reconcileCrmMetadata } from '../../src/modules/crm/engine/metadata/reconcileMetadata';
import { leadsSeed } from '../../src/modules/crm/leads/leads.seed';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller } from '../helpers/adminApi';

/** Module metadata, record types (SPEC §7) and the metadata version every process follows. */
describe('records engine metadata', () => {
  let app: TestApp;
  let olivia: ReturnType<typeof caller>;

  beforeAll(async () => {
    app = await createTestApp();
    olivia = caller(app, await loginAs(app, 'olivia.park'));
  });
  afterAll(() => app.teardown());

  const meta = async (module: string, lang = 'en') => (await olivia('GET', `/crm/meta/${module}`, undefined, { 'accept-language': lang })).body.data as ModuleMeta;

  it('describes leads in the request’s language: fields, record types with their layouts, views, related lists', async () => {
    const en = await meta('leads');
    const zh = await meta('leads', 'zh');
    expect(en.moduleId).toBe(0);
    expect(en.nameFields).toEqual(['firstName', 'lastName']);
    const lastName = en.fields.find((f) => f.name === 'lastName')!;
    expect(lastName).toMatchObject({ type: 'text', label: 'Last Name', required: true, requiredMessage: 'validation.lastNameRequired', maxLength: 80, sortable: true });
    expect(zh.fields.find((f) => f.name === 'lastName')!.label).toBe('姓');
    expect(en.fields.find((f) => f.name === 'status')).toMatchObject({ type: 'picklist', dictType: 'crm_lead_status', defaultValue: 'new' });
    expect(en.fields.find((f) => f.name === 'campaignId')).toMatchObject({ type: 'lookup', lookupModule: 'campaign' });
    expect(en.recordTypes.map((t) => [t.name, t.label, t.isDefault])).toEqual([['standard', 'Standard', true], ['partner', 'Partner', false]]);
    expect(zh.recordTypes.map((t) => t.label)).toEqual(['标准', '合作伙伴']);
    const partner = en.layouts.find((l) => l.recordTypeId === en.recordTypes[1]!.id)!;
    expect(partner.sections[0]!.title).toBe('Partner Lead Information');
    expect(partner.sections[0]!.fields).toContainEqual({ field: 'email', required: true });
    expect(en.listViews.map((v) => v.label)).toEqual(['All Leads', 'My Leads', 'Open Leads', 'Hot Leads', 'New This Week']);
    expect(zh.listViews[0]!.label).toBe('全部线索');
    expect(en.relatedLists).toContainEqual({ module: 'task', field: 'name', label: 'Name' });
    // Activities are the timeline's entries, not a related list as well.
    expect(en.relatedLists.filter((l) => l.module === 'activity')).toEqual([]);
    // The stage path a detail page draws: leads close unqualified or converted (by converting only).
    expect(en.path).toEqual({ field: 'status', closed: ['unqualified', 'converted'], byAction: ['converted'] });
    expect((await meta('opportunity')).path).toEqual({ field: 'stage', closed: ['closed_won', 'closed_lost'], byAction: [] });
    expect((await meta('account')).path).toBeNull();
    expect((await meta('account')).relatedLists).toEqual(
      expect.arrayContaining([{ module: 'opportunity', field: 'accountId', label: 'Account' }, { module: 'leads', field: 'convertedAccountId', label: 'Converted Account' }]),
    );
  });

  it('a layout’s required field is required on create: a Partner lead needs an e-mail', async () => {
    const types = (await meta('leads')).recordTypes;
    const partner = types.find((t) => t.name === 'partner')!.id;
    const res = await olivia('POST', '/crm/leads', { lastName: 'P', recordTypeId: partner });
    expect(res.body.errors).toEqual({ email: 'Please fill in email' });
    expect((await olivia('POST', '/crm/leads', { lastName: 'P', recordTypeId: partner, email: 'p@partner.com' })).body.code).toBe(200);
    const inactive = await olivia('POST', '/crm/leads', { lastName: 'P', recordTypeId: 999_999 });
    expect(inactive.body.errors).toHaveProperty('recordTypeId');
  });

  it('selectRecordType answers a module’s active record types by name or SPEC §4 id, to those who may use the module', async () => {
    const byName = await olivia('GET', '/system/data/selectRecordType/account');
    const byId = await olivia('GET', '/system/data/selectRecordType/2');
    expect(byName.body.data.map((t: { name: string }) => t.name)).toEqual(['customer', 'partner', 'prospect']);
    expect(byId.body).toEqual(byName.body);
    expect((await olivia('GET', '/system/data/selectRecordType/opportunity')).body.data).toEqual([]);
    expect((await olivia('GET', '/system/data/selectRecordType/users')).status).toBe(404);
    const mia = caller(app, await loginAs(app, 'mia.chen'));
    expect((await mia('GET', '/system/data/selectRecordType/account')).status).toBe(403);
    await app.db.execute(sql`update crm_record_type set active = false where module = 'account' and name = 'prospect'`);
    await app.db.execute(sql`update crm_meta_version set version = version + 1`);
    expect((await olivia('GET', '/system/data/selectRecordType/account')).body.data.map((t: { name: string }) => t.name)).toEqual(['customer', 'partner']);
  });

  it('every answer carries the metadata version; a change made elsewhere is seen on the next request', async () => {
    const first = await app.inject({ method: 'GET', url: api('/crm/meta/leads'), headers: bearer(await loginAs(app, 'admin')) });
    const version = Number(first.headers[META_VERSION_HEADER.toLowerCase()]);
    expect(version).toBeGreaterThan(0);
    // …and the day its "today" and "overdue" mean, for the web's highlighting.
    expect(first.headers[BUSINESS_DAY_HEADER.toLowerCase()]).toBe(resolveRelativeDate('today').from);
    // What another process's set-up change does: metadata row and version in one transaction.
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`update crm_field set label_en = 'Surname' where module = 'leads' and name = 'lastName'`);
      await tx.execute(sql`update crm_meta_version set version = version + 1`);
    });
    const next = await olivia('GET', '/crm/meta/leads');
    expect(next.body.data.fields.find((f: { name: string }) => f.name === 'lastName').label).toBe('Surname');
    const res = await olivia('POST', '/crm/leads', {});
    expect(res.body.errors).toEqual({ lastName: 'Please fill in last name' });
    const tooLong = await olivia('POST', '/crm/leads', { lastName: 'x'.repeat(81) });
    expect(tooLong.body.errors).toEqual({ lastName: 'Surname must be at most 80 characters' });
  });

  it('start-up reconciliation adds what is missing and leaves what an administrator changed', async () => {
    await app.db.execute(sql`delete from crm_list_view where module = 'leads' and built_in_key = 'hot'`);
    const lastField = leadsSeed.fields.at(-1)!.name;
    await app.db.execute(sql`delete from crm_field where module = 'leads' and name = ${lastField}`);
    await app.db.execute(sql`update crm_field set label_zh = '姓氏' where module = 'leads' and name = 'lastName'`);
    const before = Number(((await app.db.execute(sql`select version from crm_meta_version`)) as unknown as { rows: Array<{ version: unknown }> }).rows[0]!.version);
    await reconcileCrmMetadata(app.db);
    await reconcileCrmMetadata(app.db);
    const views = ((await app.db.execute(sql`select count(*) as n from crm_list_view where module = 'leads' and built_in_key = 'hot'`)) as unknown as { rows: Array<{ n: unknown }> }).rows;
    expect(Number(views[0]!.n)).toBe(1);
    const restored = ((await app.db.execute(sql`select sort_order from crm_field where module = 'leads' and name = ${lastField}`)) as unknown as { rows: Array<{ sort_order: unknown }> }).rows;
    expect(restored.map((r) => Number(r.sort_order))).toEqual([leadsSeed.fields.length]);
    const after = Number(((await app.db.execute(sql`select version from crm_meta_version`)) as unknown as { rows: Array<{ version: unknown }> }).rows[0]!.version);
    expect(after).toBe(before + 1);
    expect((await meta('leads', 'zh')).fields.find((f) => f.name === 'lastName')!.label).toBe('姓氏');
  });

  it('needs a permission of the module', async () => {
    const mia = caller(app, await loginAs(app, 'mia.chen'));
    expect((await mia('GET', '/crm/meta/opportunity')).status).toBe(403);
    expect((await mia('GET', '/crm/meta/campaign')).status).toBe(200);
  });
});
