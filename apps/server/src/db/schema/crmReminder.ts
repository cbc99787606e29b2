import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * What a user did with a record's reminder (the navbar's bell: a task's, a meeting's): read or
 * dismissed, for the reminder time it was shown at. A changed reminder time no longer matches the
 * record's, so the reminder is due (and unread) again; it lives here rather than in a server's
 * memory so every process the user talks to agrees.
 */
export const crmReminder = pgTable(
  'crm_reminder',
  {
    module: text('module').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The record's reminder time this state is about. */
    reminderAt: ts('for_reminder_at').notNull(),
    readAt: ts('read_at'),
    dismissedAt: ts('dismissed_at'),
  },
  (t) => [primaryKey({ columns: [t.module, t.recordId, t.userId] })],
);
