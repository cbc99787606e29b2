import { z } from 'zod';
import { id } from './common';
import type { CrmRecord, LookupLabels } from './crm';

/**
 * The navbar's task reminders (docs/records-engine.md, "Tasks"): the signed-in user's open tasks
 * whose reminder time has come, newest reminder first, at most `TASK_REMINDERS_SHOWN`.
 */
export const TASK_REMINDERS_SHOWN = 50;

/** A due reminder: the task's subject, related record, due date and reminder time, and whether its assignee has read it. */
export type TaskReminder = CrmRecord & { read: boolean };

/** `total`: due reminders not dismissed; `unread`: those not read yet (the bell's count). */
export type TaskRemindersAnswer = { code: number; msg: string; total: number; unread: number; rows: TaskReminder[]; lookups: LookupLabels };

/** Mark some reminders (by task id) or all the caller's due ones as read, or dismiss them. */
export const taskRemindersBody = z.union([
  z.strictObject({ ids: z.array(id).min(1, { error: 'validation.selectRecord' }).max(500) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type TaskRemindersBody = z.infer<typeof taskRemindersBody>;
