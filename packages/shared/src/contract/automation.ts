import { z } from 'zod';
import type { FieldValue } from '../crm/fieldValue';
import { boundedFilter, fieldName } from '../crm/filter';
import { CRM_MODULES, type CrmModule } from '../crm/modules';
import { requiredText, stringValue } from '../validation';
import { jsonId } from './common';

/**
 * Workflow rules and webhooks (issue 34; docs/decisions.md, "Automation"). The records engine writes
 * one event per record and write in the write's transaction (the outbox); the automation worker runs
 * the module's matching rules and delivers to its webhooks after the commit, once per event.
 */

/** What happened to a record, as rules and webhooks see it. `stageChanged`: an update that moved its board's stage. */
export const RECORD_EVENT_KINDS = ['created', 'updated', 'deleted', 'restored', 'converted', 'stageChanged'] as const;
export type RecordEventKind = (typeof RECORD_EVENT_KINDS)[number];
export type RecordEventChange = { field: string; oldValue: FieldValue; newValue: FieldValue };

/** A change a rule made (its depth) beyond this stops there: a loop, logged as a run with status `loop`. */
export const WORKFLOW_MAX_DEPTH = 5;
/** Attempts of a failing action (or webhook delivery) before it is shown failed; back-off doubles each time. */
export const AUTOMATION_MAX_ATTEMPTS = 5;
export const WORKFLOW_MAX_ACTIONS = 10;
export const WORKFLOW_NAME_MAX = 80;
export const TASK_SUBJECT_MAX = 200;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_SIGNATURE_HEADER = 'X-Orbit-Signature';
export const WEBHOOK_DELIVERY_HEADER = 'X-Orbit-Delivery';

const days = (min: number, max: number) => z.number().int({ error: 'automation.badDays' }).min(min, { error: 'automation.badDays' }).max(max, { error: 'automation.badDays' });

export const workflowTrigger = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('created') }),
  z.strictObject({ kind: z.literal('updated') }),
  /** A field changed (to `value`, when given: as the list filters' `eq` compares it). */
  z.strictObject({ kind: z.literal('fieldChanged'), field: fieldName, value: z.union([stringValue().max(1000), z.number(), z.boolean()]).optional() }),
  /** A date field's day plus `offsetDays` (negative: before) has come; evaluated by the worker each hour. */
  z.strictObject({ kind: z.literal('dateReached'), field: fieldName, offsetDays: days(-365, 365) }),
]);
export type WorkflowTrigger = z.infer<typeof workflowTrigger>;

/**
 * The actions a rule runs, in order. Another kind (a future "send e-mail template") is one more
 * member here, its message keys, and one handler in the server's workflowActions.ts.
 */
export const workflowAction = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('setFields'), values: z.record(fieldName, z.unknown()).refine((v) => Object.keys(v).length > 0, { error: 'automation.noValues' }) }),
  z.strictObject({
    kind: z.literal('createTask'),
    subject: requiredText(TASK_SUBJECT_MAX),
    /** `recordOwner`: the owner of the record the rule ran on; else the user `userId`. */
    owner: z.enum(['recordOwner', 'user']),
    userId: jsonId.optional(),
    dueInDays: days(0, 365),
  }),
  z.strictObject({ kind: z.literal('notify'), userIds: z.array(jsonId).min(1, { error: 'automation.noUsers' }).max(50), message: requiredText(200) }),
  z.strictObject({ kind: z.literal('callWebhook'), webhookId: jsonId }),
  /** Runs the module's assignment rules on the record again (its owner changes when an entry matches). */
  z.strictObject({ kind: z.literal('assign') }),
  /** Sends an e-mail template through the e-mail queue (logged on the timeline): to the record's own address (a lead, a contact) or its owner. */
  z.strictObject({ kind: z.literal('sendEmail'), templateId: jsonId, to: z.enum(['record', 'owner']) }),
]);
export type WorkflowAction = z.infer<typeof workflowAction>;
export type WorkflowActionKind = WorkflowAction['kind'];

