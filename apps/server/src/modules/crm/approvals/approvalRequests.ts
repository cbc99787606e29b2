import { sql } from 'drizzle-orm';
import type { ApprovalBox, ApprovalEvent, ApprovalProcess, ApprovalRequest, RecordApproval } from '@orbit/shared/crm/approvals';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Db, Executor } from '../../../db/client';
import { badRequest, fieldError, forbidden, notFound } from '../../../lib/errors';
import { meetingEntry } from '../engine/approvals/approvalGuard';
import { approvalProcessesOf, toApprovalProcess } from '../engine/approvals/approvalProcessRows';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { nameExpression } from '../engine/query/recordName';
import { readScope } from '../engine/query/recordAccess';
import { rowsOf, tableOf } from '../engine/query/sql';
import { assertChangeable, lockAll, moduleRecordsOf, recordNotFound, type Caller } from '../engine/records/moduleRecords';
import { updateRecordIn } from '../engine/records/updateRecord';
import { notifyApproval } from './approvalNotices';
import { approversOf } from './approvers';

type Row = Record<string, unknown>;
const requestNotFound = () => notFound('approval.requestNotFound');
const iso = (v: unknown) => (v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());
const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : String(v ?? '').replace(/[{}]/g, '').split(',').filter(Boolean).map(Number));
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** Requests with what a list shows of them: the process, the step count, who decides, who submitted. */
const REQUEST_SELECT = sql`select r.*, coalesce(p.name, '') as process_name, coalesce(jsonb_array_length(p.steps), 0) as step_count,
  (select coalesce(jsonb_agg(u.nick_name order by u.user_id), '[]'::jsonb) from sys_user u where u.user_id = any(r.approver_ids)) as approver_names,
  s.nick_name as submitted_by_name
  from crm_approval_request r left join crm_approval_process p on p.id = r.process_id left join sys_user s on s.user_id = r.submitted_by`;

function toRequest(row: Row, recordName: string | null): ApprovalRequest {
  const names = typeof row.approver_names === 'string' ? (JSON.parse(row.approver_names) as unknown) : row.approver_names;
  return {
    id: Number(row.id),
    processId: Number(row.process_id),
    processName: String(row.process_name),
    module: row.module as CrmModule,
    recordId: Number(row.record_id),
    recordName,
    status: row.status as ApprovalRequest['status'],
    step: Number(row.step),
    stepCount: Number(row.step_count),
    approverIds: ids(row.approver_ids),
    approverNames: texts(names),
    submittedBy: Number(row.submitted_by),
    submittedByName: row.submitted_by_name === null ? null : String(row.submitted_by_name),
    submittedAt: iso(row.submitted_at)!,
    decidedAt: iso(row.decided_at),
    comment: (row.comment as string | null) ?? null,
  };
}

/**
 * Submitting records for approval, deciding and recalling (docs/records-engine.md, "Approval
 * processes"). Every change is one transaction: the request, its trail on the record's timeline,
 * the final actions (through the engine's update, so checked and recorded like any other) and the
 * notices in the bell.
 */
