import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { caller } from '../helpers/adminApi';
import { createLead, getRecord } from '../helpers/crmApi';
import { uploaded } from '../helpers/importApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;
type Section = { key: string; titleEn: string; titleZh: string; columns: number; fields: Array<{ field: string; required?: boolean; readOnly?: boolean }> };
type Layout = { id: number; name: string; isTemplate: boolean; sections: Array<Section & { title?: string }> };

/**
 * A field read-only in the layout of a record's type (issue 27, item 13; docs/decisions.md
 * "A layout's read-only field is read-only through the API too"): what the caller sends for it is
 * ignored on create (the field gets its default) and on update, by every caller, administrators
 * included; a mass update of it is refused; an import cannot map it; the module's own rules still
 * set it (a stage's probability). Set-up refuses a layout that makes a required field read-only.
 */
describe('a layout’s read-only fields on write', () => {
  let app: TestApp;
  let admin: Call;
  let olivia: Call;
  let oliviaToken: string;
  let partnerType: number;

  const stored = (layout: Layout) => layout.sections.map(({ title: _title, ...section }) => section);
  /** The layout with `flags` set on its items (the field added to the first section when it is not placed). */
  function flagged(layout: Layout, flags: Record<string, { readOnly?: boolean; required?: boolean }>): Section[] {
    const sections = stored(layout).map((s) => ({ ...s, fields: s.fields.map((f) => (flags[f.field] ? { field: f.field, ...flags[f.field] } : f)) }));
    for (const [field, flag] of Object.entries(flags)) if (!sections.some((s) => s.fields.some((f) => f.field === field))) sections[0]!.fields.push({ field, ...flag });
    return sections;
  }
  const setupOf = async (module: string) => (await admin('GET', `/setup/${module}`)).body.data as { layouts: Layout[]; recordTypes: Array<{ id: number; name: string; layoutId: number }> };
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await app.db.execute(q)) as unknown as { rows: T[] }).rows;
  const leadRow = async (id: number) => (await rows<{ rating: string | null; tier: string | null; version: number }>(sql`select rating, cf_partnertier as tier, version from crm_lead where id = ${id}`))[0]!;
  const historyOf = async (id: number) => rows<{ field: string }>(sql`select field from crm_record_history where module = 'leads' and record_id = ${id} and action = 'update'`);

  beforeAll(async () => {
    app = await createTestApp({ JOB_CONCURRENCY: '0' });
    admin = caller(app, await loginAs(app, 'admin'));
    oliviaToken = await loginAs(app, 'olivia.park');
    olivia = caller(app, oliviaToken);
    const setup = await setupOf('leads');
    const partner = setup.recordTypes.find((t) => t.name === 'partner')!;
    partnerType = partner.id;
    const layout = setup.layouts.find((l) => l.id === partner.layoutId)!;
    // Partner leads: their rating and partner tier are not the rep's to set (the tier has a default, the rating none).
    const tier = await admin('POST', '/setup/leads/fields', { name: 'partnerTier', type: 'text', labelEn: 'Partner Tier', labelZh: '伙伴等级', defaultValue: 'registered' });
    expect(tier.body.code, tier.body.msg).toBe(200);
    const res = await admin('PUT', `/setup/leads/layouts/${layout.id}`, { name: layout.name, sections: flagged(layout, { rating: { readOnly: true }, partnerTier: { readOnly: true } }) });
    expect(res.body.code, res.body.msg).toBe(200);
  });
  afterAll(() => app.teardown());

  it('create: a value sent for it is ignored and the field gets its default, for a rep and an administrator alike', async () => {
    for (const call of [olivia, admin]) {
      const id = await createLead(call, { lastName: 'Partner', email: 'p@partner.example', recordTypeId: partnerType, rating: 'hot', partnerTier: 'gold' });
      expect(await leadRow(id)).toMatchObject({ rating: null, tier: 'registered' });
    }
    // The same values on a standard lead, whose layout leaves the fields editable, are written.
    const standard = await createLead(olivia, { lastName: 'Standard', rating: 'hot', partnerTier: 'gold' });
    expect(await leadRow(standard)).toMatchObject({ rating: 'hot', tier: 'gold' });
  });

  it('update (a form or an inline edit): ignored, nothing written, no history; echoing the record back still saves the rest', async () => {
    const id = await createLead(olivia, { lastName: 'Partner', email: 'q@partner.example', recordTypeId: partnerType });
    for (const call of [olivia, admin]) {
      const { version } = await getRecord(call, 'leads', id);
      const res = await call('PUT', '/crm/leads', { id, version, rating: 'hot', partnerTier: 'gold' });
      expect(res.body).toMatchObject({ code: 200, data: { rating: null, partnerTier: 'registered', version } });
    }
    expect(await leadRow(id)).toMatchObject({ rating: null, tier: 'registered' });
    expect(await historyOf(id)).toEqual([]);
    const record = await getRecord(olivia, 'leads', id);
    const echoed = await olivia('PUT', '/crm/leads', { ...record, rating: 'cold', company: 'Partner Co' });
    expect(echoed.body).toMatchObject({ code: 200, data: { company: 'Partner Co', rating: null, version: record.version + 1 } });
    expect((await historyOf(id)).map((h) => h.field)).toEqual(['company']);
  });

  it('mass update: refused when it is read-only for any selected record, naming the field, nothing changed', async () => {
    const partner = await createLead(olivia, { lastName: 'Partner', email: 'm@partner.example', recordTypeId: partnerType });
    const standard = await createLead(olivia, { lastName: 'Standard' });
    for (const call of [olivia, admin]) {
      const res = await call('POST', '/crm/leads/mass/update', { ids: [standard, partner], field: 'rating', value: 'hot' });
      expect(res.body).toEqual({ code: 400, msg: 'Rating is read-only for some of the selected records (in the layout of their record type)' });
    }
    const zh = await olivia('POST', '/crm/leads/mass/update', { ids: [partner], field: 'rating', value: 'hot' }, { 'accept-language': 'zh' });
    expect(zh.body.msg).toBe('部分所选记录的评级为只读（其记录类型的布局）');
    expect(await leadRow(standard)).toMatchObject({ rating: null, version: 1 });
    expect(await leadRow(partner)).toMatchObject({ rating: null, version: 1 });
    expect((await olivia('POST', '/crm/leads/mass/update', { ids: [standard], field: 'rating', value: 'hot' })).body.code).toBe(200);
    expect(await leadRow(standard)).toMatchObject({ rating: 'hot' });
  });

  it('import: a column cannot be mapped to it for that record type', async () => {
    const up = await uploaded(app, oliviaToken, 'leads', [
      ['Last Name', 'Email', 'Rating'],
      ['Imported', 'i@partner.example', 'Hot'],
    ]);
    const res = await olivia('POST', `/crm/leads/import/${up.fileId}/check`, { recordTypeId: partnerType, mapping: ['lastName', 'email', 'rating'] });
    expect(res.body).toMatchObject({ code: 400, msg: 'Rating cannot be imported' });
    const standard = await olivia('POST', `/crm/leads/import/${up.fileId}/check`, { mapping: ['lastName', 'email', 'rating'] });
    expect(standard.body).toMatchObject({ code: 200, data: { create: 1 } });
  });

  it('the module’s own rules still set it: a stage brings its probability though the layout shows it read-only', async () => {
    const setup = await setupOf('opportunity');
    const layout = setup.layouts.find((l) => !l.isTemplate)!;
    expect((await admin('PUT', `/setup/opportunity/layouts/${layout.id}`, { name: layout.name, sections: flagged(layout, { probability: { readOnly: true } }) })).body.code).toBe(200);
    const account = (await olivia('POST', '/crm/account', { name: 'Layout Rules Ltd' })).body.data as number;
    const created = await olivia('POST', '/crm/opportunity', { name: 'Deal', accountId: account, closeDate: '2026-12-15', stage: 'qualification', probability: 95 });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data as number;
    expect(await getRecord(olivia, 'opportunity', id)).toMatchObject({ stage: 'qualification', probability: 20 });
    const { version } = await getRecord(olivia, 'opportunity', id);
    const moved = await olivia('PUT', '/crm/opportunity', { id, version, stage: 'proposal', probability: 95 });
    expect(moved.body).toMatchObject({ code: 200, data: { stage: 'proposal', probability: 60 } });
    const ignored = await olivia('PUT', '/crm/opportunity', { id, version: version + 1, probability: 95 });
    expect(ignored.body).toMatchObject({ code: 200, data: { probability: 60, version: version + 1 } });
  });

  it('set-up refuses a layout that makes a required field read-only: a record of that type could never be saved', async () => {
    const setup = await setupOf('leads');
    const layout = setup.layouts.find((l) => l.id === setup.recordTypes.find((t) => t.id === partnerType)!.layoutId)!;
    for (const field of ['lastName', 'status']) {
      const required = await admin('PUT', `/setup/leads/layouts/${layout.id}`, { name: layout.name, sections: flagged(layout, { [field]: { readOnly: true } }) });
      expect(required.body).toMatchObject({ code: 400, errors: { sections: `${field === 'status' ? 'Lead Status' : 'Last Name'} is required: it cannot be read-only in a layout` } });
    }
    const both = await admin('PUT', `/setup/leads/layouts/${layout.id}`, { name: layout.name, sections: flagged(layout, { title: { readOnly: true, required: true } }) }, { 'accept-language': 'zh' });
    expect(both.body).toMatchObject({ code: 400, errors: { sections: '职务为必填字段，不能在布局中设为只读' } });
    const after = (await setupOf('leads')).layouts.find((l) => l.id === layout.id)!;
    expect(after.sections).toEqual(layout.sections);
  });
});