export const workflowRuleBody = z.strictObject({
  name: requiredText(WORKFLOW_NAME_MAX),
  active: z.boolean().default(true),
  trigger: workflowTrigger,
  conditions: boundedFilter.nullish().transform((v) => v ?? null),
  actions: z.array(workflowAction).min(1, { error: 'automation.noActions' }).max(WORKFLOW_MAX_ACTIONS),
  retrigger: z.boolean().default(false),
});
export type WorkflowRuleBody = z.infer<typeof workflowRuleBody>;
export type WorkflowRule = WorkflowRuleBody & { id: number; module: CrmModule; updateTime: string | null };

export const WORKFLOW_RUN_STATUSES = ['queued', 'running', 'done', 'failed', 'loop'] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];
export type WorkflowActionRun = { index: number; kind: string; status: 'done' | 'retrying' | 'failed'; attempts: number; error: string | null };
export type WorkflowRun = {
  id: number;
  ruleId: number;
  ruleName: string;
  module: CrmModule;
  recordId: number;
  status: WorkflowRunStatus;
  attempts: number;
  error: string | null;
  time: string;
  finishTime: string | null;
  actions: WorkflowActionRun[];
};

export const webhookBody = z.strictObject({
  name: requiredText(60),
  url: requiredText(WEBHOOK_URL_MAX),
  module: z.enum(CRM_MODULES),
  /** Empty: the webhook is only called by rules (their callWebhook action). */
  events: z.array(z.enum(RECORD_EVENT_KINDS)).max(RECORD_EVENT_KINDS.length),
  active: z.boolean().default(true),
});
export type WebhookBody = z.infer<typeof webhookBody>;
export const updateWebhookBody = webhookBody.extend({ id: jsonId });
export type Webhook = WebhookBody & { id: number; createTime: string };
/** The answer to a create: the only time the secret is shown. */
export type WebhookCreated = { id: number; secret: string };
export type WebhookDelivery = {
  id: number;
  event: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  statusCode: number | null;
  error: string | null;
  time: string;
  finishTime: string | null;
};
/** What a webhook receives (the body signed). */
export type WebhookPayload = { event: string; module: CrmModule; deliveryId?: number; record: Record<string, unknown> | null; changed: RecordEventChange[]; time: string };

/**
 * Lead assignment rules (issue 34; docs/decisions.md, "Lead assignment rules"): an ordered list per
 * module; the first entry whose conditions a new record meets gives its owner. Only the modules
 * below have them.
 */
export const ASSIGNMENT_MODULES = ['leads'] as const;
export type AssignmentModule = (typeof ASSIGNMENT_MODULES)[number];
export const ASSIGNMENT_RULES_MAX = 50;
/**
 * The create body's key (a body key, never a field) saying whether the rules decide the owner.
 * Absent: they do when the body names no `ownerId` (an owner given explicitly is kept).
 */
export const USE_ASSIGNMENT_RULES_KEY = 'useAssignmentRules';
/** `user`: that user; `dept`: the department's active users in turn; `role`: the role's active users in turn (its queue). */
export const ASSIGNMENT_TARGETS = ['user', 'dept', 'role'] as const;
export type AssignmentTarget = (typeof ASSIGNMENT_TARGETS)[number];

export const assignmentRuleBody = z.strictObject({
  name: requiredText(WORKFLOW_NAME_MAX),
  active: z.boolean().default(true),
  conditions: boundedFilter.nullish().transform((v) => v ?? null),
  target: z.enum(ASSIGNMENT_TARGETS, { error: 'assignment.badTarget' }),
  targetId: jsonId,
});
export type AssignmentRuleBody = z.infer<typeof assignmentRuleBody>;
export type AssignmentRule = AssignmentRuleBody & { id: number; module: AssignmentModule; position: number; targetName: string | null; updateTime: string | null };
/** The new order of a module's entries (every entry's id, first to last). */
export const assignmentOrderBody = z.strictObject({ ids: z.array(jsonId).max(ASSIGNMENT_RULES_MAX) });
