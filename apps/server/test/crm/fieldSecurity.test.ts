import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FieldSecurityMatrix } from '@orbit/shared/crm/fieldSecurity';
import { loadCurrentUser } from '../../src/modules/auth/loadCurrentUser';
import { eventPayload } from '../../src/modules/crm/automation/eventPayload';
import { metadataOf } from '../../src/modules/crm/engine/metadata/metadataStore';
import { securedDef } from '../../src/modules/crm/fieldSecurity/fieldAccess';
import { userIds, type caller } from '../helpers/adminApi';
import { createLead, getRecord, withFilter } from '../helpers/crmApi';
import { exportedWorkbook } from '../helpers/fileJobs';
import { uploaded } from '../helpers/importApi';
import { signedInApp } from '../helpers/signedInApp';
import type { TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;
const SECRET = 'Zanzibar Secret Holdings';
const UNKNOWN_COMPANY = { code: 400, msg: 'Unknown field "company"' };

/**
 * Field-level security (issue 32; docs/records-engine.md, "Field-level security"): for the sales rep
 * role a lead's company is hidden and its rating read-only. A hidden value never leaves the server
 * on any read path; a read-only field cannot be written through any write path; a manager (another
 * role) and the administrator are untouched; a second role gives the most permissive access.
 */
describe('field-level security', () => {
  let app: TestApp;
  let admin: Call, olivia: Call, emma: Call;
  let oliviaToken: string;
  let roles: Record<string, number>;
  let lead: number;
  let users: Record<string, number>;

  const rows = async <T>(q: ReturnType<typeof sql>) => ((await app.db.execute(q)) as unknown as { rows: T[] }).rows;
  const leadRow = async (id: number) => (await rows<{ company: string | null; rating: string | null; version: number }>(sql`select company, rating, version from crm_lead where id = ${id}`))[0]!;
  const save = (call: Call, cells: Array<{ field: string; roleId: number; access: string }>) => call('PUT', '/setup/leads/fieldSecurity', { cells });
  /** The rep's restrictions of this file: company hidden, rating read-only. */
  const restrictRep = () =>
    save(admin, [
      { field: 'company', roleId: roles.sales_rep!, access: 'hidden' },
      { field: 'rating', roleId: roles.sales_rep!, access: 'readOnly' },
    ]);
  const noSecret = (body: unknown) => expect(JSON.stringify(body)).not.toContain(SECRET);

  beforeAll(async () => {
    ({ app, tokens: { 'olivia.park': oliviaToken }, as: { admin, 'olivia.park': olivia, 'emma.stone': emma } } = await signedInApp(['admin', 'olivia.park', 'emma.stone'], { JOB_CONCURRENCY: '0' }));
    roles = Object.fromEntries((await rows<{ role_key: string; role_id: unknown }>(sql`select role_key, role_id from sys_role`)).map((r) => [r.role_key, Number(r.role_id)]));
    users = await userIds(admin);
    lead = await createLead(olivia, { lastName: 'Fieldsecure', company: SECRET, rating: 'warm', phone: '555 0100' });
    expect((await restrictRep()).body).toEqual({ code: 200, msg: 'Operation successful' });
    // A change the rep cannot see, for the history and the timeline.
    const { version } = await getRecord(admin, 'leads', lead);
    expect((await admin('PUT', '/crm/leads', { id: lead, version, company: `${SECRET} II`, phone: '555 0101' })).body.code).toBe(200);
  });
  afterAll(() => app.teardown());

  it('Set-up: the matrix lists fields and roles (no administrators), saves for set-up editors only, refuses system, name and required fields', async () => {
    const matrix = (await admin('GET', '/setup/leads/fieldSecurity')).body.data as FieldSecurityMatrix;
    expect(matrix.access.company).toEqual({ [roles.sales_rep!]: 'hidden' });
    expect(matrix.access.rating).toEqual({ [roles.sales_rep!]: 'readOnly' });
    expect(matrix.roles.map((r) => r.roleId)).toContain(roles.sales_rep);
    expect(matrix.roles.map((r) => r.roleId)).not.toContain(roles.admin);
    expect(matrix.fields.find((f) => f.name === 'lastName')).toMatchObject({ securable: false });
    expect(matrix.fields.find((f) => f.name === 'company')).toMatchObject({ securable: true, label: 'Company' });
    expect((await olivia('PUT', '/setup/leads/fieldSecurity', { cells: [] })).status).toBe(403);
    expect((await olivia('GET', '/setup/leads/fieldSecurity')).status).toBe(403);
    expect((await save(admin, [{ field: 'lastName', roleId: roles.sales_rep!, access: 'hidden' }])).body).toEqual({
      code: 400,
      msg: 'Last Name is a system, name or required field: it stays visible and editable to every role',
    });
    const zh = await admin('PUT', '/setup/leads/fieldSecurity', { cells: [{ field: 'ownerId', roleId: roles.sales_rep!, access: 'readOnly' }] }, { 'accept-language': 'zh' });
    expect(zh.body.msg).toBe('负责人 是系统、名称或必填字段：对所有角色均可见且可编辑');
    expect((await save(admin, [{ field: 'company', roleId: 999999, access: 'hidden' }])).body).toEqual({ code: 400, msg: 'The role does not exist' });
    expect((await save(admin, [{ field: 'company', roleId: roles.sales_rep!, access: 'secret' }])).status).toBe(400);
    // Refusals changed nothing.
    expect(((await admin('GET', '/setup/leads/fieldSecurity')).body.data as FieldSecurityMatrix).access).toEqual(matrix.access);
  });

  it('metadata: the hidden field is left out of fields, layouts and related lists; the read-only one is marked in fields and layouts', async () => {
    const meta = (await olivia('GET', '/crm/meta/leads')).body.data as { fields: Array<{ name: string; readOnly: boolean }>; layouts: Array<{ sections: Array<{ fields: Array<{ field: string; readOnly?: boolean }> }> }> };
    expect(meta.fields.map((f) => f.name)).not.toContain('company');
    expect(meta.fields.find((f) => f.name === 'rating')).toMatchObject({ readOnly: true });
    expect(meta.fields.find((f) => f.name === 'phone')).toMatchObject({ readOnly: false });
    const items = meta.layouts.flatMap((l) => l.sections.flatMap((s) => s.fields));
    expect(items.some((i) => i.field === 'company')).toBe(false);
    expect(items.filter((i) => i.field === 'rating').every((i) => i.readOnly === true)).toBe(true);
    // The manager's role has no restriction; the administrator sees everything.
    for (const who of [emma, admin]) {
      const theirs = (await who('GET', '/crm/meta/leads')).body.data as { fields: Array<{ name: string; readOnly: boolean }> };
      expect(theirs.fields.find((f) => f.name === 'company')).toBeDefined();
      expect(theirs.fields.find((f) => f.name === 'rating')).toMatchObject({ readOnly: false });
    }
  });

  it('lists: no hidden value in the JSON; asking for it as a column, a filter or a sort is refused; a related list alike', async () => {
    const list = await olivia('GET', '/crm/leads/list?pageSize=100');
    expect(list.body.code).toBe(200);
    expect(list.body.rows.find((r: { id: number }) => r.id === lead)).toMatchObject({ lastName: 'Fieldsecure', rating: 'warm' });
    expect(list.body.rows.every((r: Record<string, unknown>) => !('company' in r))).toBe(true);
    noSecret(list.body);
    expect((await olivia('GET', '/crm/leads/list?fields=lastName,company')).body).toEqual(UNKNOWN_COMPANY);
    expect((await olivia('GET', withFilter('/crm/leads/list', { field: 'company', op: 'contains', value: 'Zanzibar' }))).body.code).toBe(400);
    expect((await olivia('GET', '/crm/leads/list?orderByColumn=company&isAsc=asc')).body.code).toBe(400);
    // The manager still lists, filters and sorts by it.
    const managers = await emma('GET', withFilter('/crm/leads/list?orderByColumn=company&isAsc=asc', { field: 'company', op: 'contains', value: 'Zanzibar' }));
    expect(managers.body.rows.map((r: { company: string }) => r.company)).toEqual([`${SECRET} II`]);
  });

  it('detail, history, timeline, board, lookup and global search: nothing of the hidden field', async () => {
    const detail = await olivia('GET', `/crm/leads/${lead}`);
    expect(detail.body.data).toMatchObject({ lastName: 'Fieldsecure', rating: 'warm', phone: '555 0101' });
    expect('company' in detail.body.data).toBe(false);
    noSecret(detail.body);
    const history = await olivia('GET', `/crm/leads/${lead}/history?pageNum=1&pageSize=50`);
    expect(history.body.rows.map((r: { field: string | null }) => r.field)).toContain('phone');
    expect(history.body.rows.map((r: { field: string | null }) => r.field)).not.toContain('company');
    expect(history.body.total).toBe(history.body.rows.length);
    noSecret(history.body);
    expect(JSON.stringify((await emma('GET', `/crm/leads/${lead}/history?pageNum=1&pageSize=50`)).body)).toContain(SECRET);
    const timeline = await olivia('GET', `/crm/leads/${lead}/timeline?pageNum=1&pageSize=50`);
    expect(timeline.body.code, timeline.body.msg).toBe(200);
    expect(JSON.stringify(timeline.body)).toContain('555 0101');
    noSecret(timeline.body);
    expect(JSON.stringify((await admin('GET', `/crm/leads/${lead}/timeline?pageNum=1&pageSize=50`)).body)).toContain(SECRET);
    const board = await olivia('GET', '/crm/leads/board?field=status&fields=lastName');
    expect(board.body.code, board.body.msg).toBe(200);
    noSecret(board.body);
    expect((await olivia('GET', '/crm/leads/board?field=status&fields=company')).body.code).toBe(400);
    noSecret((await olivia('GET', '/crm/leads/lookup?q=Fieldsecure')).body);
    const search = await olivia('GET', '/crm/search?q=Fieldsecure');
    expect(search.body.data.map((h: { id: number }) => h.id)).toContain(lead);
    noSecret(search.body);
    noSecret((await olivia('GET', '/crm/search/results?q=Fieldsecure&module=leads&pageNum=1&pageSize=10')).body);
    // The same search by the manager shows the company among the hit's details.
    expect(JSON.stringify((await emma('GET', '/crm/search?q=Fieldsecure')).body)).toContain(SECRET);
  });

  it('quick, global and campaign-member search: a hidden searchable field matches nothing (its text is searched by the manager only)', async () => {
    // "Zanzibar" is in the lead's company alone, hidden from the rep; "Fieldsecure" is its name.
    const ids = (body: { rows?: Array<{ id: number }>; data?: Array<{ id: number }> }) => (body.rows ?? body.data ?? []).map((r) => r.id);
    expect(ids((await olivia('GET', '/crm/leads/list?q=Zanzibar')).body)).not.toContain(lead);
    expect(ids((await olivia('GET', '/crm/leads/list?q=Fieldsecure')).body)).toContain(lead);
    expect(ids((await olivia('GET', '/crm/leads/lookup?q=Zanzibar')).body)).not.toContain(lead);
    expect(ids((await olivia('GET', '/crm/search?q=Zanzibar')).body)).not.toContain(lead);
    // A two-letter term (a word's start) is held to what she may see too.
    expect(ids((await olivia('GET', '/crm/search?q=Za')).body)).not.toContain(lead);
    const results = (await olivia('GET', '/crm/search/results?q=Zanzibar&module=leads&pageNum=1&pageSize=10')).body.data;
    expect(results.rows.map((r: { id: number }) => r.id)).not.toContain(lead);
    expect(results.counts.find((c: { module: string }) => c.module === 'leads').total).toBe(0);
    expect(ids((await emma('GET', '/crm/leads/list?q=Zanzibar')).body)).toContain(lead);
    expect(ids((await emma('GET', '/crm/search?q=Zanzibar')).body)).toContain(lead);

    const campaign = (await admin('POST', '/crm/campaign', { name: 'Field security members' })).body.data as number;
    expect((await olivia('POST', '/crm/leads/mass/addToCampaign', { ids: [lead], campaignId: campaign })).body.data).toBe(1);
    const members = async (call: Call, q: string) => ((await call('GET', `/crm/campaign/${campaign}/members?q=${q}&pageNum=1&pageSize=10`)).body.rows as unknown[]).length;
    expect(await members(olivia, 'Fieldsecure')).toBe(1);
    expect(await members(olivia, 'Zanzibar')).toBe(0);
    expect(await members(admin, 'Zanzibar')).toBe(1);
  });

  it('export: the file has no column and no value of the hidden field', async () => {
    const workbook = await exportedWorkbook(app, oliviaToken, await olivia('POST', '/crm/leads/export', {}));
    const cells: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    expect(cells).toContain('Fieldsecure');
    expect(cells).toContain('Last Name');
    expect(cells).not.toContain('Company');
    expect(cells.some((c) => c.includes('Zanzibar'))).toBe(false);
    expect((await olivia('POST', '/crm/leads/export', { fields: 'lastName,company' })).body).toEqual(UNKNOWN_COMPANY);
  });

  it('reports: the hidden field is refused as a column, a group and a filter; a report without it runs without its values', async () => {
    const preview = (definition: Record<string, unknown>) => olivia('POST', '/crm/report/preview', { definition: { module: 'leads', format: 'tabular', ...definition } });
    expect((await preview({ columns: ['lastName', 'company'] })).body.code).toBe(400);
    expect((await preview({ columns: ['lastName'], format: 'summary', groupRows: [{ field: 'company' }], aggregates: [{ fn: 'count' }] })).body.code).toBe(400);
    expect((await preview({ columns: ['lastName'], filter: { field: 'company', op: 'contains', value: 'Zanzibar' } })).body.code).toBe(400);
    const ok = await preview({ columns: ['lastName', 'rating'] });
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect(JSON.stringify(ok.body)).toContain('Fieldsecure');
    noSecret(ok.body);
    // A report an administrator shares that shows the company cannot be run by the rep, and says why.
    const saved = await admin('POST', '/crm/report', { name: 'Companies (FLS)', shared: true, shareRoles: [roles.sales_rep], definition: { module: 'leads', columns: ['lastName', 'company'], format: 'tabular' } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const run = await olivia('GET', `/crm/report/${saved.body.data}/run?pageNum=1&pageSize=10`);
    expect(run.body.code).toBe(400);
    noSecret(run.body);
  });

  it('webhook payloads: the record and its changes as the viewer sees them', async () => {
    await metadataOf(app.db).fresh();
    const event = { kind: 'updated', module: 'leads' as const, recordId: lead, changed: [{ field: 'company', oldValue: 'a', newValue: SECRET }, { field: 'phone', oldValue: null, newValue: '1' }], time: new Date() };
    const rep = JSON.parse(await eventPayload(app.db, app.db, await loadCurrentUser(app.db, users['olivia.park']!), event));
    expect(rep.changed.map((c: { field: string }) => c.field)).toEqual(['phone']);
    expect(rep.record).toMatchObject({ lastName: 'Fieldsecure' });
    expect(JSON.stringify(rep)).not.toContain('Zanzibar');
    const full = JSON.parse(await eventPayload(app.db, app.db, await loadCurrentUser(app.db, users.admin!), event));
    expect(full.changed).toHaveLength(2);
    expect(full.record.company).toBe(`${SECRET} II`);
  });

  it('create and update (form, inline edit): a hidden field is refused, a read-only one ignored', async () => {
    expect((await olivia('POST', '/crm/leads', { lastName: 'Create FLS', company: 'X' })).body).toEqual(UNKNOWN_COMPANY);
    const created = await olivia('POST', '/crm/leads', { lastName: 'Create FLS', rating: 'hot', phone: '555 0199' });
    expect(created.body.code, created.body.msg).toBe(200);
    expect(await leadRow(created.body.data)).toMatchObject({ rating: null });
    const { version } = await getRecord(olivia, 'leads', lead);
    expect((await olivia('PUT', '/crm/leads', { id: lead, version, company: 'Mine' })).body).toEqual(UNKNOWN_COMPANY);
    // An inline edit of the read-only field alone: nothing written, no history.
    const inline = await olivia('PUT', '/crm/leads', { id: lead, version, rating: 'hot' });
    expect(inline.body).toMatchObject({ code: 200, data: { rating: 'warm', version } });
    // The form echoing the record back with a change elsewhere saves that change only.
    const record = await getRecord(olivia, 'leads', lead);
    const echoed = await olivia('PUT', '/crm/leads', { ...record, rating: 'cold', title: 'Buyer' });
    expect(echoed.body).toMatchObject({ code: 200, data: { title: 'Buyer', rating: 'warm' } });
    expect(await leadRow(lead)).toMatchObject({ company: `${SECRET} II`, rating: 'warm' });
    // The manager writes both.
    const mine = await getRecord(emma, 'leads', lead);
    expect((await emma('PUT', '/crm/leads', { id: lead, version: mine.version, rating: 'hot' })).body.code).toBe(200);
    expect(await leadRow(lead)).toMatchObject({ rating: 'hot' });
  });

  it('mass update: the read-only field is refused in both languages, the hidden one as unknown; nothing changed', async () => {
    const before = await leadRow(lead);
    expect((await olivia('POST', '/crm/leads/mass/update', { ids: [lead], field: 'rating', value: 'cold' })).body).toEqual({ code: 400, msg: 'Rating is read-only for you' });
    const zh = await olivia('POST', '/crm/leads/mass/update', { ids: [lead], field: 'rating', value: 'cold' }, { 'accept-language': 'zh' });
    expect(zh.body.msg).toBe('评级 对您是只读的');
    expect((await olivia('POST', '/crm/leads/mass/update', { ids: [lead], field: 'company', value: 'X' })).body).toEqual(UNKNOWN_COMPANY);
    expect(await leadRow(lead)).toEqual(before);
  });

  it('import: a column mapped to the read-only field is refused as not importable, to the hidden one as unknown', async () => {
    const up = await uploaded(app, oliviaToken, 'leads', [
      ['Last Name', 'Company', 'Rating'],
      ['Imported FLS', 'Sneaky Co', 'Hot'],
    ]);
    expect(up.fields.map((f) => f.name)).not.toContain('company');
    expect(up.fields.map((f) => f.name)).not.toContain('rating');
    expect((await olivia('POST', `/crm/leads/import/${up.fileId}/check`, { mapping: ['lastName', null, 'rating'] })).body).toMatchObject({ code: 400, msg: 'Rating cannot be imported' });
    expect((await olivia('POST', `/crm/leads/import/${up.fileId}/check`, { mapping: ['lastName', 'company', null] })).body).toMatchObject(UNKNOWN_COMPANY);
    expect((await olivia('POST', `/crm/leads/import/${up.fileId}/check`, { mapping: ['lastName', null, null] })).body).toMatchObject({ code: 200, data: { create: 1 } });
  });

  it('merge: the read-only field cannot be taken from another record, the hidden one is unknown', async () => {
    // A merge needs the remove permission too: the manager's, restricted like the rep for this case.
    const restricted = [
      { field: 'company', roleId: roles.sales_manager!, access: 'hidden' },
      { field: 'rating', roleId: roles.sales_manager!, access: 'readOnly' },
    ];
    expect((await save(admin, restricted)).body.code).toBe(200);
    const other = await createLead(admin, { lastName: 'Fieldsecure', rating: 'cold', ownerId: users['emma.stone'] });
    const notMergeable = await emma('POST', '/crm/leads/merge', { survivorId: lead, mergedIds: [other], values: { rating: other } });
    expect(notMergeable.body).toMatchObject({ code: 400, msg: expect.stringContaining('Rating') });
    expect((await emma('POST', '/crm/leads/merge', { survivorId: lead, mergedIds: [other], values: { company: other } })).body).toEqual(UNKNOWN_COMPANY);
    expect(await leadRow(lead)).toMatchObject({ rating: 'hot', company: `${SECRET} II` });
    expect(await leadRow(other)).toMatchObject({ rating: 'cold' });
    await restrictRep();
  });

  it('lead conversion copies the lead’s values as the server builds them, into fields hidden from the converting rep too', async () => {
    const rep = roles.sales_rep!;
    expect((await admin('PUT', '/setup/account/fieldSecurity', { cells: [{ field: 'rating', roleId: rep, access: 'hidden' }, { field: 'phone', roleId: rep, access: 'readOnly' }] })).body.code).toBe(200);
    const id = await createLead(olivia, { lastName: 'Convertible', phone: '555 0142' });
    await app.db.execute(sql`update crm_lead set rating = 'hot' where id = ${id}`);
    const res = await olivia('POST', '/crm/leads/convert', { leadId: id, version: 1, account: { mode: 'new', name: 'Convertible Ltd (FLS)' } });
    expect(res.body.code, res.body.msg).toBe(200);
    const [account] = await rows<{ rating: string | null; phone: string | null }>(sql`select rating, phone from crm_account where name = 'Convertible Ltd (FLS)'`);
    expect(account).toEqual({ rating: 'hot', phone: '555 0142' });
    expect((await admin('PUT', '/setup/account/fieldSecurity', { cells: [] })).body.code).toBe(200);
  });

  it('several roles: the most permissive wins; a change in Set-up applies from the next request, with no query per record', async () => {
    const meta = metadataOf(app.db);
    await meta.fresh();
    const rep = (await loadCurrentUser(app.db, users['olivia.park']!))!;
    // One answer per role set, kept until the metadata changes.
    expect(securedDef(meta.module('leads'), rep)).toBe(securedDef(meta.module('leads'), rep));
    expect(securedDef(meta.module('leads'), { ...rep, isAdmin: true })).toBe(meta.module('leads'));
    // The rep also gets the marketing role (no restriction on leads): she sees and edits both fields.
    await app.db.execute(sql`insert into sys_user_role (user_id, role_id) values (${users['olivia.park']}, ${roles.marketing})`);
    const both = (await olivia('GET', '/crm/meta/leads')).body.data as { fields: Array<{ name: string; readOnly: boolean }> };
    expect(both.fields.find((f) => f.name === 'company')).toBeDefined();
    expect(both.fields.find((f) => f.name === 'rating')).toMatchObject({ readOnly: false });
    // Marketing: company read-only — the rep now gets read-only (visible through marketing, editable through neither).
    expect((await save(admin, [
      { field: 'company', roleId: roles.sales_rep!, access: 'hidden' },
      { field: 'company', roleId: roles.marketing!, access: 'readOnly' },
    ])).body.code).toBe(200);
    const now = (await olivia('GET', '/crm/meta/leads')).body.data as { fields: Array<{ name: string; readOnly: boolean }> };
    expect(now.fields.find((f) => f.name === 'company')).toMatchObject({ readOnly: true });
    expect(now.fields.find((f) => f.name === 'rating')).toMatchObject({ readOnly: false });
    expect(JSON.stringify((await olivia('GET', `/crm/leads/${lead}`)).body)).toContain(SECRET);
    await app.db.execute(sql`delete from sys_user_role where user_id = ${users['olivia.park']} and role_id = ${roles.marketing}`);
    expect(JSON.stringify((await olivia('GET', `/crm/leads/${lead}`)).body)).not.toContain(SECRET);
    // Cleared: everything visible and editable again.
    expect((await save(admin, [])).body.code).toBe(200);
    expect(JSON.stringify((await olivia('GET', `/crm/leads/${lead}`)).body)).toContain(SECRET);
    await restrictRep();
  });
});
