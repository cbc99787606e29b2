import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loginAs, type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';
import { caller, userIds } from '../helpers/adminApi';
import { createLead, getRecord } from '../helpers/crmApi';
import { purgeRecycleBin } from '../../src/modules/crm/engine/records/purgeRecycleBin';

/** Writes through the records engine: validation from metadata, versions, history, delete and restore. */
describe('records engine writes (leads)', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  let olivia: ReturnType<typeof caller>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    ({ app, as: { admin, 'olivia.park': olivia } } = await signedInApp(['admin', 'olivia.park']));
    ids = await userIds(admin);
  });
  afterAll(() => app.teardown());

  const leadCount = async () => Number(((await app.db.execute(sql`select count(*) as n from crm_lead`)) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n);

  it('creates a lead with defaults: the caller owns it, status New, the default record type, the owner’s department, version 1', async () => {
    const id = await createLead(olivia, { firstName: 'Ada', company: 'Analytical Engines' });
    const lead = await getRecord(olivia, 'leads', id);
    const types = (await olivia('GET', '/system/data/selectRecordType/leads')).body.data as Array<{ id: number; name: string }>;
    expect(lead).toMatchObject({ firstName: 'Ada', lastName: 'Tester', status: 'new', ownerId: ids['olivia.park'], version: 1, createBy: ids['olivia.park'] });
    expect(lead.recordTypeId).toBe(types.find((t) => t.name === 'standard')!.id);
    const [dept] = ((await app.db.execute(sql`select dept_id from sys_user where user_name = 'olivia.park'`)) as unknown as { rows: Array<{ dept_id: unknown }> }).rows;
    expect(lead.deptId).toBe(Number(dept!.dept_id));
  });

  it('refuses what the metadata refuses, with SPEC §5 messages per field, in the request’s language, and writes nothing', async () => {
    const before = await leadCount();
    const res = await olivia('POST', '/crm/leads', { firstName: 'No', email: 'not-an-email', website: 'http://', annualRevenue: '12.345', employees: 'many', status: 'nonsense' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      lastName: 'Please fill in last name',
      email: 'Email has an invalid value',
      website: 'Website has an invalid value',
      annualRevenue: 'Please enter a number with at most 2 decimals',
      employees: 'Please enter a whole number',
      // The database's checks run beside the others: one answer names every field in error.
      status: 'Lead Status has an invalid value',
    });
    expect(res.body.msg).toBe('Please fill in last name');
    const zh = await olivia('POST', '/crm/leads', { email: 'x' }, { 'accept-language': 'zh' });
    expect(zh.body.errors).toMatchObject({ lastName: '请填写姓氏', email: '邮箱的值无效' });
    const picklist = await olivia('POST', '/crm/leads', { lastName: 'P', status: 'nonsense' });
    expect(picklist.body.errors).toEqual({ status: 'Lead Status has an invalid value' });
    expect(await leadCount()).toBe(before);
  });

  it('counts double-width characters twice against a length (SPEC §5) and refuses unknown fields', async () => {
    const tooLong = await olivia('POST', '/crm/leads', { lastName: '长'.repeat(41) });
    expect(tooLong.body.errors).toEqual({ lastName: 'Last Name must be at most 80 characters' });
    expect((await olivia('POST', '/crm/leads', { lastName: '长'.repeat(40) })).body.code).toBe(200);
    const unknown = await olivia('POST', '/crm/leads', { lastName: 'U', password: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ password: 'Unknown field "password"' });
  });

  it('ignores read-only and system fields in a body: the owner is the only system field a form writes', async () => {
    const id = await createLead(olivia, { createBy: 1, deptId: 1, convertedAt: '2020-01-01T00:00:00Z', version: 99, id: 5 });
    const lead = await getRecord(olivia, 'leads', id);
    expect(lead).toMatchObject({ createBy: ids['olivia.park'], convertedAt: null, version: 1 });
    expect(lead.id).toBe(id);
  });

  it('updates only the fields sent, keeps history in the same transaction, and refuses a stale version', async () => {
    const id = await createLead(olivia, { company: 'Old Co', rating: 'cold' });
    const updated = await olivia('PUT', '/crm/leads', { id, version: 1, company: 'New Co', rating: 'cold' });
    expect(updated.body.data).toMatchObject({ company: 'New Co', rating: 'cold', version: 2 });
    const stale = await olivia('PUT', '/crm/leads', { id, version: 1, company: 'Lost update' }, { 'accept-language': 'zh' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toContain('其他人修改了它');
    expect((await getRecord(olivia, 'leads', id)).company).toBe('New Co');
    const history = (await olivia('GET', `/crm/leads/${id}/history`)).body.rows as Array<Record<string, unknown>>;
    expect(history.map((h) => [h.action, h.field, h.oldValue, h.newValue])).toEqual([
      ['update', 'company', 'Old Co', 'New Co'],
      ['create', null, null, null],
    ]);
    expect(history[0]).toMatchObject({ userId: ids['olivia.park'], userName: 'Olivia Park' });
  });

  it('a failed update leaves neither the change nor its history', async () => {
    const id = await createLead(olivia, { company: 'Keep' });
    const res = await olivia('PUT', '/crm/leads', { id, version: 1, company: 'Changed', email: 'bad' });
    expect(res.status).toBe(400);
    expect((await getRecord(olivia, 'leads', id)).company).toBe('Keep');
    expect((await olivia('GET', `/crm/leads/${id}/history`)).body.total).toBe(1);
  });

  it('a lookup must point at a record the caller may see: another rep’s campaign-less lead is fine, a missing campaign is not', async () => {
    const missing = await olivia('POST', '/crm/leads', { lastName: 'L', campaignId: 999_999 });
    expect(missing.body.errors).toEqual({ campaignId: 'The selected Campaign does not exist or you have no access to it' });
    const [campaign] = ((await app.db.execute(sql`select id from crm_campaign order by id limit 1`)) as unknown as { rows: Array<{ id: unknown }> }).rows;
    // Campaigns belong to Marketing: with the module private, a rep with "own records" scope cannot see them…
    await admin('PUT', '/setup/sharing', { module: 'campaign', access: 'private' });
    const outOfScope = await olivia('POST', '/crm/leads', { lastName: 'L', campaignId: Number(campaign!.id) });
    expect(outOfScope.body.errors).toHaveProperty('campaignId');
    expect((await admin('POST', '/crm/leads', { lastName: 'L', campaignId: Number(campaign!.id) })).body.code).toBe(200);
    // …and public read-only (the default, Set-up › Sharing) she may point at one.
    await admin('PUT', '/setup/sharing', { module: 'campaign', access: 'read' });
    expect((await olivia('POST', '/crm/leads', { lastName: 'L', campaignId: Number(campaign!.id) })).body.code).toBe(200);
  });

  it('changing the owner moves the record to the new owner’s department and writes a transfer', async () => {
    const id = await createLead(olivia);
    const res = await olivia('PUT', '/crm/leads', { id, version: 1, ownerId: ids['noah.king'] });
    expect(res.body.code).toBe(200);
    const lead = await getRecord(admin, 'leads', id);
    const [noah] = ((await app.db.execute(sql`select dept_id from sys_user where user_name = 'noah.king'`)) as unknown as { rows: Array<{ dept_id: unknown }> }).rows;
    expect(lead).toMatchObject({ ownerId: ids['noah.king'], deptId: Number(noah!.dept_id) });
    // Now outside Olivia's own-records scope: the same answer as a missing record.
    expect((await olivia('GET', `/crm/leads/${id}`)).body).toEqual({ code: 404, msg: 'The record does not exist or you have no access to it' });
    const history = (await admin('GET', `/crm/leads/${id}/history`)).body.rows as Array<{ action: string; field: string }>;
    expect(history[0]).toMatchObject({ action: 'transfer', field: 'ownerId' });
    const disabledOwner = await admin('PUT', '/crm/leads', { id, version: 2, ownerId: 999_999 });
    expect(disabledOwner.body.errors).toEqual({ ownerId: 'The owner must be an active user' });
  });

  it('deletes into the recycle bin: the record is gone for every read and write, its owner restores it', async () => {
    const emma = caller(app, await loginAs(app, 'emma.stone'));
    const id = await createLead(olivia, { company: 'Binned' });
    // Her manager deletes it (a rep may not delete leads).
    expect((await olivia('DELETE', `/crm/leads/${id}`)).status).toBe(403);
    expect((await emma('DELETE', `/crm/leads/${id}`)).body.code).toBe(200);
    const notFound = { code: 404, msg: 'The record does not exist or you have no access to it' };
    expect((await olivia('GET', `/crm/leads/${id}`)).body).toEqual(notFound);
    expect((await olivia('PUT', '/crm/leads', { id, version: 2, company: 'x' })).body).toEqual(notFound);
    expect((await emma('DELETE', `/crm/leads/${id}`)).body).toEqual(notFound);
    expect((await olivia('GET', `/crm/leads/${id}/history`)).body).toEqual(notFound);
    const bin = (await olivia('GET', '/crm/leads/recycleBin')).body;
    expect(bin.rows.map((r: { id: number }) => r.id)).toContain(id);
    // Someone else's deleted record is not theirs to restore, nor to see in the bin.
    const noah = caller(app, await loginAs(app, 'noah.king'));
    expect((await noah('PUT', '/crm/leads/restore', { ids: [id] })).body).toEqual({ code: 404, msg: 'You may restore only the deleted records you could change' });
    expect((await noah('GET', '/crm/leads/recycleBin')).body.rows.map((r: { id: number }) => r.id)).not.toContain(id);
    const restored = await olivia('PUT', '/crm/leads/restore', { ids: [id] });
    expect(restored.body.msg).toBe('1 record(s) restored');
    expect((await getRecord(olivia, 'leads', id)).company).toBe('Binned');
    const actions = ((await olivia('GET', `/crm/leads/${id}/history`)).body.rows as Array<{ action: string }>).map((h) => h.action);
    expect(actions).toEqual(['restore', 'delete', 'create']);
  });

  it('a deleted record older than the bin’s 30 days cannot be restored, and is purged', async () => {
    const id = await createLead(olivia);
    await admin('DELETE', `/crm/leads/${id}`);
    await app.db.execute(sql`update crm_lead set deleted_at = now() - interval '31 days' where id = ${id}`);
    expect((await olivia('PUT', '/crm/leads/restore', { ids: [id] })).status).toBe(404);
    expect((await admin('PUT', '/crm/leads/restore', { ids: [id] })).status).toBe(404);
    // Housekeeping then empties it for good, with the record's history.
    const kept = await createLead(olivia);
    await admin('DELETE', `/crm/leads/${kept}`);
    expect(await purgeRecycleBin(app.db, app.fileStore)).toBe(1);
    const left = (await app.db.execute(sql`select id from crm_lead where id in (${id}, ${kept})`)) as unknown as { rows: Array<{ id: unknown }> };
    expect(left.rows.map((r) => Number(r.id))).toEqual([kept]);
    const history = (await app.db.execute(sql`select count(*) as n from crm_record_history where module = 'leads' and record_id = ${id}`)) as unknown as { rows: Array<{ n: unknown }> };
    expect(Number(history.rows[0]!.n)).toBe(0);
  });

  it('mass actions: transfer and change status act on all records or none, and refuse fields that are not theirs to set', async () => {
    const a = await createLead(olivia);
    const b = await createLead(olivia);
    const noahs = await createLead(caller(app, await loginAs(app, 'noah.king')));
    const refused = await olivia('POST', '/crm/leads/mass/update', { ids: [a, b, noahs], field: 'status', value: 'contacted' });
    expect(refused.body).toEqual({ code: 404, msg: 'Some of the selected records do not exist or you have no access to them: nothing was changed' });
    expect((await getRecord(olivia, 'leads', a)).status).toBe('new');
    const none = await olivia('POST', '/crm/leads/mass/update', { ids: [], field: 'status', value: 'contacted' });
    expect(none.body.msg).toBe('Please select at least one record and try again');
    // The answer counts the records that changed; setting the value again changes none.
    expect((await olivia('POST', '/crm/leads/mass/update', { ids: [a, b], field: 'status', value: 'contacted' })).body).toMatchObject({ code: 200, data: 2 });
    expect((await getRecord(olivia, 'leads', b)).status).toBe('contacted');
    expect((await olivia('POST', '/crm/leads/mass/update', { ids: [a, b], field: 'status', value: 'contacted' })).body).toMatchObject({ code: 200, data: 0 });
    // Text and numbers too; not the fields of a record's name.
    expect((await olivia('POST', '/crm/leads/mass/update', { ids: [a, b], field: 'company', value: 'Fjord Analytics' })).body).toMatchObject({ code: 200, data: 2 });
    expect((await getRecord(olivia, 'leads', a)).company).toBe('Fjord Analytics');
    expect((await olivia('POST', '/crm/leads/mass/update', { ids: [a], field: 'status', value: 'bogus' })).status).toBe(400);
    expect((await olivia('POST', '/crm/leads/mass/update', { ids: [a], field: 'lastName', value: 'x' })).body.msg).toBe('Last Name cannot be changed for several records at once');
    expect((await olivia('POST', '/crm/leads/mass/update', { ids: [a], field: 'ownerId', value: 1 })).status).toBe(400);
    const transfer = await olivia('POST', '/crm/leads/mass/transfer', { ids: [a, b], ownerId: ids['grace.hall'] });
    expect(transfer.body.code).toBe(200);
    expect((await getRecord(admin, 'leads', a)).ownerId).toBe(ids['grace.hall']);
    const history = (await admin('GET', `/crm/leads/${a}/history`)).body;
    expect(history.rows[0]).toMatchObject({ action: 'transfer', oldValue: ids['olivia.park'], newValue: ids['grace.hall'] });
    // The names of former and new owners come with the history, as with a list's lookups.
    expect(history.lookups.user).toMatchObject({ [ids['olivia.park']!]: 'Olivia Park', [ids['grace.hall']!]: 'Grace Hall' });
    expect((await getRecord(admin, 'leads', a)) && (await admin('GET', `/crm/leads/${a}`)).body.locked).toBeNull();
  });

  it('permissions: a read-only user reads but cannot write; a marketer cannot delete leads', async () => {
    const sophia = caller(app, await loginAs(app, 'sophia.reed'));
    const id = await createLead(olivia);
    expect((await sophia('GET', `/crm/leads/${id}`)).body.code).toBe(200);
    expect((await sophia('POST', '/crm/leads', { lastName: 'x' })).status).toBe(403);
    expect((await sophia('PUT', '/crm/leads', { id, version: 1, company: 'x' })).status).toBe(403);
    expect((await sophia('POST', '/crm/leads/mass/transfer', { ids: [id], ownerId: 1 })).status).toBe(403);
    const mia = caller(app, await loginAs(app, 'mia.chen'));
    expect((await mia('DELETE', `/crm/leads/${id}`)).status).toBe(403);
  });

  it('a field the metadata marks unique refuses a value another record holds, case-insensitively', async () => {
    const first = await admin('POST', '/crm/campaign', { name: 'Unique Launch' });
    expect(first.body.code).toBe(200);
    const again = await admin('POST', '/crm/campaign', { name: 'unique launch' });
    expect(again.body.errors).toEqual({ name: "Campaign Name 'unique launch' is already in use" });
    // Saving the record itself with its own value is no clash.
    expect((await admin('PUT', '/crm/campaign', { id: first.body.data, version: 1, name: 'UNIQUE LAUNCH' })).body.code).toBe(200);
  });

  it('hostile input is a clear 400 that writes nothing: NUL bytes, dates at the edge, huge lists and bodies', async () => {
    const before = await leadCount();
    const nul = await olivia('POST', '/crm/leads', { lastName: 'Nul\u0000Byte' });
    expect(nul.status).toBe(400);
    expect((await olivia('GET', `/crm/leads/list?q=${encodeURIComponent('a\u0000b')}`)).status).toBe(400);
    const farDate = await olivia('POST', '/crm/task', { subject: 'Far', dueDate: '9999-12-31' });
    expect(farDate.body.errors).toEqual({ dueDate: 'Due Date has an invalid value' });
    const hugeIn = { field: 'status', op: 'in', value: Array.from({ length: 10_000 }, (_, i) => `s${i}`) };
    expect((await olivia('GET', `/crm/leads/list?filter=${encodeURIComponent(JSON.stringify(hugeIn))}`)).status).toBe(400);
    const manyKeys = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`f${i}`, 'x']));
    expect((await olivia('POST', '/crm/leads', { lastName: 'Keys', ...manyKeys })).status).toBe(400);
    expect((await olivia('POST', '/crm/leads/mass/update', { ids: Array.from({ length: 1000 }, (_, i) => i + 1), field: 'status', value: 'new' })).status).toBe(400);
    expect(await leadCount()).toBe(before);
  });

  it('writes go to the operation log under the module’s title', async () => {
    await createLead(olivia, { company: 'Logged' });
    const [row] = ((await app.db.execute(sql`select title, business_type from sys_oper_log where oper_url = '/dev-api/crm/leads' order by oper_id desc limit 1`)) as unknown as {
      rows: Array<{ title: string; business_type: number }>;
    }).rows;
    expect(row).toEqual({ title: 'Leads', business_type: 1 });
  });
});
