import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApprovalProcess, ApprovalRequest, RecordApproval } from '@orbit/shared/crm/approvals';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, userIds } from '../helpers/adminApi';
import { createLead, getRecord } from '../helpers/crmApi';
import { run, uploaded } from '../helpers/importApi';

type Call = ReturnType<typeof caller>;

/**
 * Approval processes (issue 34, docs/records-engine.md "Approval processes"): entry conditions in the
 * list filters' grammar, the guarded write refused and offered for approval, the record locked on
 * every write path while pending, approve / reject / recall with their final actions in one
 * transaction, who may decide, the trail on the timeline and the notices in the bell.
 */
describe('approval processes', () => {
  let app: TestApp;
  let admin: Call;
  let emma: Call;
  let olivia: Call;
  let noah: Call;
  let ids: Record<string, number>;
  const zh = { 'accept-language': 'zh' };

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    emma = caller(app, await loginAs(app, 'emma.stone'));
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    noah = caller(app, await loginAs(app, 'noah.king'));
    ids = await userIds(admin);
    const account = await olivia('POST', '/crm/account', { name: 'Approvix Holdings' });
    accountId = account.body.data as number;
  });
  afterAll(() => app.teardown());

  let accountId: number;
  const createOpportunity = async (call: Call, name: string, amount: number, stage = 'prospecting') => {
    const res = await call('POST', '/crm/opportunity', { name, amount, stage, accountId, closeDate: '2026-12-31' });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    return res.body.data as number;
  };
  const approvalOf = async (call: Call, module: string, id: number) => (await call('GET', `/crm/${module}/${id}/approval`)).body.data as RecordApproval;
  const submit = (call: Call, module: string, id: number, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    call('POST', `/crm/${module}/${id}/approval`, body, headers);
  const rowsOf = async (query: ReturnType<typeof sql>) => ((await app.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const requestsOf = async (module: string, id: number) =>
    (await rowsOf(sql`select status, step, comment from crm_approval_request where module = ${module} and record_id = ${id} order by id`));
  const eventsOf = async (module: string, id: number) =>
    await rowsOf(sql`select event, comment from crm_approval_event where module = ${module} and record_id = ${id} order by id`);

  describe('the seeded process: opportunities over 100,000 need the sales manager before Closed Won', () => {
    it('is seeded and listed in Set-up', async () => {
      const res = await admin('GET', '/setup/opportunity/approvalProcesses');
      const seeded = (res.body.data as ApprovalProcess[]).find((p) => p.name === 'Large deal approval');
      expect(seeded).toMatchObject({ whenField: 'stage', whenValue: 'closed_won', steps: [{ kind: 'manager' }], onApprove: [{ field: 'stage', value: 'closed_won' }] });
      expect(seeded!.entryFilter).toEqual({ field: 'amount', op: 'gt', value: 100000 });
    });

    it('refuses moving a large deal to Closed Won with a translated message offering approval; nothing is written', async () => {
      const id = await createOpportunity(olivia, 'Approvix Big', 150_000);
      const before = await getRecord(olivia, 'opportunity', id);
      const refused = await olivia('PUT', '/crm/opportunity', { id, version: before.version, stage: 'closed_won' });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('This change needs approval ("Large deal approval"): submit the record for approval instead');
      expect(refused.body.data).toMatchObject({ approvalProcessId: expect.any(Number), recordIds: [id] });
      const inZh = await olivia('PUT', '/crm/opportunity', { id, version: before.version, stage: 'closed_won' }, zh);
      expect(inZh.body.msg).toBe('此更改需要审批（“Large deal approval”）：请改为提交审批');
      expect(await getRecord(olivia, 'opportunity', id)).toMatchObject({ stage: 'prospecting', version: before.version });
      // The mass update (and so the board's move, the same update) is refused alike.
      const mass = await olivia('POST', '/crm/opportunity/mass/update', { ids: [id], field: 'stage', value: 'closed_won' });
      expect(mass.body).toMatchObject({ code: 400, msg: refused.body.msg });
      expect(await getRecord(olivia, 'opportunity', id)).toMatchObject({ stage: 'prospecting', version: before.version });
    });

    it('refuses creating or importing a large deal straight into Closed Won; the small one and the rest of the import go in', async () => {
      const msg = 'This change needs approval ("Large deal approval"): submit the record for approval instead';
      const created = await olivia('POST', '/crm/opportunity', { name: 'Approvix Born Won', amount: 150_000, stage: 'closed_won', accountId, closeDate: '2026-12-31' });
      expect([created.status, created.body.msg]).toEqual([400, msg]);
      const named = async (name: string) =>
        (await rowsOf(sql`select stage from crm_opportunity where name = ${name} and deleted_at is null`)).map((r) => r.stage);
      expect(await named('Approvix Born Won')).toEqual([]);

      const up = await uploaded(app, await loginAs(app, 'olivia.park'), 'opportunity', [
        ['Opportunity Name', 'Account', 'Close Date', 'Stage', 'Amount'],
        ['Approvix Imported Won', 'Approvix Holdings', '2026-12-31', 'Closed Won', 200_000],
        ['Approvix Imported Small', 'Approvix Holdings', '2026-12-31', 'Closed Won', 20_000],
        ['Approvix Imported Open', 'Approvix Holdings', '2026-12-31', 'Prospecting', 300_000],
      ]);
      const state = await run(app, olivia, 'opportunity', up);
      expect(state.result).toEqual({ created: 2, updated: 0, skipped: 0, failed: 1 });
      expect(await named('Approvix Imported Won')).toEqual([]);
      expect(await named('Approvix Imported Small')).toEqual(['closed_won']);
      expect(await named('Approvix Imported Open')).toEqual(['prospecting']);
    });

    it('lets a deal outside the entry conditions close without approval', async () => {
      const id = await createOpportunity(olivia, 'Approvix Small', 50_000);
      const res = await olivia('PUT', '/crm/opportunity', { id, version: 1, stage: 'closed_won' });
      expect(res.body.code).toBe(200);
      expect(await getRecord(olivia, 'opportunity', id)).toMatchObject({ stage: 'closed_won' });
      expect((await approvalOf(olivia, 'opportunity', id)).processes).toEqual([]);
    });

    it('submitted, it is locked; the owner\'s manager approves and the deal is won, with the trail on the timeline and a notice in the bell', async () => {
      const id = await createOpportunity(olivia, 'Approvix Won', 250_000);
      const offered = await approvalOf(olivia, 'opportunity', id);
      expect(offered.processes.map((p) => p.name)).toContain('Large deal approval');
      const submitted = await submit(olivia, 'opportunity', id);
      expect(submitted.body, JSON.stringify(submitted.body)).toMatchObject({ code: 200 });
      const requestId = submitted.body.data.requestId as number;

      const state = await approvalOf(olivia, 'opportunity', id);
      expect(state).toMatchObject({ canDecide: false, canRecall: true, pending: { id: requestId, status: 'pending', approverIds: [ids['emma.stone']], approverNames: ['Emma Stone'] } });
      expect((await olivia('GET', `/crm/opportunity/${id}`)).body.locked).toBe('This record is awaiting approval and cannot be changed until it is approved, rejected or recalled');
      // Twice is refused.
      expect((await submit(olivia, 'opportunity', id)).body.msg).toBe('This record is already awaiting approval');

      const box = (await emma('GET', '/crm/approval?box=mine')).body.data as ApprovalRequest[];
      expect(box.find((r) => r.id === requestId)).toMatchObject({ recordName: 'Approvix Won', processName: 'Large deal approval', submittedByName: 'Olivia Park' });
      expect(((await olivia('GET', '/crm/approval?box=submitted')).body.data as ApprovalRequest[]).map((r) => r.id)).toContain(requestId);
      const told = await rowsOf(sql`select n.notice_title from sys_notice n join sys_notice_user u on u.notice_id = n.notice_id where u.user_id = ${ids['emma.stone']!} order by n.notice_id desc limit 1`);
      expect(told[0]).toMatchObject({ notice_title: 'Olivia Park asks for your approval: Approvix Won' });

      // Only the current step's approvers decide: the submitter and an administrator are refused, someone outside the data scope does not see it.
      expect((await olivia('POST', `/crm/approval/${requestId}/approve`, { comment: '' })).body).toMatchObject({ code: 403, msg: 'Only the approvers of the current step may decide this request' });
      expect((await admin('POST', `/crm/approval/${requestId}/approve`, {})).status).toBe(403);
      expect((await noah('POST', `/crm/approval/${requestId}/approve`, {})).status).toBe(404);
      expect((await emma('POST', `/crm/approval/${requestId}/recall`, {})).body).toMatchObject({ code: 403, msg: 'Only the person who submitted it may recall it' });

      const approved = await emma('POST', `/crm/approval/${requestId}/approve`, { comment: 'Good margin' });
      expect(approved.body, JSON.stringify(approved.body)).toMatchObject({ code: 200 });
      expect(await getRecord(olivia, 'opportunity', id)).toMatchObject({ stage: 'closed_won', version: 2 });
      expect(await requestsOf('opportunity', id)).toEqual([{ status: 'approved', step: 0, comment: 'Good margin' }]);
      expect((await approvalOf(olivia, 'opportunity', id)).pending).toBeNull();

      const timeline = (await olivia('GET', `/crm/opportunity/${id}/timeline?kinds=approval`)).body.rows as Array<{ approval: unknown; authorName: string }>;
      expect(timeline.map((e) => [e.approval, e.authorName])).toEqual([
        [{ event: 'approved', process: 'Large deal approval', comment: 'Good margin' }, 'Emma Stone'],
        [{ event: 'submitted', process: 'Large deal approval', comment: null }, 'Olivia Park'],
      ]);
      const outcome = await rowsOf(sql`select n.notice_title from sys_notice n join sys_notice_user u on u.notice_id = n.notice_id where u.user_id = ${ids['olivia.park']!} order by n.notice_id desc limit 1`);
      expect(outcome[0]).toMatchObject({ notice_title: 'Approved: Approvix Won' });
      // Deciding twice is refused.
      expect((await emma('POST', `/crm/approval/${requestId}/approve`, {})).body.msg).toBe('This request has already been decided or recalled');
    });

    it('rejected with a reason, the deal stays where it was and is unlocked; a rejection without a reason is refused', async () => {
      const id = await createOpportunity(olivia, 'Approvix Rejected', 300_000);
      const requestId = (await submit(olivia, 'opportunity', id)).body.data.requestId as number;
      const bare = await emma('POST', `/crm/approval/${requestId}/reject`, { comment: ' ' }, zh);
      expect(bare.body).toMatchObject({ code: 400, msg: '请填写驳回理由' });
      expect(await requestsOf('opportunity', id)).toEqual([{ status: 'pending', step: 0, comment: null }]);
      expect((await emma('POST', `/crm/approval/${requestId}/reject`, { comment: 'Discount too deep' })).body.code).toBe(200);
      expect(await requestsOf('opportunity', id)).toEqual([{ status: 'rejected', step: 0, comment: 'Discount too deep' }]);
      expect(await getRecord(olivia, 'opportunity', id)).toMatchObject({ stage: 'prospecting', version: 1 });
      expect((await olivia('PUT', '/crm/opportunity', { id, version: 1, nextStep: 'Rework the offer' })).body.code).toBe(200);
    });

    it('the submitter recalls it: unlocked, nothing else changed, recalled on the trail', async () => {
      const id = await createOpportunity(olivia, 'Approvix Recalled', 120_000);
      const requestId = (await submit(olivia, 'opportunity', id)).body.data.requestId as number;
      expect((await olivia('POST', `/crm/approval/${requestId}/recall`, { comment: 'Wrong amount' })).body.code).toBe(200);
      expect(await eventsOf('opportunity', id)).toEqual([{ event: 'submitted', comment: null }, { event: 'recalled', comment: 'Wrong amount' }]);
      expect((await olivia('PUT', '/crm/opportunity', { id, version: 1, amount: 90_000 })).body.code).toBe(200);
      expect((await emma('GET', '/crm/approval?box=mine')).body.data.map((r: ApprovalRequest) => r.id)).not.toContain(requestId);
    });

    it('a record outside the entry conditions cannot be submitted', async () => {
      const id = await createOpportunity(olivia, 'Approvix Tiny', 10);
      expect((await submit(olivia, 'opportunity', id)).body).toMatchObject({ code: 400, msg: 'No approval process applies to this record' });
      expect(await requestsOf('opportunity', id)).toEqual([]);
    });
  });

  describe('a process of another module: the lock on every write path, final actions in one transaction', () => {
    let processId: number;
    const body = (over: Record<string, unknown> = {}) => ({
      name: 'Lead review',
      entryFilter: { field: 'company', op: 'contains', value: 'Lockix' },
      steps: [{ kind: 'user', id: ids['emma.stone'] }],
      onApprove: [{ field: 'rating', value: 'hot' }],
      onReject: [{ field: 'rating', value: 'cold' }],
      ...over,
    });

    beforeAll(async () => {
      const res = await admin('POST', '/setup/leads/approvalProcesses', body());
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
      processId = (res.body.data as ApprovalProcess).id;
    });

    it('refuses bad processes with a translated message and writes nothing', async () => {
      const count = async () => Number((await rowsOf(sql`select count(*) as n from crm_approval_process`))[0]!.n);
      const before = await count();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ entryFilter: { field: 'nope', op: 'eq', value: 1 } }, 'Unknown field "nope" in the filter'],
        [{ steps: [] }, 'Add at least one approval step'],
        [{ steps: [{ kind: 'user' }] }, 'Choose the user or role who approves this step'],
        [{ steps: [{ kind: 'user', id: 987654 }] }, 'The approver of step 1 does not exist'],
        [{ whenField: 'company', whenValue: 'x' }, 'The "when" field must be a picklist of this module'],
        [{ whenField: 'status', whenValue: 'nope' }, 'Choose a value of Lead Status'],
        [{ onApprove: [{ field: 'createTime', value: null }] }, 'Created cannot be set by an approval'],
        [{ name: ' ' }, 'Please enter a name'],
      ];
      for (const [over, msg] of cases) {
        const res = await admin('POST', '/setup/leads/approvalProcesses', body(over));
        expect([res.status, res.body.msg], JSON.stringify(over)).toEqual([400, msg]);
      }
      expect((await admin('POST', '/setup/leads/approvalProcesses', body({ steps: [] }), zh)).body.msg).toBe('请至少添加一个审批步骤');
      expect(await count()).toBe(before);
    });

    it('Set-up needs its permissions', async () => {
      expect((await olivia('GET', '/setup/leads/approvalProcesses')).status).toBe(403);
      expect((await olivia('POST', '/setup/leads/approvalProcesses', body())).status).toBe(403);
      expect((await emma('DELETE', `/setup/leads/approvalProcesses/${processId}`)).status).toBe(403);
    });

    it('entry conditions decide which records it offers itself to', async () => {
      const inside = await createLead(olivia, { lastName: 'In', company: 'Lockix Ltd' });
      const outside = await createLead(olivia, { lastName: 'Out', company: 'Other Ltd' });
      expect((await approvalOf(olivia, 'leads', inside)).processes).toEqual([{ id: processId, name: 'Lead review' }]);
      expect((await approvalOf(olivia, 'leads', outside)).processes).toEqual([]);
      expect((await submit(olivia, 'leads', outside, { processId })).body.msg).toBe('The record does not meet the entry conditions of "Lead review"');
    });

    it('while pending every write path refuses with the message: update, inline edit, mass update, transfer, delete, merge, import update', async () => {
      const id = await createLead(olivia, { lastName: 'Locked', company: 'Lockix Corp', email: 'locked-approval@example.com' });
      const other = await createLead(olivia, { lastName: 'Locked', company: 'Lockix Twin' });
      expect((await submit(olivia, 'leads', id, { processId })).body.code).toBe(200);
      const msg = 'This record is awaiting approval and cannot be changed until it is approved, rejected or recalled';
      const answers = [
        await olivia('PUT', '/crm/leads', { id, version: 1, company: 'Lockix Changed' }),
        await olivia('PUT', '/crm/leads', { id, version: 1, city: 'Paris' }),
        await olivia('POST', '/crm/leads/mass/update', { ids: [id, other], field: 'city', value: 'Rome' }),
        await olivia('POST', '/crm/leads/mass/transfer', { ids: [id], ownerId: ids['emma.stone'] }),
        await admin('DELETE', `/crm/leads/${id}`),
        await admin('POST', '/crm/leads/merge', { survivorId: other, mergedIds: [id], values: {} }),
      ];
      for (const res of answers) expect([res.status, res.body.msg], JSON.stringify(res.body)).toEqual([400, msg]);
      expect((await olivia('PUT', '/crm/leads', { id, version: 1, city: 'Paris' }, zh)).body.msg).toBe('该记录正在审批中，审批通过、驳回或撤回之前不能修改');

      const up = await uploaded(app, await loginAs(app, 'olivia.park'), 'leads', [['Last Name', 'Email', 'Company'], ['Locked', 'locked-approval@example.com', 'Lockix Imported']]);
      const dry = await olivia('POST', `/crm/leads/import/${up.fileId}/check`, { mapping: up.mapping, duplicateField: 'email', duplicatePolicy: 'update' });
      expect(dry.body.data).toMatchObject({ update: 0, invalid: 1 });
      expect(dry.body.data.errors[0].messages).toEqual([msg]);

      expect(await getRecord(olivia, 'leads', id)).toMatchObject({ company: 'Lockix Corp', city: null, version: 1 });
      expect(await getRecord(olivia, 'leads', other)).toMatchObject({ city: null, version: 1 });
    });

    it('approval runs the final actions in its transaction: a failing action leaves the request pending and nothing written', async () => {
      const id = await createLead(olivia, { lastName: 'Atomic', company: 'Lockix Atomic' });
      const requestId = (await submit(olivia, 'leads', id, { processId })).body.data.requestId as number;
      // The action's value is checked only when it runs: make it one the field refuses.
      await app.db.execute(sql`update crm_approval_process set on_approve = '[{"field":"rating","value":"scorching"}]'::jsonb where id = ${processId}`);
      try {
        const failed = await emma('POST', `/crm/approval/${requestId}/approve`, { comment: 'ok' });
        expect(failed.status).toBe(400);
        expect(await requestsOf('leads', id)).toEqual([{ status: 'pending', step: 0, comment: null }]);
        expect(await eventsOf('leads', id)).toEqual([{ event: 'submitted', comment: null }]);
        expect(await getRecord(olivia, 'leads', id)).toMatchObject({ rating: null, version: 1 });
      } finally {
        await app.db.execute(sql`update crm_approval_process set on_approve = '[{"field":"rating","value":"hot"}]'::jsonb where id = ${processId}`);
      }
      expect((await emma('POST', `/crm/approval/${requestId}/approve`, { comment: 'ok' })).body.code).toBe(200);
      expect(await getRecord(olivia, 'leads', id)).toMatchObject({ rating: 'hot', version: 2 });
    });

    it('rejection runs the final actions on rejection', async () => {
      const id = await createLead(olivia, { lastName: 'Cold', company: 'Lockix Cold' });
      const requestId = (await submit(olivia, 'leads', id, { processId })).body.data.requestId as number;
      expect((await emma('POST', `/crm/approval/${requestId}/reject`, { comment: 'Not now' })).body.code).toBe(200);
      expect(await getRecord(olivia, 'leads', id)).toMatchObject({ rating: 'cold', version: 2 });
    });

    it('two steps: a user, then a role; the second step\'s approvers are told and decide', async () => {
      const roles = (await admin('GET', '/system/role/list?pageSize=50')).body.rows as Array<{ roleId: number; roleKey: string }>;
      const managers = roles.find((r) => r.roleKey === 'sales_manager')!.roleId;
      const res = await admin('PUT', `/setup/leads/approvalProcesses/${processId}`, body({ steps: [{ kind: 'user', id: ids['emma.stone'] }, { kind: 'role', id: managers }] }));
      expect(res.body.code).toBe(200);
      const id = await createLead(olivia, { lastName: 'Two', company: 'Lockix Two' });
      const requestId = (await submit(olivia, 'leads', id, { processId })).body.data.requestId as number;
      expect((await emma('POST', `/crm/approval/${requestId}/approve`, { comment: 'step one' })).body.code).toBe(200);
      const after = await approvalOf(olivia, 'leads', id);
      expect(after.pending).toMatchObject({ step: 1, stepCount: 2, approverIds: [ids['emma.stone'], ids['liam.brooks']].sort((a, b) => a! - b!) });
      expect(await getRecord(olivia, 'leads', id)).toMatchObject({ rating: null });
      expect((await emma('POST', `/crm/approval/${requestId}/approve`, { comment: 'step two' })).body.code).toBe(200);
      expect(await getRecord(olivia, 'leads', id)).toMatchObject({ rating: 'hot' });
      expect(await eventsOf('leads', id)).toEqual([
        { event: 'submitted', comment: null },
        { event: 'approved', comment: 'step one' },
        { event: 'approved', comment: 'step two' },
      ]);
    });

    it('a process with pending requests cannot be removed', async () => {
      const id = await createLead(olivia, { lastName: 'Hold', company: 'Lockix Hold' });
      await submit(olivia, 'leads', id, { processId });
      expect((await admin('DELETE', `/setup/leads/approvalProcesses/${processId}`)).body.msg).toBe('Records are awaiting approval by this process: decide or recall them first');
    });
  });
});
