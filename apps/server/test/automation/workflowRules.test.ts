import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { WorkflowRuleBody, WorkflowRun } from '@orbit/shared/contract/automation';
import { createLead, getRecord } from '../helpers/crmApi';
import { signedInApp } from '../helpers/signedInApp';
import { FORBIDDEN_EN } from '../helpers/adminApi';
import { rowsOf } from '../../src/modules/crm/engine/query/sql';

/**
 * Workflow rules (issue 34): run after commit from the outbox, once per change; conditions in the
 * list filters' grammar; a rule's own changes do not trigger rules unless it says so; a loop is
 * stopped and logged; a failing action is retried with back-off and then shown failed; only
 * administrators reach the routes; bad rules are refused, translated, with nothing written.
 */
describe('workflow rules', () => {
  let ctx: Awaited<ReturnType<typeof signedInApp<'admin' | 'olivia.park'>>>;
  const admin = () => ctx.as.admin;
  const olivia = () => ctx.as['olivia.park'];
  const drain = () => ctx.app.automation.drain();
  const db = () => ctx.app.db;

  beforeAll(async () => {
    // No background ticks: each test drains the worker itself. Retries 10 ms apart, doubled.
    ctx = await signedInApp(['admin', 'olivia.park'], { JOB_CONCURRENCY: '0', AUTOMATION_RETRY_MS: '10' });
  });
  afterAll(() => ctx.app.teardown());
  afterEach(async () => {
    await drain();
    await db().execute(sql`delete from crm_workflow_rule`);
  });

  async function rule(body: Partial<WorkflowRuleBody> & Pick<WorkflowRuleBody, 'trigger' | 'actions'>, module = 'leads'): Promise<number> {
    const res = await admin()('POST', `/setup/${module}/workflowRules`, { name: 'Test rule', ...body });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as number;
  }
  async function runs(ruleId: number): Promise<WorkflowRun[]> {
    const res = await admin()('GET', `/setup/automation/runs?ruleId=${ruleId}&pageSize=100`);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.rows as WorkflowRun[];
  }
  const tasks = (subject: string) => rowsOf<{ owner_id: string; due_date: string }>(db(), sql`select owner_id, due_date::text from crm_task where subject = ${subject} and deleted_at is null`);

  it('runs after the commit, once per change: a created trigger makes one task for the record’s owner', async () => {
    const id = await rule({ trigger: { kind: 'created' }, actions: [{ kind: 'createTask', subject: 'Call the new lead', owner: 'recordOwner', dueInDays: 2 }] });
    const lead = await createLead(olivia(), { lastName: 'Once' });
    // Nothing before the worker runs: the rule runs after the commit, not inside the request.
    expect(await tasks('Call the new lead')).toHaveLength(0);
    await drain();
    await drain();
    const made = await tasks('Call the new lead');
    expect(made).toHaveLength(1);
    expect(Number(made[0]!.owner_id)).toBe((await getRecord(olivia(), 'leads', lead)).ownerId);
    const log = await runs(id);
    expect(log).toMatchObject([{ recordId: lead, status: 'done', actions: [{ index: 0, kind: 'createTask', status: 'done', attempts: 1 }] }]);
    // An update is not a creation: no second task.
    const record = await getRecord(olivia(), 'leads', lead);
    await olivia()('PUT', '/crm/leads', { id: lead, version: record.version, company: 'Changed Co' });
    await drain();
    expect(await tasks('Call the new lead')).toHaveLength(1);
  });

  it('respects the conditions, in the list filters’ grammar', async () => {
    const id = await rule({
      trigger: { kind: 'created' },
      conditions: { and: [{ field: 'company', op: 'eq', value: 'Match Ltd' }] },
      actions: [{ kind: 'setFields', values: { rating: 'hot' } }],
    });
    const yes = await createLead(olivia(), { lastName: 'Yes', company: 'Match Ltd' });
    const no = await createLead(olivia(), { lastName: 'No', company: 'Other Ltd' });
    await drain();
    expect((await getRecord(olivia(), 'leads', yes)).rating).toBe('hot');
    expect((await getRecord(olivia(), 'leads', no)).rating).toBeNull();
    expect((await runs(id)).map((r) => r.recordId)).toEqual([yes]);
  });

  it('a field-changed trigger fires on that change only, and its own update does not trigger it again', async () => {
    const id = await rule({
      trigger: { kind: 'fieldChanged', field: 'status', value: 'contacted' },
      actions: [{ kind: 'setFields', values: { title: 'Being worked' } }],
    });
    const updates = await rule({ name: 'Any update', trigger: { kind: 'updated' }, actions: [{ kind: 'setFields', values: { city: 'Updated city' } }] });
    const lead = await createLead(olivia(), { lastName: 'Worked' });
    let record = await getRecord(olivia(), 'leads', lead);
    await olivia()('PUT', '/crm/leads', { id: lead, version: record.version, status: 'contacted' });
    await drain();
    record = await getRecord(olivia(), 'leads', lead);
    expect(record).toMatchObject({ title: 'Being worked', city: 'Updated city' });
    // One person's change: each rule ran once, though each rule's update was itself an update.
    expect(await runs(id)).toHaveLength(1);
    expect(await runs(updates)).toHaveLength(1);
    // The rules' changes are in the history as made by the rule's user, as any change.
    const history = await admin()('GET', `/crm/leads/${lead}/history?pageSize=50`);
    expect(history.body.rows.map((r: { field: string }) => r.field)).toEqual(expect.arrayContaining(['title', 'city', 'status']));
  });

  it('stops a loop of rules that retrigger each other, and logs it', async () => {
    const ping = await rule({ name: 'Ping', retrigger: true, trigger: { kind: 'fieldChanged', field: 'title', value: 'ping' }, actions: [{ kind: 'setFields', values: { title: 'pong' } }] });
    const pong = await rule({ name: 'Pong', retrigger: true, trigger: { kind: 'fieldChanged', field: 'title', value: 'pong' }, actions: [{ kind: 'setFields', values: { title: 'ping' } }] });
    const lead = await createLead(olivia(), { lastName: 'Loop' });
    const record = await getRecord(olivia(), 'leads', lead);
    await olivia()('PUT', '/crm/leads', { id: lead, version: record.version, title: 'ping' });
    await drain();
    const all = [...(await runs(ping)), ...(await runs(pong))];
    const loops = all.filter((r) => r.status === 'loop');
    expect(loops).toHaveLength(1);
    expect(loops[0]!.error).toBe('Stopped: rules changed this record more than 5 times in a row (a loop)');
    // The runs are on the record's timeline, the loop with its reason, for whoever may open the record.
    const timeline = await olivia()('GET', `/crm/leads/${lead}/timeline?kinds=workflow&pageSize=50`);
    expect(timeline.body.code, timeline.body.msg).toBe(200);
    const entries = timeline.body.rows as Array<{ kind: string; workflow: { ruleName: string; status: string; error: string | null } }>;
    expect(entries).toHaveLength(7);
    expect(entries.every((e) => e.kind === 'workflow')).toBe(true);
    expect(entries.find((e) => e.workflow.status === 'loop')!.workflow.error).toBe('Stopped: rules changed this record more than 5 times in a row (a loop)');
    expect(new Set(entries.map((e) => e.workflow.ruleName))).toEqual(new Set(['Ping', 'Pong']));
    // Depth 0 to 5 ran (six runs), the seventh was stopped.
    expect(all.filter((r) => r.status === 'done')).toHaveLength(6);
    const zh = await admin()('GET', `/setup/automation/runs?ruleId=${loops[0]!.ruleId}&status=loop`, undefined, { 'accept-language': 'zh' });
    expect(zh.body.rows[0].error).toBe('已停止：规则连续修改此记录超过 5 次（循环）');
  });

  it('retries a failing action with back-off, then shows it failed; the action before it ran once', async () => {
    const id = await rule({
      trigger: { kind: 'created' },
      actions: [
        { kind: 'createTask', subject: 'Before the failure', owner: 'recordOwner', dueInDays: 0 },
        // Saved (the field exists), refused when it runs: not an e-mail address.
        { kind: 'setFields', values: { email: 'not an address' } },
        { kind: 'createTask', subject: 'After the failure', owner: 'recordOwner', dueInDays: 0 },
      ],
    });
    const lead = await createLead(olivia(), { lastName: 'Fails' });
    await drain();
    const [run] = await runs(id);
    expect(run).toMatchObject({ recordId: lead, status: 'failed', attempts: 5 });
    expect(run!.actions).toMatchObject([
      { index: 0, status: 'done', attempts: 1 },
      { index: 1, status: 'failed', attempts: 5, error: expect.stringMatching(/e-mail|email/i) },
    ]);
    expect(await tasks('Before the failure')).toHaveLength(1);
    expect(await tasks('After the failure')).toHaveLength(0);
  });

  it('a run whose process died after its first action is taken up again without repeating that action', async () => {
    const id = await rule({
      trigger: { kind: 'created' },
      actions: [
        { kind: 'createTask', subject: 'Done before the crash', owner: 'recordOwner', dueInDays: 0 },
        { kind: 'createTask', subject: 'Done after the crash', owner: 'recordOwner', dueInDays: 0 },
      ],
    });
    const lead = await createLead(olivia(), { lastName: 'Crash' });
    // Fan the event out only, then play a process that ran action 0 (its task and its done row, one
    // transaction) and died: the run is left running, its lock going stale.
    const { fanOutEvents } = await import('../../src/modules/crm/automation/fanOut');
    await fanOutEvents(db(), ctx.app.log);
    const [run] = await rowsOf<{ id: string }>(db(), sql`select id from crm_workflow_run where rule_id = ${id}`);
    const runId = Number(run!.id);
    const { runRule } = await import('../../src/modules/crm/automation/ruleRun');
    await db().execute(sql`update crm_workflow_run set status = 'running', attempts = 1, locked_by = 'dead', locked_at = now() where id = ${runId}`);
    // The dead process got as far as action 0: run it alone by giving it a rule of one action for the moment.
    const rules = await db().execute(sql`select actions from crm_workflow_rule where id = ${id}`);
    const actions = (rules as unknown as { rows: Array<{ actions: unknown[] }> }).rows[0]!.actions;
    await db().execute(sql`update crm_workflow_rule set actions = ${JSON.stringify(actions.slice(0, 1))}::jsonb where id = ${id}`);
    await runRule(db(), { id: runId, attempts: 1 }, 'dead', { retryMs: 10, log: ctx.app.log, config: ctx.app.config });
    await db().execute(sql`update crm_workflow_rule set actions = ${JSON.stringify(actions)}::jsonb where id = ${id}`);
    await db().execute(sql`update crm_workflow_run set status = 'running', finish_time = null, locked_by = 'dead', locked_at = now() - interval '1 hour' where id = ${runId}`);
    await drain();
    expect(await tasks('Done before the crash')).toHaveLength(1);
    expect(await tasks('Done after the crash')).toHaveLength(1);
    const [log] = await runs(id);
    expect(log).toMatchObject({ recordId: lead, status: 'done', attempts: 2, actions: [{ index: 0, status: 'done', attempts: 1 }, { index: 1, status: 'done', attempts: 1 }] });
  });

  it('notifies users in the bell', async () => {
    const [olv] = await rowsOf<{ user_id: string }>(db(), sql`select user_id from sys_user where user_name = 'olivia.park'`);
    await rule({ trigger: { kind: 'created' }, conditions: { field: 'company', op: 'eq', value: 'Bell Co' }, actions: [{ kind: 'notify', userIds: [Number(olv!.user_id)], message: 'New Bell lead' }] });
    await createLead(admin(), { lastName: 'Bell', company: 'Bell Co' });
    await drain();
    const bell = await olivia()('GET', '/system/notice/listTop');
    expect(JSON.stringify(bell.body)).toContain('Test rule: New Bell lead');
  });

  it('refuses a bad rule with a translated message and writes nothing', async () => {
    const count = async () => Number((await rowsOf<{ n: string }>(db(), sql`select count(*) as n from crm_workflow_rule`))[0]!.n);
    const before = await count();
    const unknown = await admin()('POST', '/setup/leads/workflowRules', {
      name: 'Bad', trigger: { kind: 'created' }, conditions: { field: 'nope', op: 'eq', value: 1 }, actions: [{ kind: 'setFields', values: { rating: 'hot' } }],
    });
    expect(unknown.body.code).toBe(400);
    expect(unknown.body.msg).toMatch(/nope/);
    const zh = await admin()('POST', '/setup/leads/workflowRules', { name: 'Bad', trigger: { kind: 'dateReached', field: 'company', offsetDays: 1 }, actions: [{ kind: 'setFields', values: { rating: 'hot' } }] }, { 'accept-language': 'zh' });
    expect(zh.body).toMatchObject({ code: 400, msg: '公司不是日期字段' });
    const noActions = await admin()('POST', '/setup/leads/workflowRules', { name: 'Bad', trigger: { kind: 'created' }, actions: [] });
    expect(noActions.body).toMatchObject({ code: 400, msg: 'Please add at least one action' });
    const readOnly = await admin()('POST', '/setup/leads/workflowRules', { name: 'Bad', trigger: { kind: 'created' }, actions: [{ kind: 'setFields', values: { convertedAt: '2030-01-01' } }] });
    expect(readOnly.body).toMatchObject({ code: 400, msg: 'Converted cannot be set by a rule' });
    expect(await count()).toBe(before);
  });

  it('answers 403 to a sales rep on every rule route', async () => {
    const id = await rule({ trigger: { kind: 'created' }, actions: [{ kind: 'setFields', values: { rating: 'hot' } }] });
    const body = { name: 'Mine', trigger: { kind: 'created' }, actions: [{ kind: 'setFields', values: { rating: 'hot' } }] };
    for (const [method, path, payload] of [
      ['GET', '/setup/leads/workflowRules', undefined],
      ['POST', '/setup/leads/workflowRules', body],
      ['PUT', `/setup/leads/workflowRules/${id}`, body],
      ['DELETE', `/setup/leads/workflowRules/${id}`, undefined],
      ['GET', '/setup/automation/runs', undefined],
    ] as const) {
      const res = await olivia()(method, path, payload);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.msg).toBe(FORBIDDEN_EN);
    }
    expect((await admin()('GET', `/setup/leads/workflowRules/${id}`)).body.data.name).toBe('Test rule');
  });
});
