import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, ts } from './columns';

/**
 * An approval process of a module (Set-up › {module} › Approval processes, issue 34): which
 * records it applies to (`entry_filter`, the list filters' grammar), optionally the write it
 * guards (a picklist entering a value), its steps' approvers and its final actions.
 */
export const crmApprovalProcess = pgTable(
  'crm_approval_process',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    module: text('module').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    entryFilter: jsonb('entry_filter'),
    whenField: text('when_field'),
    whenValue: text('when_value'),
    steps: jsonb('steps').notNull().default([]),
    onApprove: jsonb('on_approve').notNull().default([]),
    onReject: jsonb('on_reject').notNull().default([]),
    notify: boolean('notify').notNull().default(true),
    ...auditColumns,
  },
  (t) => [index('crm_approval_process_module_idx').on(t.module, t.active)],
);

/**
 * A record submitted to a process. While `status` is 'pending' the record is locked: every write
 * path refuses it (engine/records/moduleRecords.ts `lockAll`). `approver_ids`: who may decide the
 * current step, resolved when the step starts. At most one pending request per record.
 */
export const crmApprovalRequest = pgTable(
  'crm_approval_request',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    processId: bigint('process_id', { mode: 'number' }).notNull(),
    module: text('module').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    step: integer('step').notNull().default(0),
    approverIds: bigint('approver_ids', { mode: 'number' }).array().notNull(),
    submittedBy: bigint('submitted_by', { mode: 'number' }).notNull(),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    comment: text('comment'),
  },
  (t) => [
    index('crm_approval_request_record_idx').on(t.module, t.recordId, t.status),
    index('crm_approval_request_submitter_idx').on(t.submittedBy, t.status),
    index('crm_approval_request_approvers_idx').using('gin', t.approverIds),
  ],
);

/** The trail of a request on the record's timeline: submitted, approved (per step), rejected, recalled, with the comment. */
export const crmApprovalEvent = pgTable(
  'crm_approval_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    module: text('module').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    event: text('event').notNull(),
    step: integer('step').notNull().default(0),
    userId: bigint('user_id', { mode: 'number' }),
    comment: text('comment'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('crm_approval_event_record_idx').on(t.module, t.recordId, t.createTime)],
);
