import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NEW_USER_PASSWORD, caller, createRole, createUser, deptIds, userIds } from '../helpers/adminApi';
import { getRecord } from '../helpers/crmApi';
import { signedInApp } from '../helpers/signedInApp';
import { loginAs } from '../helpers/testApp';

type Rows = { rows: Array<Record<string, unknown>> };
type Call = ReturnType<typeof caller>;
const ZH = { 'accept-language': 'zh-CN' };

/**
 * Merging contacts (`POST /crm/contact/merge`) under hostile requests (issue 30): wrong types, stray
 * keys, NUL bytes, huge numbers and arrays, the survivor or a record twice among the merged, ids of
 * another module — each a 400 (or the 404 of a record not found) in English and Chinese that changes
 * nothing; the rights and the data scope checked on every record; and one transaction when its last
 * step fails (contact roles, campaign memberships, reports-to, a task's name and history all stay).
 * merge.test.ts covers the successful merges of each module and the lead's rollback.
 */
describe('merge: hostile requests', () => {
  let ctx: Awaited<ReturnType<typeof signedInApp<'admin' | 'noah.king'>>>;
  const admin = () => ctx.as.admin;
  let users: Record<string, number>;
  /** Contacts in full, own records only. */
  let rep: Call;
  /** Contacts edit without remove (a merge also deletes): refused. */
  let editor: Call;
  let account: number;
  const tag = `mergehostile-${Date.now()}`;
  const rows = async (query: ReturnType<typeof sql>) => ((await ctx.app.db.execute(query)) as unknown as Rows).rows;

  async function create(call: Call, module: string, body: Record<string, unknown>): Promise<number> {
    const res = await call('POST', `/crm/${module}`, body);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }
  const contact = (lastName: string, extra: Record<string, unknown> = {}, call: Call = admin()) =>
    create(call, 'contact', { lastName: `${tag} ${lastName}`, accountId: account, ...extra });
  /** Everything a merge could change about some contacts: their rows (deleted or not) and what points at them. */
  const snapshot = async (ids: number[]) => ({
    contacts: await rows(sql`select id, first_name, last_name, email, phone, title, reports_to_id, deleted_at, version from crm_contact where id in ${ids} order by id`),
    roles: await rows(sql`select opportunity_id, contact_id, role, is_primary from crm_opportunity_contact_role where contact_id in ${ids} order by id`),
    members: await rows(sql`select campaign_id, contact_id, status from crm_campaign_member where contact_id in ${ids} order by id`),
    history: await rows(sql`select record_id, action from crm_record_history where module = 'contact' and record_id in ${ids} order by id`),
    reports: await rows(sql`select id, reports_to_id from crm_contact where reports_to_id in ${ids} order by id`),
  });

  beforeAll(async () => {
    ctx = await signedInApp(['admin', 'noah.king']);
    users = await userIds(admin());
    const depts = await deptIds(admin());
    const all = ['list', 'query', 'add', 'edit', 'remove'].map((p) => `crm:contact:${p}`);
    await createUser(admin(), 'mh.rep', depts['Sales East']!, [await createRole(admin(), 'mh_rep', [...all, 'crm:account:list', 'crm:account:query'], '5')]);
    await createUser(admin(), 'mh.editor', depts['Sales East']!, [await createRole(admin(), 'mh_editor', all.filter((p) => !p.endsWith(':remove')), '1')]);
    rep = caller(ctx.app, await loginAs(ctx.app, 'mh.rep', NEW_USER_PASSWORD));
    editor = caller(ctx.app, await loginAs(ctx.app, 'mh.editor', NEW_USER_PASSWORD));
    users = await userIds(admin());
    account = await create(admin(), 'account', { name: `${tag} Account`, ownerId: users['mh.rep'] });
  });
  afterAll(() => ctx.app.teardown());

  it('refuses wrong types (a coerced true, "5" or [5] would name another record), a stray key and a value of no field, in English and Chinese, changing nothing', async () => {
    const [a, b] = [await contact('Wrong A', { phone: '5550111' }), await contact('Wrong B', { phone: '5550222' })];
    const before = await snapshot([a, b]);
    const bodies: Array<[unknown, string]> = [
      [{ survivorId: true, mergedIds: [b] }, 'survivorId'],
      [{ survivorId: String(a), mergedIds: [b] }, 'survivorId'],
      [{ survivorId: [a], mergedIds: [b] }, 'survivorId'],
      [{ survivorId: a, mergedIds: [[b]] }, 'mergedIds.0'],
      [{ survivorId: a, mergedIds: [String(b)] }, 'mergedIds.0'],
      [{ survivorId: a, mergedIds: b }, 'mergedIds'],
      [{ survivorId: a, mergedIds: [b], values: { phone: String(b) } }, 'values.phone'],
      [{ survivorId: a, mergedIds: [b], values: { phone: true } }, 'values.phone'],
      [{ survivorId: a, mergedIds: [b], values: [b] }, 'values'],
      [{ survivorId: a, mergedIds: [b], values: { phone: -b } }, 'values.phone'],
      [{ survivorId: a + 0.5, mergedIds: [b] }, 'survivorId'],
      [{ survivorId: 1e300, mergedIds: [b] }, 'survivorId'],
      [{ survivorId: 2 ** 53, mergedIds: [b] }, 'survivorId'],
    ];
    for (const [body, field] of bodies) {
      const res = await admin()('POST', '/crm/contact/merge', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toHaveProperty([field]);
    }
    // A misspelt `values` is refused, not dropped (the merge would go ahead without the values chosen).
    const stray = await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b], valeus: { phone: b } });
    expect(stray.status).toBe(400);
    expect(stray.body).toMatchObject({ msg: 'Unknown field "valeus": nothing was changed', errors: { valeus: 'Unknown field "valeus": nothing was changed' } });
    expect((await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b], valeus: { phone: b } }, ZH)).body.msg).toBe('未知字段“valeus”：未做任何修改');
    // A huge stray key is not echoed back whole.
    const longStray = await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b], ['y'.repeat(100_000)]: 1 });
    expect(longStray.status).toBe(400);
    expect(longStray.body.msg.length).toBeLessThan(200);
    const unknown = await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b], values: { nickname: b } });
    expect(unknown.body).toMatchObject({ code: 400, msg: 'Unknown field "nickname"' });
    expect((await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b], values: { nickname: b } }, ZH)).body.msg).toBe('字段“nickname”不存在');
    const proto = await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b], values: { constructor: b, toString: b } });
    expect(proto.body.code).toBe(400);
    const system = await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b], values: { createTime: b } }, ZH);
    expect(system.body).toMatchObject({ code: 400, msg: '创建时间不能在合并中选择' });
    const readOnly = await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b], values: { sourceLeadId: b } });
    expect(readOnly.body).toMatchObject({ code: 400, msg: 'Converted From Lead cannot be chosen in a merge' });
    expect(await snapshot([a, b])).toEqual(before);
  });

  it('refuses NUL bytes, huge arrays and strings, the survivor or a record twice among the merged, and more than three records', async () => {
    const [a, b, c, d] = [await contact('Many A'), await contact('Many B'), await contact('Many C'), await contact('Many D')];
    const before = await snapshot([a, b, c, d]);
    const nul = await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b], values: { 'phone\u0000': b } });
    expect(nul.body.code).toBe(400);
    expect(nul.body.msg).toMatch(/NUL/);
    expect((await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b], values: { 'phone\u0000': b } }, ZH)).body.msg).toMatch(/空字符/);
    const huge = await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: Array.from({ length: 50_000 }, () => b) });
    expect(huge.body).toMatchObject({ code: 400, msg: 'Please select two or three records to merge' });
    const longKey = await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b], values: { ['x'.repeat(100_000)]: b } });
    expect(longKey.body.code).toBe(400);
    const manyKeys = await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b], values: Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`f${i}`, b])) });
    expect(manyKeys.body.code).toBe(400);

    expect((await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b, c, d] })).body).toMatchObject({ code: 400, msg: 'Please select two or three records to merge' });
    expect((await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b, c, d] }, ZH)).body.msg).toBe('请选择两到三条记录进行合并');
    expect((await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [] })).body.code).toBe(400);
    expect((await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b, a] })).body).toMatchObject({
      code: 400,
      msg: 'The surviving record cannot also be one of those merged into it',
    });
    expect((await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [a] }, ZH)).body.msg).toBe('保留的记录不能同时是被合并的记录');
    const twice = await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b, b] });
    expect(twice.body).toMatchObject({ code: 400, msg: 'A record can be merged only once: the same record is listed twice' });
    expect((await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b, b] }, ZH)).body.msg).toBe('同一条记录只能合并一次：所选记录中有重复');
    expect((await admin()('POST', '/crm/contact/merge', 'not json at all')).status).toBe(415); // sent as text
    expect((await admin()('POST', '/crm/contact/merge', [a, b])).body.code).toBe(400);
    expect(await snapshot([a, b, c, d])).toEqual(before);
  });

  it('an id of another module (an account, a lead) is a record not found: 404, nothing changed', async () => {
    const a = await contact('Module A');
    // An id no contact has: the lead's, made past every contact id.
    const [maxContact] = await rows(sql`select max(id)::int as id from crm_contact`);
    let lead = 0;
    while (lead <= Number(maxContact!.id)) lead = await create(admin(), 'leads', { lastName: `${tag} lead` });
    const before = await snapshot([a]);
    const res = await admin()('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [lead] });
    expect(res.body).toMatchObject({ code: 404, msg: 'Some of the selected records do not exist or you have no access to them: nothing was changed' });
    expect((await admin()('POST', '/crm/contact/merge', { survivorId: lead, mergedIds: [a] }, ZH)).body.msg).toBe('部分所选记录不存在或您无权访问：未做任何修改');
    expect(await snapshot([a])).toEqual(before);
    expect((await getRecord(admin(), 'leads', lead)).lastName).toBe(`${tag} lead`);
  });

  it('needs edit and remove of the module: without remove 403, the records as they were', async () => {
    const [a, b] = [await contact('Rights A', { phone: '5550001' }), await contact('Rights B', { phone: '5550002' })];
    const before = await snapshot([a, b]);
    const res = await editor('POST', '/crm/contact/merge', { survivorId: a, mergedIds: [b], values: { phone: b } });
    expect(res.status).toBe(403);
    expect(await snapshot([a, b])).toEqual(before);
  });

  it('keeps to data scope on every record: one beyond it (as survivor, merged or value source) is not found, nothing changed', async () => {
    const mine = await contact('Scope Mine', { phone: '5550010', ownerId: users['mh.rep'] });
    const alsoMine = await contact('Scope Also', { phone: '5550011', ownerId: users['mh.rep'] });
    const noahs = await contact('Scope Noah', { phone: '5550012', ownerId: users['noah.king'] });
    const before = await snapshot([mine, alsoMine, noahs]);
    for (const body of [
      { survivorId: mine, mergedIds: [noahs], values: { phone: noahs } },
      { survivorId: noahs, mergedIds: [mine] },
      { survivorId: mine, mergedIds: [alsoMine, noahs] },
      { survivorId: mine, mergedIds: [alsoMine], values: { phone: noahs } },
    ]) {
      const res = await rep('POST', '/crm/contact/merge', body);
      expect(res.status, JSON.stringify(body)).toBe(body.mergedIds.includes(noahs) || body.survivorId === noahs ? 404 : 400);
    }
    expect(await snapshot([mine, alsoMine, noahs])).toEqual(before);
    expect(JSON.stringify(await rep('POST', '/crm/contact/merge', { survivorId: mine, mergedIds: [noahs] }))).not.toContain('Scope Noah');
  });

  it('is one transaction: when its last step (the survivor’s history entry) fails, roles, memberships, reports-to, a task’s name, history and values stay as they were', async () => {
    const survivor = await contact('Tx Survivor', { phone: '5550100', title: 'Keep' });
    const merged = await contact('Tx Merged', { phone: '5550200', title: 'Other' });
    const report = await contact('Tx Report', { reportsToId: merged });
    const opp = await create(admin(), 'opportunity', { name: `${tag} Tx deal`, accountId: account, closeDate: '2026-12-31' });
    expect((await admin()('POST', `/crm/opportunity/${opp}/contact-roles`, { contactId: merged, role: 'decision_maker', isPrimary: true })).body.code).toBe(200);
    const campaign = await create(admin(), 'campaign', { name: `${tag} Tx campaign` });
    expect((await admin()('POST', `/crm/campaign/${campaign}/members`, { contactIds: [merged], status: 'responded' })).body.code).toBe(200);
    const task = await create(admin(), 'task', { subject: `${tag} Tx call`, dueDate: '2026-12-01', name: { module: 'contact', id: merged } });
    const before = await snapshot([survivor, merged, report]);

    // A constraint only the merge's last write breaks: its `merge` entry on the survivor.
    await ctx.app.db.execute(sql.raw(`alter table crm_record_history add constraint merge_hostile_trap check (not (action = 'merge' and record_id = ${survivor}))`));
    try {
      const res = await admin()('POST', '/crm/contact/merge', { survivorId: survivor, mergedIds: [merged], values: { phone: merged, title: merged } });
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toMatch(/merge_hostile_trap|crm_record_history/);
    } finally {
      await ctx.app.db.execute(sql.raw('alter table crm_record_history drop constraint merge_hostile_trap'));
    }
    expect(await snapshot([survivor, merged, report])).toEqual(before);
    expect(before.roles).toEqual([{ opportunity_id: expect.anything(), contact_id: expect.anything(), role: 'decision_maker', is_primary: true }]);
    expect(await getRecord(admin(), 'contact', survivor)).toMatchObject({ phone: '5550100', title: 'Keep' });
    expect(await getRecord(admin(), 'contact', report)).toMatchObject({ reportsToId: merged });
    expect((await getRecord(admin(), 'task', task)).name).toEqual({ module: 'contact', id: merged });
    expect(await rows(sql`select contact_id::int as contact_id from crm_campaign_member where campaign_id = ${campaign}`)).toEqual([{ contact_id: merged }]);
    expect(await rows(sql`select contact_id::int as contact_id from crm_opportunity_contact_role where opportunity_id = ${opp}`)).toEqual([{ contact_id: merged }]);

    // The same merge, the trap gone, goes through: everything follows the survivor.
    const done = await admin()('POST', '/crm/contact/merge', { survivorId: survivor, mergedIds: [merged], values: { phone: merged, title: merged } }, ZH);
    expect(done.body).toMatchObject({ code: 200, msg: '已合并 1 条记录' });
    expect(await getRecord(admin(), 'contact', survivor)).toMatchObject({ phone: '5550200', title: 'Other' });
    expect(await getRecord(admin(), 'contact', report)).toMatchObject({ reportsToId: survivor });
    expect((await getRecord(admin(), 'task', task)).name).toEqual({ module: 'contact', id: survivor });
    expect(await rows(sql`select contact_id::int as contact_id from crm_campaign_member where campaign_id = ${campaign}`)).toEqual([{ contact_id: survivor }]);
    expect(await rows(sql`select contact_id::int as contact_id, is_primary from crm_opportunity_contact_role where opportunity_id = ${opp}`)).toEqual([{ contact_id: survivor, is_primary: true }]);
  });
});
