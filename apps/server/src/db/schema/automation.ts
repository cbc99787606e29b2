import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { RecordEventChange, WorkflowAction, WorkflowTrigger } from '@orbit/shared/contract/automation';
import type { FilterNode } from '@orbit/shared/crm/filter';
import { ts } from './columns';

/**
 * The transactional outbox (docs/decisions.md, "Automation"): one row per record and write, inserted
 * by the records engine in the transaction of the write itself, so an event exists exactly when its
 * change committed. The automation worker fans each one out (to workflow runs and webhook
 * deliveries) once, in the transaction that marks it `done`.
 */
export const crmRecordEvent = pgTable(
  'crm_record_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    module: text('module').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    /** created, updated, deleted, restored, converted, stageChanged (RECORD_EVENT_KINDS). */
    kind: text('kind').notNull(),
    changed: jsonb('changed').$type<RecordEventChange[]>().notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** 0 for a person's change; n + 1 for a change a rule made while handling an event of depth n. */
    depth: integer('depth').notNull().default(0),
    /** The rule whose action made the change (depth > 0). */
    ruleId: bigint('rule_id', { mode: 'number' }),
    done: boolean('done').notNull().default(false),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('crm_record_event_pending_idx').on(t.id).where(sql`not ${t.done}`), index('crm_record_event_record_idx').on(t.module, t.recordId)],
);

/** Workflow rules of a module (Set-up › module › Automation). */
export const crmWorkflowRule = pgTable(
  'crm_workflow_rule',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    module: text('module').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    trigger: jsonb('trigger').$type<WorkflowTrigger>().notNull(),
    conditions: jsonb('conditions').$type<FilterNode | null>(),
    actions: jsonb('actions').$type<WorkflowAction[]>().notNull(),
    /** Whether the changes this rule's actions make may trigger rules again (else they trigger none). */
    retrigger: boolean('retrigger').notNull().default(false),
    /** Who last saved it: the rule's actions act as this user (their permissions and data scope). */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time'),
  },
  (t) => [index('crm_workflow_rule_module_idx').on(t.module, t.active)],
);

/**
 * A rule's run for one event (or one date reached): unique per (event, rule), so an event fanned
 * out twice cannot run a rule twice. queued → running → done | failed; `loop` when the event's depth
 * was over the limit (logged, nothing run). A date trigger's run has `due_key` (the date reached) in
 * place of an event.
 */
export const crmWorkflowRun = pgTable(
  'crm_workflow_run',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }),
    dueKey: text('due_key'),
    ruleId: bigint('rule_id', { mode: 'number' }).notNull(),
    module: text('module').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    depth: integer('depth').notNull().default(0),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedAt: ts('locked_at'),
    error: text('error'),
    createTime: ts('create_time').notNull().defaultNow(),
    finishTime: ts('finish_time'),
  },
  (t) => [
    uniqueIndex('crm_workflow_run_event_uq').on(t.eventId, t.ruleId).where(sql`${t.eventId} is not null`),
    uniqueIndex('crm_workflow_run_due_uq').on(t.ruleId, t.recordId, t.dueKey).where(sql`${t.dueKey} is not null`),
    index('crm_workflow_run_pending_idx').on(t.nextAt).where(sql`${t.status} in ('queued', 'running')`),
    index('crm_workflow_run_record_idx').on(t.module, t.recordId),
    index('crm_workflow_run_rule_idx').on(t.ruleId, t.id),
  ],
);

/**
 * Each action of a run: written `done` in the transaction of the action's own writes, so a retried
 * run (its process killed) never repeats an action done (the unique key).
 */
export const crmWorkflowActionRun = pgTable(
  'crm_workflow_action_run',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    actionIndex: integer('action_index').notNull(),
    kind: text('kind').notNull(),
    /** done, retrying, failed. */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('crm_workflow_action_run_uq').on(t.runId, t.actionIndex)],
);

/** A URL subscribed to a module's record events (System › Webhooks). */
export const sysWebhook = pgTable('sys_webhook', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  module: text('module').notNull(),
  events: jsonb('events').$type<string[]>().notNull(),
  active: boolean('active').notNull().default(true),
  /** The signing secret, encrypted with the server's key (webhookSecret.ts): shown once, never answered again. */
  secret: text('secret').notNull(),
  /** Whose view of the record the body carries (the administrator who saved it). */
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time'),
});

/** One delivery of one body to one webhook, retried with back-off; its attempts' last status code kept. */
export const sysWebhookDelivery = pgTable(
  'sys_webhook_delivery',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    webhookId: bigint('webhook_id', { mode: 'number' }).notNull(),
    eventId: bigint('event_id', { mode: 'number' }),
    /** The workflow action that queued it (callWebhook), else null. */
    actionRunId: bigint('action_run_id', { mode: 'number' }),
    event: text('event').notNull(),
    /** The exact bytes signed and sent, so that every retry sends the same. */
    body: text('body').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedAt: ts('locked_at'),
    statusCode: integer('status_code'),
    error: text('error'),
    createTime: ts('create_time').notNull().defaultNow(),
    finishTime: ts('finish_time'),
  },
  (t) => [
    uniqueIndex('sys_webhook_delivery_event_uq').on(t.webhookId, t.eventId).where(sql`${t.eventId} is not null`),
    index('sys_webhook_delivery_pending_idx').on(t.nextAt).where(sql`${t.status} in ('queued', 'running')`),
    index('sys_webhook_delivery_hook_idx').on(t.webhookId, t.id),
  ],
);

/**
 * Assignment rules of a module (Set-up › Leads › Assignment): ordered by `position`; the first
 * active entry whose conditions a new record meets gives its owner. `next_slot` is the round-robin
 * pointer of a department or role target, advanced by `UPDATE … RETURNING` in the create's
 * transaction (the row lock makes concurrent creates take distinct slots; a rolled-back create
 * gives its slot back).
 */
export const crmAssignmentRule = pgTable(
  'crm_assignment_rule',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    module: text('module').notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    conditions: jsonb('conditions').$type<FilterNode | null>(),
    /** user, dept or role (ASSIGNMENT_TARGETS). */
    target: text('target').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    nextSlot: bigint('next_slot', { mode: 'number' }).notNull().default(0),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time'),
  },
  (t) => [index('crm_assignment_rule_module_idx').on(t.module, t.position)],
);
