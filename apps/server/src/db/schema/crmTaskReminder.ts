import { bigint, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * What the assignee did with a task's reminder (the navbar's bell): read or dismissed, for the
 * reminder time it was shown at. A changed reminder time no longer matches `reminder_at`, so the
 * reminder is due (and unread) again; it lives here rather than in a server's memory so every
 * process the user talks to agrees.
 */
export const crmTaskReminder = pgTable(
  'crm_task_reminder',
  {
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The task's reminder time this state is about. */
    reminderAt: ts('for_reminder_at').notNull(),
    readAt: ts('read_at'),
    dismissedAt: ts('dismissed_at'),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] })],
);
