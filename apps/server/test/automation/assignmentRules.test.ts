import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AssignmentRule, AssignmentRuleBody } from '@orbit/shared/contract/automation';
import type { CreatedApiKey } from '@orbit/shared/contract/apiKeys';
import { caller } from '../helpers/adminApi';
import { createLead, listIds, withFilter } from '../helpers/crmApi';
import { run, uploaded } from '../helpers/importApi';
import { signedInApp } from '../helpers/signedInApp';
import { rowsOf } from '../../src/modules/crm/engine/query/sql';

/**
 * Lead assignment rules (issue 34): ordered entries, the first whose conditions (the list filters'
 * grammar) a new lead meets gives its owner — a user, a department's active users in turn, or a
 * role's (its queue) — on create through the form, the API (a key too) and import, before the row
 * is written; the round-robin pointer survives restarts and concurrent creates; workflow actions
 * "assign by the assignment rules" and "send an e-mail template".
 */
describe('lead assignment rules', () => {
  let ctx: Awaited<ReturnType<typeof signedInApp<'admin' | 'olivia.park' | 'noah.king' | 'liam.brooks'>>>;
  const admin = () => ctx.as.admin;
  const olivia = () => ctx.as['olivia.park'];
  const db = () => ctx.app.db;
  let ids: Record<string, number>;
  let west: number;
  let salesRep: number;

  beforeAll(async () => {
    ctx = await signedInApp(['admin', 'olivia.park', 'noah.king', 'liam.brooks'], { JOB_CONCURRENCY: '0', AUTOMATION_RETRY_MS: '10' });
    const users = await rowsOf<{ user_name: string; user_id: unknown }>(db(), sql`select user_name, user_id from sys_user`);
    ids = Object.fromEntries(users.map((u) => [u.user_name, Number(u.user_id)]));
    west = Number((await rowsOf<{ dept_id: unknown }>(db(), sql`select dept_id from sys_dept where dept_name = 'Sales West'`))[0]!.dept_id);
    salesRep = Number((await rowsOf<{ role_id: unknown }>(db(), sql`select role_id from sys_role where role_key = 'sales_rep'`))[0]!.role_id);
  });
  afterAll(() => ctx.app.teardown());
  afterEach(async () => {
    await ctx.app.automation.drain();
    await db().execute(sql`delete from crm_assignment_rule`);
    await db().execute(sql`delete from crm_workflow_rule`);
  });

  async function entry(body: Partial<AssignmentRuleBody> & Pick<AssignmentRuleBody, 'target' | 'targetId'>): Promise<number> {
    const res = await admin()('POST', '/setup/leads/assignmentRules', { name: 'Entry', ...body });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }
  const ownerOf = async (id: number) => Number((await rowsOf<{ owner_id: unknown }>(db(), sql`select owner_id from crm_lead where id = ${id}`))[0]!.owner_id);
  const deptOf = async (id: number) => Number((await rowsOf<{ dept_id: unknown }>(db(), sql`select dept_id from crm_lead where id = ${id}`))[0]!.dept_id);

  it('a user target: the first matching entry wins; no match leaves the creator as owner', async () => {
    await entry({ name: 'Big ones', target: 'user', targetId: ids['liam.brooks']!, conditions: { and: [{ field: 'company', op: 'eq', value: 'Big Co' }] } });
    await entry({ name: 'Also big', target: 'user', targetId: ids['noah.king']!, conditions: { and: [{ field: 'company', op: 'contains', value: 'Big' }] } });
    // A workflow rule on creation sees the final owner (its task goes to the record's owner).
    const rule = await admin()('POST', '/setup/leads/workflowRules', { name: 'Welcome task', trigger: { kind: 'created' }, conditions: { and: [{ field: 'company', op: 'eq', value: 'Big Co' }] }, actions: [{ kind: 'createTask', subject: 'Assigned welcome', owner: 'recordOwner', dueInDays: 1 }] });
    expect(rule.body.code, rule.body.msg).toBe(200);
    const big = await createLead(olivia(), { company: 'Big Co' });
    const bigger = await createLead(olivia(), { company: 'Bigger Co' });
    const small = await createLead(olivia(), { company: 'Small Co' });
    expect(await ownerOf(big)).toBe(ids['liam.brooks']);
    expect(await ownerOf(bigger)).toBe(ids['noah.king']);
    expect(await ownerOf(small)).toBe(ids['olivia.park']);
    // The department (data scope) is the new owner's, written with the row.
    expect(await deptOf(big)).toBe(west);
    await ctx.app.automation.drain();
    await ctx.app.automation.drain();
    const tasks = await rowsOf<{ owner_id: unknown }>(db(), sql`select owner_id from crm_task where subject = 'Assigned welcome'`);
    expect(tasks.map((t) => Number(t.owner_id))).toEqual([ids['liam.brooks']]);
  });

  it('a department round-robin hands leads to its active users in turn, fairly, and the turn survives a restart', async () => {
    const id = await entry({ target: 'dept', targetId: west });
    const owners = [];
    for (let i = 0; i < 4; i++) owners.push(await ownerOf(await createLead(olivia(), { company: `RR ${i}` })));
    const [a, b] = [ids['liam.brooks']!, ids['noah.king']!].sort((x, y) => x - y);
    expect(owners).toEqual([a, b, a, b]);
    // The pointer is a column of the entry, not process memory: a new process goes on from it.
    expect(Number((await rowsOf<{ next_slot: unknown }>(db(), sql`select next_slot from crm_assignment_rule where id = ${id}`))[0]!.next_slot)).toBe(4);
    // A disabled user is left out of the turn.
    await db().execute(sql`update sys_user set status = '1' where user_id = ${b}`);
    try {
      expect(await ownerOf(await createLead(olivia(), { company: 'RR 4' }))).toBe(a);
      expect(await ownerOf(await createLead(olivia(), { company: 'RR 5' }))).toBe(a);
    } finally {
      await db().execute(sql`update sys_user set status = '0' where user_id = ${b}`);
    }
  });

  it('a queue (a role) hands leads to the role’s active users in turn; parallel creates never take the same slot', async () => {
    await entry({ target: 'role', targetId: salesRep });
    const reps = (await rowsOf<{ user_id: unknown }>(db(), sql`select ur.user_id from sys_user_role ur join sys_user u on u.user_id = ur.user_id where ur.role_id = ${salesRep} and u.del_flag = '0' and u.status = '0' order by ur.user_id`)).map((r) => Number(r.user_id));
    expect(reps.length).toBeGreaterThanOrEqual(2);
    const made = await Promise.all(Array.from({ length: reps.length * 2 }, (_, i) => createLead(olivia(), { company: `Queue ${i}` })));
    const owners = await Promise.all(made.map(ownerOf));
    // Each of the role's users got exactly two: no slot was handed out twice.
    for (const rep of reps) expect(owners.filter((o) => o === rep)).toHaveLength(2);
  });

  it('an owner given explicitly by the API is kept unless the request asks for the rules; the form’s checkbox decides', async () => {
    await entry({ target: 'user', targetId: ids['liam.brooks']! });
    expect(await ownerOf(await createLead(admin(), { ownerId: ids['noah.king'] }))).toBe(ids['noah.king']);
    expect(await ownerOf(await createLead(admin(), { ownerId: ids['noah.king'], useAssignmentRules: true }))).toBe(ids['liam.brooks']);
    expect(await ownerOf(await createLead(admin(), { useAssignmentRules: false }))).toBe(ids.admin);
    expect(await ownerOf(await createLead(admin(), {}))).toBe(ids['liam.brooks']);
    const bad = await admin()('POST', '/crm/leads', { lastName: 'Flag', useAssignmentRules: 'yes' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.errors).toHaveProperty('useAssignmentRules');
  });

  it('applies to a create made with an API key, and does not leak: the rep who created the lead no longer sees it', async () => {
    await entry({ target: 'user', targetId: ids['noah.king']!, conditions: { and: [{ field: 'leadSource', op: 'eq', value: 'web' }] } });
    const key = (await olivia()('POST', '/system/user/profile/apikey', { name: 'Web form', expiresInDays: 30 })).body.data as CreatedApiKey;
    const withKey = caller(ctx.app, key.key);
    const lead = await createLead(withKey, { lastName: 'Keyed', leadSource: 'web' });
    expect(await ownerOf(lead)).toBe(ids['noah.king']);
    // Olivia's scope is her own records: the lead went to Noah, so neither her list nor a read shows it.
    expect((await olivia()('GET', `/crm/leads/${lead}`)).body.code).not.toBe(200);
    expect(await listIds(olivia(), withFilter('/crm/leads/list', { and: [{ field: 'lastName', op: 'eq', value: 'Keyed' }] }))).toEqual({ total: 0, ids: [] });
    expect((await listIds(ctx.as['noah.king'], withFilter('/crm/leads/list', { and: [{ field: 'lastName', op: 'eq', value: 'Keyed' }] }))).ids).toEqual([lead]);
    expect((await ctx.as['noah.king']('GET', `/crm/leads/${lead}`)).body.code).toBe(200);
  });

  it('import: rows are assigned in bulk, in turn, when no owner is chosen; an owner chosen keeps them', async () => {
    await entry({ target: 'dept', targetId: west, conditions: { and: [{ field: 'company', op: 'eq', value: 'West Import' }] } });
    const up = await uploaded(ctx.app, ctx.tokens['olivia.park'], 'leads', [['Last Name', 'Company'], ['A', 'West Import'], ['B', 'West Import'], ['C', 'Elsewhere'], ['D', 'West Import']]);
    const state = await run(ctx.app, olivia(), 'leads', up, { timezoneOffset: 0 });
    expect(state.result).toMatchObject({ created: 4 });
    const rows = await rowsOf<{ last_name: string; owner_id: unknown; dept_id: unknown }>(db(), sql`select last_name, owner_id, dept_id from crm_lead where last_name in ('A', 'B', 'C', 'D') and company in ('West Import', 'Elsewhere') order by last_name`);
    const [a, b] = [ids['liam.brooks']!, ids['noah.king']!].sort((x, y) => x - y);
    expect(rows.map((r) => Number(r.owner_id))).toEqual([a, b, ids['olivia.park'], a]);
    expect(Number(rows[0]!.dept_id)).toBe(west);
    const kept = await uploaded(ctx.app, ctx.tokens.admin, 'leads', [['Last Name', 'Company'], ['E', 'West Import']]);
    await run(ctx.app, admin(), 'leads', kept, { timezoneOffset: 0, ownerId: ids['olivia.park'] });
    expect(Number((await rowsOf<{ owner_id: unknown }>(db(), sql`select owner_id from crm_lead where last_name = 'E' and company = 'West Import'`))[0]!.owner_id)).toBe(ids['olivia.park']);
  });

  it('keeps an ordered list administrators alone edit; bad entries refused, translated, nothing written', async () => {
    const first = await entry({ name: 'First', target: 'user', targetId: ids['noah.king']! });
    const second = await entry({ name: 'Second', target: 'role', targetId: salesRep });
    let list = (await admin()('GET', '/setup/leads/assignmentRules')).body.data as AssignmentRule[];
    expect(list.map((r) => [r.name, r.position, r.targetName])).toEqual([['First', 1, 'Noah King'], ['Second', 2, 'Sales Representative']]);
    expect((await admin()('PUT', '/setup/leads/assignmentRules/order', { ids: [second, first] })).body.code).toBe(200);
    list = (await admin()('GET', '/setup/leads/assignmentRules')).body.data as AssignmentRule[];
    expect(list.map((r) => r.name)).toEqual(['Second', 'First']);
    expect((await admin()('PUT', '/setup/leads/assignmentRules/order', { ids: [second] })).body.code).toBe(400);
    const unknown = await admin()('POST', '/setup/leads/assignmentRules', { name: 'Ghost', target: 'user', targetId: 999999 }, { 'accept-language': 'zh' });
    expect(unknown.body).toMatchObject({ code: 400, msg: '用户、部门或角色不存在（或用户已停用）' });
    const badField = await admin()('POST', '/setup/leads/assignmentRules', { name: 'Bad', target: 'user', targetId: ids['noah.king'], conditions: { and: [{ field: 'nope', op: 'eq', value: 1 }] } });
    expect(badField.body.code).toBe(400);
    expect((await admin()('GET', '/setup/leads/assignmentRules')).body.data).toHaveLength(2);
    expect((await olivia()('GET', '/setup/leads/assignmentRules')).status).toBe(403);
    expect((await olivia()('POST', '/setup/leads/assignmentRules', { name: 'X', target: 'user', targetId: ids['noah.king'] })).status).toBe(403);
    expect((await admin()('GET', '/setup/task/assignmentRules')).body.code).toBe(400);
    expect((await admin()('DELETE', `/setup/leads/assignmentRules/${first}`)).body.code).toBe(200);
    expect((await admin()('GET', `/setup/leads/assignmentRules/${first}`)).body.code).toBe(404);
  });

  it('the workflow action "assign by the assignment rules" re-runs them on the record', async () => {
    const lead = await createLead(olivia(), { company: 'Later Co' });
    expect(await ownerOf(lead)).toBe(ids['olivia.park']);
    await entry({ target: 'user', targetId: ids['liam.brooks']!, conditions: { and: [{ field: 'rating', op: 'eq', value: 'hot' }] } });
    const rule = await admin()('POST', '/setup/leads/workflowRules', { name: 'Reassign hot', trigger: { kind: 'fieldChanged', field: 'rating', value: 'hot' }, actions: [{ kind: 'assign' }] });
    expect(rule.body.code, rule.body.msg).toBe(200);
    const version = Number((await rowsOf<{ version: unknown }>(db(), sql`select version from crm_lead where id = ${lead}`))[0]!.version);
    expect((await olivia()('PUT', '/crm/leads', { id: lead, version, rating: 'hot' })).body.code).toBe(200);
    await ctx.app.automation.drain();
    await ctx.app.automation.drain();
    expect(await ownerOf(lead)).toBe(ids['liam.brooks']);
    expect(await deptOf(lead)).toBe(west);
  });

  it('the workflow action "send an e-mail template" queues the mail through the e-mail job: in the outbox once, on the timeline', async () => {
    const template = await admin()('POST', '/crm/email/template', { name: 'Welcome rule', subject: 'Welcome {{lead.lastName}}', body: '<p>Hello from the rule</p>', language: 'en', shared: true });
    expect(template.body.code, template.body.msg).toBe(200);
    const templateId = template.body.data as number;
    const rule = await admin()('POST', '/setup/leads/workflowRules', {
      name: 'Welcome mail',
      trigger: { kind: 'created' },
      conditions: { and: [{ field: 'company', op: 'eq', value: 'Mail Co' }] },
      actions: [{ kind: 'sendEmail', templateId, to: 'record' }, { kind: 'sendEmail', templateId, to: 'owner' }],
    });
    expect(rule.body.code, rule.body.msg).toBe(200);
    const lead = await createLead(olivia(), { lastName: 'Rulemail', company: 'Mail Co', email: 'rulemail@mail.example' });
    await ctx.app.automation.drain();
    await ctx.app.automation.drain();
    await ctx.app.jobs.drain();
    const runs = await admin()('GET', `/setup/automation/runs?recordId=${lead}&pageSize=10`);
    expect(runs.body.rows, JSON.stringify(runs.body.rows)).toMatchObject([{ status: 'done' }]);
    const mails = await rowsOf<{ status: string; to_addresses: string[]; subject: string }>(db(), sql`select status, to_addresses, subject from crm_email where record_id = ${lead} and module = 'leads' order by id`);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.status)).toEqual(['sent', 'sent']);
    expect(mails[0]!.subject).toBe('Welcome Rulemail');
    expect(mails[0]!.to_addresses.join()).toContain('rulemail@mail.example');
    expect(mails[1]!.to_addresses.join()).toContain('olivia.park@example.com');
    const outbox = (await admin()('GET', '/crm/email/outbox')).body.data as Array<{ subject: string; to: string }>;
    expect(outbox.filter((m) => m.subject === 'Welcome Rulemail')).toHaveLength(2);
    const timeline = (await olivia()('GET', `/crm/leads/${lead}/timeline?kinds=email`)).body.rows as unknown[];
    expect(timeline).toHaveLength(2);
    // Refused at save: a template the saving user cannot use; "the record's address" on an opportunity.
    const noTemplate = await admin()('POST', '/setup/leads/workflowRules', { name: 'X', trigger: { kind: 'created' }, actions: [{ kind: 'sendEmail', templateId: 999999, to: 'record' }] });
    expect(noTemplate.body.code).toBe(400);
    const noAddress = await admin()('POST', '/setup/opportunity/workflowRules', { name: 'X', trigger: { kind: 'created' }, actions: [{ kind: 'sendEmail', templateId, to: 'record' }] });
    expect(noAddress.body.code).toBe(400);
  });
});