export function approvalRequests(db: Db, meta: MetadataStore) {
  /** Names of records the caller may read, by id (others are left out: data scope). */
  async function namesOf(tx: Executor, caller: Caller, module: CrmModule, recordIds: number[]): Promise<Map<number, string>> {
    if (!recordIds.length) return new Map();
    const def = meta.module(module);
    const scope = readScope(caller.user, module);
    const rows = await rowsOf<{ id: unknown; name: unknown }>(
      tx,
      sql`select id, ${nameExpression(def)} as name from ${tableOf(def.table)} where deleted_at is null and id in ${recordIds}${scope ? sql` and ${scope}` : sql``}`,
    );
    return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
  }

  const event = (tx: Executor, req: { id: number; module: string; recordId: number }, what: ApprovalEvent, step: number, userId: number, comment: string | null) =>
    tx.execute(sql`insert into crm_approval_event (request_id, module, record_id, event, step, user_id, comment)
                   values (${req.id}, ${req.module}, ${req.recordId}, ${what}, ${step}, ${userId}, ${comment || null})`);

  async function processOf(tx: Executor, id: number): Promise<ApprovalProcess> {
    const [row] = await rowsOf(tx, sql`select * from crm_approval_process where id = ${id}`);
    if (!row) throw notFound('approval.notFound');
    return toApprovalProcess(row);
  }

  async function ownerOf(tx: Executor, module: CrmModule, id: number): Promise<{ ownerId: number | null; version: number }> {
    const [row] = await rowsOf<{ owner_id: unknown; version: unknown }>(tx, sql`select owner_id, version from ${tableOf(meta.module(module).table)} where id = ${id}`);
    return { ownerId: row?.owner_id === null || row?.owner_id === undefined ? null : Number(row.owner_id), version: Number(row?.version ?? 0) };
  }

  /** The process's final actions on the record, as the engine's update (values checked, history written) past the process's own guard. */
  async function finalActions(tx: Executor, caller: Caller, module: CrmModule, recordId: number, actions: ApprovalProcess['onApprove']): Promise<void> {
    if (!actions.length) return;
    const { version } = await ownerOf(tx, module, recordId);
    // The approver need not be able to edit the record: the process, set up by an administrator, makes the change.
    const acting: Caller = { user: { ...caller.user, isAdmin: true }, lang: caller.lang, approvalGranted: true };
    const body = Object.fromEntries(actions.map((a) => [a.field, a.value]));
    await updateRecordIn(moduleRecordsOf(db, module), tx, acting, { id: recordId, version, ...body });
  }

  /** A pending request locked for the rest of the transaction, on a record the caller may read (else not found). */
  async function lockPending(tx: Executor, caller: Caller, requestId: number) {
    const [row] = await rowsOf(tx, sql`select * from crm_approval_request where id = ${requestId} for update`);
    if (!row) throw requestNotFound();
    const req = { id: Number(row.id), module: row.module as CrmModule, recordId: Number(row.record_id), processId: Number(row.process_id), step: Number(row.step) };
    const names = await namesOf(tx, caller, req.module, [req.recordId]);
    if (!names.has(req.recordId)) throw requestNotFound();
    if (row.status !== 'pending') throw badRequest('approval.notPending');
    return { ...req, approverIds: ids(row.approver_ids), submittedBy: Number(row.submitted_by), recordName: names.get(req.recordId)! };
  }

  return {
    /** A record's approval state for its page: the pending request, what the caller may do, the processes it may be submitted to. */
    async recordApproval(caller: Caller, module: CrmModule, recordId: number): Promise<RecordApproval> {
      const names = await namesOf(db, caller, module, [recordId]);
      if (!names.has(recordId)) throw recordNotFound();
      const [row] = await rowsOf(db, sql`${REQUEST_SELECT} where r.module = ${module} and r.record_id = ${recordId} and r.status = 'pending'`);
      const pending = row ? toRequest(row, names.get(recordId)!) : null;
      const def = meta.module(module);
      const processes = [];
      if (!pending) {
        for (const p of await approvalProcessesOf(db, module, true)) {
          if ((await meetingEntry(db, def, p, [recordId], caller.lang)).length) processes.push({ id: p.id, name: p.name });
        }
      }
      return {
        pending,
        canDecide: !!pending && pending.approverIds.includes(caller.user.userId),
        canRecall: !!pending && pending.submittedBy === caller.user.userId,
        processes,
      };
    },

    /**
     * Submits a record the caller may change to a process (the one named, else the first active one
     * whose entry conditions it meets): the first step's approvers are resolved and told, the record
     * is locked from then on.
     */
    async submit(caller: Caller, module: CrmModule, recordId: number, processId?: number): Promise<number> {
      const m = moduleRecordsOf(db, module);
      return db.transaction(async (tx) => {
        // The write lock: the caller's change scope, and refused when a request is already pending.
        const [record] = await lockAll(m, tx, caller.user, [recordId]).catch((error: unknown) => {
          if (error instanceof Error && error.message === 'approval.recordLocked') throw badRequest('approval.alreadyPending');
          throw error;
        });
        assertChangeable(m, record!);
        const active = await approvalProcessesOf(tx, module, true);
        const candidates = processId === undefined ? active : active.filter((p) => p.id === processId);
        if (processId !== undefined && !candidates.length) throw notFound('approval.notFound');
        let process: ApprovalProcess | undefined;
        for (const p of candidates) {
          if ((await meetingEntry(tx, m.def(), p, [recordId], caller.lang)).length) {
            process = p;
            break;
          }
        }
        if (!process) throw processId === undefined ? badRequest('approval.noProcess') : badRequest('approval.conditionsNotMet', { process: candidates[0]!.name });
        const owner = record!.ownerId === null || record!.ownerId === undefined ? null : Number(record!.ownerId);
        const approvers = await approversOf(tx, process.steps[0]!, owner);
        if (!approvers.length) throw badRequest('approval.noApprover', { step: 1 });
        const [row] = await rowsOf<{ id: unknown }>(
          tx,
          sql`insert into crm_approval_request (process_id, module, record_id, status, step, approver_ids, submitted_by)
              values (${process.id}, ${module}, ${recordId}, 'pending', 0, ${sql`array[${sql.join(approvers.map((a) => sql`${a}`), sql`, `)}]::bigint[]`}, ${caller.user.userId}) returning id`,
        );
        const req = { id: Number(row!.id), module, recordId };
        await event(tx, req, 'submitted', 0, caller.user.userId, null);
        const [name] = (await namesOf(tx, { ...caller, user: { ...caller.user, isAdmin: true } }, module, [recordId])).values();
        if (process.notify) await notifyApproval(tx, caller.lang, 'approval.noticeSubmitted', { userIds: approvers, by: caller.user }, { module, id: recordId, name: name ?? '' }, null);
        return req.id;
      });
    },

    /**
     * An approver of the current step approves (the next step starts, or the last one runs the
     * final actions on approval) or rejects with a reason (the final actions on rejection).
     */
    async decide(caller: Caller, requestId: number, decision: 'approved' | 'rejected', comment: string): Promise<void> {
      await db.transaction(async (tx) => {
        const req = await lockPending(tx, caller, requestId);
        if (!req.approverIds.includes(caller.user.userId)) throw forbidden('approval.notApprover');
        if (decision === 'rejected' && !comment) throw fieldError('comment', 'approval.commentRequired');
        const process = await processOf(tx, req.processId);
        await event(tx, req, decision, req.step, caller.user.userId, comment);
        const record = { module: req.module, id: req.recordId, name: req.recordName };
        const next = req.step + 1;
        if (decision === 'approved' && next < process.steps.length) {
          const approvers = await approversOf(tx, process.steps[next]!, (await ownerOf(tx, req.module, req.recordId)).ownerId);
          if (!approvers.length) throw badRequest('approval.noApprover', { step: next + 1 });
          await tx.execute(sql`update crm_approval_request set step = ${next}, approver_ids = ${sql`array[${sql.join(approvers.map((a) => sql`${a}`), sql`, `)}]::bigint[]`} where id = ${req.id}`);
          if (process.notify) await notifyApproval(tx, caller.lang, 'approval.noticeSubmitted', { userIds: approvers, by: caller.user }, record, comment);
          return;
        }
        await tx.execute(sql`update crm_approval_request set status = ${decision}, decided_at = now(), comment = ${comment || null} where id = ${req.id}`);
        await finalActions(tx, caller, req.module, req.recordId, decision === 'approved' ? process.onApprove : process.onReject);
        const key = decision === 'approved' ? 'approval.noticeApproved' : 'approval.noticeRejected';
        if (process.notify) await notifyApproval(tx, caller.lang, key, { userIds: [req.submittedBy].filter((u) => u !== caller.user.userId), by: caller.user }, record, comment);
      });
    },

    /** The submitter takes a pending request back: the record is unlocked, nothing else changes. */
    async recall(caller: Caller, requestId: number, comment: string): Promise<void> {
      await db.transaction(async (tx) => {
        const req = await lockPending(tx, caller, requestId);
        if (req.submittedBy !== caller.user.userId) throw forbidden('approval.notSubmitter');
        await tx.execute(sql`update crm_approval_request set status = 'recalled', decided_at = now(), comment = ${comment || null} where id = ${req.id}`);
        await event(tx, req, 'recalled', req.step, caller.user.userId, comment);
      });
    },

    /** My approvals: requests awaiting the caller's decision, or those the caller submitted (newest first), on records they may read. */
    async box(caller: Caller, box: ApprovalBox): Promise<ApprovalRequest[]> {
      const where =
        box === 'mine'
          ? sql`r.status = 'pending' and ${caller.user.userId}::bigint = any(r.approver_ids)`
          : sql`r.submitted_by = ${caller.user.userId}`;
      const rows = await rowsOf(db, sql`${REQUEST_SELECT} where ${where} order by r.submitted_at desc, r.id desc limit 200`);
      const byModule = new Map<CrmModule, number[]>();
      for (const row of rows) byModule.set(row.module as CrmModule, [...(byModule.get(row.module as CrmModule) ?? []), Number(row.record_id)]);
      const names = new Map<string, string>();
      for (const [module, recordIds] of byModule) for (const [id, name] of await namesOf(db, caller, module, recordIds)) names.set(`${module}:${id}`, name);
      return rows.filter((row) => names.has(`${String(row.module)}:${Number(row.record_id)}`)).map((row) => toRequest(row, names.get(`${String(row.module)}:${Number(row.record_id)}`)!));
    },
  };
}
