import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { createTestApp, loginAs, testDatabaseKind, type TestApp } from '../helpers/testApp';
import { FORBIDDEN_EN, caller } from '../helpers/adminApi';
import { createLead, getRecord, listIds, withFilter } from '../helpers/crmApi';

type Call = ReturnType<typeof caller>;

/** Set-up of a module (docs/setup.md): custom fields as real columns, layouts, record types, list columns. */
describe('set-up: custom fields, layouts, record types', () => {
  let app: TestApp;
  let admin: Call;
  let olivia: Call;
  let emma: Call;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    emma = caller(app, await loginAs(app, 'emma.stone'));
  });
  afterAll(() => app.teardown());

  const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => ((await app.db.execute(q)) as unknown as { rows: T[] }).rows;
  const columnsOf = async (table: string) => (await rows<{ column_name: string }>(sql`select column_name from information_schema.columns where table_name = ${table}`)).map((r) => r.column_name);
  const indexesOf = async (table: string) => (await rows<{ indexname: string }>(sql`select indexname from pg_indexes where tablename = ${table}`)).map((r) => r.indexname);
  const fieldRows = async (name: string) => rows<{ active: boolean }>(sql`select active from crm_field where module = 'leads' and lower(name) = lower(${name})`);
  const metaFields = async (call: Call, module = 'leads') => (await call('GET', `/crm/meta/${module}`)).body.data.fields as Array<{ name: string; type: string; required: boolean }>;
  const setup = async (module = 'leads') => (await admin('GET', `/setup/${module}`)).body.data;

  const tierField = {
    name: 'partnerTier',
    type: 'picklist',
    labelEn: 'Partner Tier',
    labelZh: '合作伙伴等级',
    helpEn: 'How important the partner is',
    filterable: true,
    newDictionary: { dictType: 'crm_partner_tier', name: 'Partner Tier', values: [{ value: 'gold', labelEn: 'Gold', labelZh: '金牌' }, { value: 'silver', labelEn: 'Silver', labelZh: '银牌' }] },
  };

  it('refuses users without the set-up permissions: a rep reaches nothing, a manager may look but not change', async () => {
    expect((await olivia('GET', '/setup/leads')).body).toMatchObject({ code: 403, msg: FORBIDDEN_EN });
    expect((await olivia('POST', '/setup/leads/fields', tierField)).body.code).toBe(403);
    expect((await emma('GET', '/setup/leads')).body.code).toBe(200);
    expect((await emma('POST', '/setup/leads/fields', tierField)).body.code).toBe(403);
    expect((await emma('PUT', '/setup/leads/fields/company', { labelEn: 'X', labelZh: 'X' })).body.code).toBe(403);
    expect((await emma('DELETE', '/setup/leads/fields/company')).body.code).toBe(403);
    expect(await fieldRows('partnerTier')).toEqual([]);
  });

  it('lists every field, standard and custom, with both labels and where it is used', async () => {
    const data = await setup();
    const lastName = data.fields.find((f: { name: string }) => f.name === 'lastName');
    expect(lastName).toMatchObject({ labelEn: 'Last Name', labelZh: expect.any(String), required: true, standard: true });
    expect(lastName.layouts.length).toBeGreaterThan(0);
    expect(lastName.views).toBeGreaterThan(0);
    expect(data.layouts.some((l: { isTemplate: boolean }) => l.isTemplate)).toBe(true);
    expect(data.defaultView.columns).toContain('lastName');
  });

  it('creates a picklist field with a new dictionary: a real column with its index, live in the metadata, in the operation log', async () => {
    const before = (await admin('GET', '/crm/meta/leads')).body.data.version as number;
    const res = await admin('POST', '/setup/leads/fields', tierField);
    expect(res.body).toMatchObject({ code: 200 });
    expect(await columnsOf('crm_lead')).toContain('cf_partnertier');
    expect((await indexesOf('crm_lead')).some((i) => i.startsWith('crm_lead_cf') && i.endsWith('_btree'))).toBe(true);
    const meta = (await admin('GET', '/crm/meta/leads')).body.data;
    expect(meta.version).toBeGreaterThan(before);
    const zhValues = (await olivia('GET', '/system/dict/data/type/crm_partner_tier', undefined, { 'accept-language': 'zh' })).body.data as Array<{ dictValue: string; dictLabel: string }>;
    expect(zhValues.map((v) => [v.dictValue, v.dictLabel])).toEqual([['gold', '金牌'], ['silver', '银牌']]);
    expect(meta.fields.find((f: { name: string }) => f.name === 'partnerTier')).toMatchObject({ type: 'picklist', dictType: 'crm_partner_tier', standard: false, filterable: true, sortable: true });
    const log = await rows<{ title: string; business_type: number }>(sql`select title, business_type from sys_oper_log where oper_url like '%/setup/leads/fields%' order by oper_id desc limit 1`);
    expect(log[0]).toMatchObject({ title: 'Setup Field', business_type: 1 });
  });

  it('refuses reserved, duplicate (in any case) and malformed names, and changes nothing', async () => {
    const columns = await columnsOf('crm_lead');
    const attempt = (name: string) => admin('POST', '/setup/leads/fields', { name, type: 'text', labelEn: 'X', labelZh: 'X' });
    expect((await attempt('select')).body.errors).toEqual({ name: "'select' is a reserved word and cannot be a field name" });
    expect((await attempt('OwnerId')).body.errors.name).toMatch(/reserved/);
    expect((await attempt('PARTNERTIER')).body.errors).toEqual({ name: "A field named 'PARTNERTIER' already exists (or existed) in this module" });
    expect((await attempt('company')).body.errors.name).toMatch(/already exists/);
    for (const hostile of ['x"; drop table crm_lead; --', 'a b', '1abc', '_x', 'ünïcode', 'a'.repeat(41), "o'brien"]) {
      const answer = await attempt(hostile);
      expect(answer.status, hostile).toBe(400);
    }
    expect((await attempt('x"; drop table crm_lead; --')).body.msg).toMatch(/letters, digits and underscores/);
    expect(await columnsOf('crm_lead')).toEqual(columns);
    expect((await rows(sql`select count(*) as n from crm_lead`)).length).toBe(1);
  });

  it('a custom field behaves like a standard one: form validation, list filter and sort, detail, history, quick search', async () => {
    const bad = await olivia('POST', '/crm/leads', { lastName: 'Bad', partnerTier: 'platinum' });
    expect(bad.body.errors).toEqual({ partnerTier: 'Partner Tier has an invalid value' });
    const gold = await createLead(olivia, { lastName: 'Goldman', partnerTier: 'gold' });
    const silver = await createLead(olivia, { lastName: 'Silverman', partnerTier: 'silver' });
    expect((await getRecord(olivia, 'leads', gold)).partnerTier).toBe('gold');
    const filtered = await listIds(olivia, withFilter('/crm/leads/list?pageSize=100', { field: 'partnerTier', op: 'eq', value: 'gold' }));
    expect(filtered.ids).toContain(gold);
    expect(filtered.ids).not.toContain(silver);
    const sorted = await olivia('GET', `${withFilter('/crm/leads/list?pageSize=100', { field: 'partnerTier', op: 'notEmpty' })}&orderByColumn=partnerTier&isAsc=asc&fields=partnerTier`);
    const tiers = (sorted.body.rows as Array<{ partnerTier: string }>).map((r) => r.partnerTier);
    expect(tiers).toEqual([...tiers].sort());
    const version = (await getRecord(olivia, 'leads', silver)).version;
    expect((await olivia('PUT', '/crm/leads', { id: silver, version, partnerTier: 'gold' })).body.code).toBe(200);
    const history = (await olivia('GET', `/crm/leads/${silver}/history`)).body.rows as Array<{ field: string; oldValue: unknown; newValue: unknown }>;
    expect(history).toContainEqual(expect.objectContaining({ field: 'partnerTier', oldValue: 'silver', newValue: 'gold' }));

    // A searchable text field: quick search and global search find it.
    expect((await admin('POST', '/setup/leads/fields', { name: 'resellerCode', type: 'text', labelEn: 'Reseller Code', labelZh: '经销商代码', searchable: true, maxLength: 20 })).body.code).toBe(200);
    const coded = await createLead(olivia, { lastName: 'Coded', resellerCode: 'RSL-77-ZQX' });
    expect((await listIds(olivia, '/crm/leads/list?q=77-zqx')).ids).toEqual([coded]);
    const search = (await olivia('GET', '/crm/search?q=RSL-77')).body.data as Array<{ id: number; module: string }>;
    expect(search).toContainEqual(expect.objectContaining({ module: 'leads', id: coded }));
    expect((await olivia('POST', '/crm/leads', { lastName: 'Long', resellerCode: 'x'.repeat(21) })).body.errors).toEqual({ resellerCode: 'Reseller Code must be at most 20 characters' });
  });

  it('edits labels, help, required and default; a required field is required by the form and the server', async () => {
    expect((await admin('PUT', '/setup/leads/fields/partnerTier', { labelEn: 'Tier', labelZh: '等级', helpEn: 'h', helpZh: 'h', required: true, defaultValue: 'silver' })).body.code).toBe(200);
    const id = await createLead(olivia, { lastName: 'Defaulted' });
    expect((await getRecord(olivia, 'leads', id)).partnerTier).toBe('silver');
    const missing = await olivia('POST', '/crm/leads', { lastName: 'NoTier', partnerTier: null });
    expect(missing.body.errors).toEqual({ partnerTier: expect.stringContaining('Tier') });
    expect((await admin('PUT', '/setup/leads/fields/partnerTier', { labelEn: 'Tier', labelZh: '等级', defaultValue: 'platinum' })).body.errors.defaultValue).toMatch(/default value/);
    expect((await admin('PUT', '/setup/leads/fields/partnerTier', { labelEn: 'Partner Tier', labelZh: '合作伙伴等级', required: false, defaultValue: null })).body.code).toBe(200);
    // A standard field's label changes; its type does not.
    expect((await admin('PUT', '/setup/leads/fields/company', { labelEn: 'Company Name', labelZh: '公司名称' })).body.code).toBe(200);
    expect((await metaFields(olivia)).find((f) => f.name === 'company')).toMatchObject({ label: 'Company Name' } as never);
    expect((await admin('PUT', '/setup/leads/fields/company', { labelEn: 'Company', labelZh: '公司', type: 'textarea' })).body.msg).toBe('A standard field cannot be deleted or change its type');
    expect((await admin('PUT', '/setup/leads/fields/createTime', { labelEn: 'Created', labelZh: '创建时间', required: true })).body.code).toBe(400);
  });

  it('a field without a Chinese label shows its English one to Chinese readers, in the metadata and in messages', async () => {
    expect((await admin('POST', '/setup/leads/fields', { name: 'regionCode', type: 'text', labelEn: 'Region Code', maxLength: 4 })).body.code).toBe(200);
    const zh = (await olivia('GET', '/crm/meta/leads', undefined, { 'accept-language': 'zh' })).body.data as { fields: Array<{ name: string; label: string; labelZh: string }> };
    expect(zh.fields.find((f) => f.name === 'regionCode')).toMatchObject({ label: 'Region Code', labelZh: '' });
    const tooLong = await olivia('POST', '/crm/leads', { lastName: 'R1', regionCode: 'ABCDEF' }, { 'accept-language': 'zh' });
    expect(tooLong.body.errors.regionCode).toContain('Region Code');
    // Given later, the Chinese label is used.
    expect((await admin('PUT', '/setup/leads/fields/regionCode', { labelEn: 'Region Code', labelZh: '区域代码' })).body.code).toBe(200);
    const after = (await olivia('GET', '/crm/meta/leads', undefined, { 'accept-language': 'zh' })).body.data as { fields: Array<{ name: string; label: string }> };
    expect(after.fields.find((f) => f.name === 'regionCode')!.label).toBe('区域代码');
  });

  it('changes a type only when every stored value converts, checked first', async () => {
    expect((await admin('POST', '/setup/leads/fields', { name: 'seats', type: 'text', labelEn: 'Seats', labelZh: '席位' })).body.code).toBe(200);
    const a = await createLead(admin, { lastName: 'S1', seats: '12' });
    const b = await createLead(admin, { lastName: 'S2', seats: 'a dozen' });
    const refused = await admin('PUT', '/setup/leads/fields/seats', { labelEn: 'Seats', labelZh: '席位', type: 'number' });
    expect(refused.body).toMatchObject({ code: 400, msg: '1 stored value(s) of Seats cannot become a Number (for example "a dozen"): nothing was changed' });
    expect((await metaFields(admin)).find((f) => f.name === 'seats')!.type).toBe('text');
    expect((await admin('PUT', '/setup/leads/fields/seats', { labelEn: 'Seats', labelZh: '席位', type: 'checkbox' })).body.msg).toBe('A Text field cannot become a Checkbox field');
    const v = (await getRecord(admin, 'leads', b)).version;
    await admin('PUT', '/crm/leads', { id: b, version: v, seats: '7' });
    expect((await admin('PUT', '/setup/leads/fields/seats', { labelEn: 'Seats', labelZh: '席位', type: 'number' })).body.code).toBe(200);
    expect((await getRecord(admin, 'leads', a)).seats).toBe(12);
    const [type] = await rows<{ data_type: string }>(sql`select data_type from information_schema.columns where table_name = 'crm_lead' and column_name = 'cf_seats'`);
    expect(type!.data_type).toBe('numeric');
    const gt = await listIds(admin, withFilter('/crm/leads/list?pageSize=100', { field: 'seats', op: 'gt', value: 10 }));
    expect(gt.ids).toEqual([a]);
  });

  it('deleting a field used in a saved list view: the confirmation counts its records; the view loses its column, sort and conditions and keeps working', async () => {
    const view = await olivia('POST', '/crm/leads/views', {
      name: 'By seats',
      shared: false,
      columns: ['lastName', 'seats', 'company'],
      sortField: 'seats',
      sortOrder: 'asc',
      filter: { and: [{ field: 'seats', op: 'gt', value: 1 }, { field: 'lastName', op: 'startsWith', value: 'S' }] },
      ownerScope: 'all',
    });
    expect(view.body.code).toBe(200);
    const usage = (await admin('GET', '/setup/leads/fields/seats/usage')).body.data;
    expect(usage).toMatchObject({ records: 2, views: 1 });
    expect((await admin('DELETE', '/setup/leads/fields/seats')).body.code).toBe(200);
    expect(await columnsOf('crm_lead')).not.toContain('cf_seats');
    expect(await fieldRows('seats')).toEqual([{ active: false }]);
    const saved = ((await olivia('GET', '/crm/leads/views')).body.data as Array<{ id: number; columns: string[]; sortField: string | null; filter: unknown }>).find((v) => v.id === view.body.data)!;
    expect(saved).toMatchObject({ columns: ['lastName', 'company'], sortField: null, filter: { and: [{ field: 'lastName', op: 'startsWith', value: 'S' }] } });
    const list = await olivia('GET', `/crm/leads/list?viewId=${saved.id}`);
    expect(list.body.code).toBe(200);
    expect((await olivia('POST', '/crm/leads', { lastName: 'Gone', seats: 3 })).body.errors).toEqual({ seats: 'Unknown field "seats"' });
    // The name is never reused; a standard field cannot be deleted.
    expect((await admin('POST', '/setup/leads/fields', { name: 'seats', type: 'text', labelEn: 'S', labelZh: 'S' })).body.errors.name).toMatch(/already exists/);
    expect((await admin('DELETE', '/setup/leads/fields/company')).body.msg).toBe('A standard field cannot be deleted or change its type');
  });

  it('page layouts: the template cannot be modified but can be copied; a field required by definition stays; a layout can require a field', async () => {
    const data = await setup();
    const template = data.layouts.find((l: { isTemplate: boolean }) => l.isTemplate);
    const stored = (l: { sections: Array<Record<string, unknown>> }) => l.sections.map(({ title: _t, ...s }) => s);
    expect((await admin('PUT', `/setup/leads/layouts/${template.id}`, { name: template.name, sections: stored(template) })).body.msg).toBe('fixed template cannot be modified');
    expect((await admin('PUT', `/setup/leads/layouts/${template.id}`, { name: template.name, sections: stored(template) }, { 'accept-language': 'zh' })).body.msg).toBe('固定模板不能修改');
    const copy = await admin('POST', '/setup/leads/layouts', { fromId: template.id, name: 'Template Copy' });
    expect(copy.body.code).toBe(200);

    const partnerType = data.recordTypes.find((t: { name: string }) => t.name === 'partner');
    const partner = data.layouts.find((l: { id: number }) => l.id === partnerType.layoutId);
    const withoutLastName = stored(partner).map((s: Record<string, unknown>) => ({ ...s, fields: (s.fields as Array<{ field: string }>).filter((f) => f.field !== 'lastName') }));
    expect((await admin('PUT', `/setup/leads/layouts/${partner.id}`, { name: partner.name, sections: withoutLastName })).body.errors).toEqual({ sections: 'Last Name is required by its definition and must stay in the layout' });

    const sections = stored(partner);
    (sections[0]!.fields as Array<Record<string, unknown>>).push({ field: 'partnerTier', required: true });
    expect((await admin('PUT', `/setup/leads/layouts/${partner.id}`, { name: partner.name, sections })).body.code).toBe(200);
    const refused = await olivia('POST', '/crm/leads', { lastName: 'P', email: 'p@example.com', recordTypeId: partnerType.id });
    expect(refused.body.errors).toEqual({ partnerTier: 'Partner Tier is required' });
    expect((await olivia('POST', '/crm/leads', { lastName: 'P', email: 'p@example.com', recordTypeId: partnerType.id, partnerTier: 'gold' })).body.code).toBe(200);
    // The standard type's layout does not require it.
    expect((await olivia('POST', '/crm/leads', { lastName: 'Standard' })).body.code).toBe(200);
  });

  it('page layouts: Chinese readers see the built-in layouts by their Chinese names, and saving one under that name keeps its name', async () => {
    type Layout = { id: number; name: string; label: string; isTemplate: boolean; sections: Array<Record<string, unknown>> };
    const zh = (await admin('GET', '/setup/leads', undefined, { 'accept-language': 'zh' })).body.data as { layouts: Layout[]; fields: Array<{ name: string; layouts: string[] }> };
    const labels = Object.fromEntries(zh.layouts.map((l) => [l.name, l.label]));
    expect(labels).toMatchObject({ 'Lead Layout (Template)': '线索布局（模板）', 'Lead Layout': '线索布局', 'Partner Lead Layout': '合作伙伴线索布局', 'Template Copy': 'Template Copy' });
    expect(zh.fields.find((f) => f.name === 'lastName')!.layouts).toEqual(expect.arrayContaining(['线索布局', '合作伙伴线索布局', 'Template Copy']));
    expect((await admin('GET', '/setup/leads/fields/lastName/usage', undefined, { 'accept-language': 'zh' })).body.data.layouts).toContain('线索布局');
    const en = (await setup()).layouts as Layout[];
    expect(en.every((l) => l.label === l.name)).toBe(true);

    // The editor sends the name it showed: in Chinese, the built-in one's Chinese name, which is no rename.
    const partner = zh.layouts.find((l) => l.name === 'Partner Lead Layout')!;
    const sections = partner.sections.map(({ title: _t, ...s }) => s);
    expect((await admin('PUT', `/setup/leads/layouts/${partner.id}`, { name: '合作伙伴线索布局', sections }, { 'accept-language': 'zh' })).body.code).toBe(200);
    expect((await setup()).layouts.find((l: Layout) => l.id === partner.id).name).toBe('Partner Lead Layout');
    // Another name is a rename, shown as typed in both languages.
    expect((await admin('PUT', `/setup/leads/layouts/${partner.id}`, { name: '渠道线索', sections }, { 'accept-language': 'zh' })).body.code).toBe(200);
    expect((await setup()).layouts.find((l: Layout) => l.id === partner.id)).toMatchObject({ name: '渠道线索', label: '渠道线索' });
    expect((await admin('PUT', `/setup/leads/layouts/${partner.id}`, { name: 'Partner Lead Layout', sections })).body.code).toBe(200);
  });

  it('record types: create, rename, deactivate (records keep it), default, assign a layout', async () => {
    const data = await setup();
    const layout = data.layouts.find((l: { name: string }) => l.name === 'Template Copy');
    const created = await admin('POST', '/setup/leads/recordTypes', { name: 'distributor', labelEn: 'Distributor', labelZh: '分销商', layoutId: layout.id });
    expect(created.body.code).toBe(200);
    const typeId = created.body.data as number;
    expect((await admin('POST', '/setup/leads/recordTypes', { name: 'Distributor', labelEn: 'D', labelZh: 'D' })).body.errors.name).toMatch(/already exists/);
    const offered = async () => ((await olivia('GET', '/system/data/selectRecordType/leads')).body.data as Array<{ id: number; label: string }>);
    expect((await offered()).map((t) => t.id)).toContain(typeId);
    const lead = await createLead(olivia, { recordTypeId: typeId });
    const update = (body: Record<string, unknown>) => admin('PUT', `/setup/leads/recordTypes/${typeId}`, { labelEn: 'Distributor', labelZh: '分销商', description: '', active: true, isDefault: false, layoutId: layout.id, ...body });
    expect((await update({ labelEn: 'Wholesaler' })).body.code).toBe(200);
    expect((await offered()).find((t) => t.id === typeId)!.label).toBe('Wholesaler');
    expect((await update({ active: false })).body.code).toBe(200);
    expect((await offered()).map((t) => t.id)).not.toContain(typeId);
    expect((await getRecord(olivia, 'leads', lead)).recordTypeId).toBe(typeId);
    expect((await olivia('POST', '/crm/leads', { lastName: 'X', recordTypeId: typeId })).body.errors).toEqual({ recordTypeId: expect.any(String) });
    // The default cannot be deactivated; another one can be made default.
    const standard = data.recordTypes.find((t: { name: string }) => t.name === 'standard');
    const std = (body: Record<string, unknown>) =>
      admin('PUT', `/setup/leads/recordTypes/${standard.id}`, { labelEn: standard.labelEn, labelZh: standard.labelZh, description: standard.description, active: true, isDefault: true, layoutId: standard.layoutId, ...body });
    expect((await std({ active: false, isDefault: false })).body.errors).toEqual({ active: 'The default record type must stay active: choose another default first' });
    expect((await update({ active: true, isDefault: true })).body.code).toBe(200);
    const types = (await setup()).recordTypes as Array<{ id: number; isDefault: boolean }>;
    expect(types.filter((t) => t.isDefault).map((t) => t.id)).toEqual([typeId]);
    expect((await std({ isDefault: true })).body.code).toBe(200);
  });

  it('list columns of the default view, checked against the fields', async () => {
    expect((await admin('PUT', '/setup/leads/listColumns', { columns: ['lastName', 'partnerTier', 'company'] })).body.code).toBe(200);
    const all = ((await olivia('GET', '/crm/meta/leads')).body.data.listViews as Array<{ builtIn: boolean; columns: string[]; label: string }>).find((v) => v.builtIn)!;
    expect(all.columns).toEqual(['lastName', 'partnerTier', 'company']);
    expect((await admin('PUT', '/setup/leads/listColumns', { columns: ['nope'] })).body.errors).toEqual({ columns: 'Unknown field "nope"' });
    expect((await admin('PUT', '/setup/leads/listColumns', { columns: [] })).status).toBe(400);
  });

  it('concurrent creation of the same field: one field, one refusal', async () => {
    const body = { name: 'sameTime', type: 'number', labelEn: 'Same', labelZh: '同时', decimals: 2 };
    const answers = await Promise.all([admin('POST', '/setup/opportunity/fields', body), admin('POST', '/setup/opportunity/fields', body)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 400]);
    expect(await columnsOf('crm_opportunity')).toContain('cf_sametime');
  });

  it.skipIf(testDatabaseKind !== 'postgres')('two server processes: a field created in one is live in the other on its next request; simultaneous creation yields one field', async () => {
    const second = openDatabase({ databaseUrl: app.config.databaseUrl });
    const other = await buildApp({ config: app.config, db: second.db, logger: false, mailer: { send: async () => undefined } });
    await other.ready();
    try {
      const otherAdmin = caller(Object.assign(other, { db: second.db }) as unknown as TestApp, await loginAs(Object.assign(other, { db: second.db }) as unknown as TestApp, 'admin'));
      // Both processes have loaded their metadata.
      expect((await metaFields(otherAdmin, 'account')).some((f) => f.name === 'region2')).toBe(false);
      expect((await admin('POST', '/setup/account/fields', { name: 'region2', type: 'text', labelEn: 'Region', labelZh: '区域' })).body.code).toBe(200);
      expect((await metaFields(otherAdmin, 'account')).some((f) => f.name === 'region2')).toBe(true);
      const created = await otherAdmin('POST', '/crm/account', { name: 'Two Process Ltd', region2: 'North' });
      expect(created.body.code).toBe(200);
      const body = { name: 'raced', type: 'picklist', labelEn: 'Raced', labelZh: '竞争', dictType: 'crm_lead_status' };
      const answers = await Promise.all([admin('POST', '/setup/account/fields', body), otherAdmin('POST', '/setup/account/fields', body)]);
      expect(answers.map((a) => a.body.code).sort()).toEqual([200, 400]);
      expect(await fieldRows('raced')).toEqual([]);
      expect((await rows(sql`select 1 from crm_field where module = 'account' and name = 'raced'`)).length).toBe(1);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
