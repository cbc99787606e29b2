import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Records a user opened lately (their detail page), one row per record: a second view moves the
 * row's time, so the list never repeats a record. At most RECENT_RECORDS_KEPT rows per user; the
 * oldest are deleted as new ones come (modules/crm/userRecords). Rows point at a record by module
 * and id without a foreign key (the record lives in its module's table): a record deleted or moved
 * out of the user's data scope is left out when the list is read, not here.
 */
export const crmRecentRecord = pgTable(
  'crm_recent_record',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    module: text('module').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.module, t.recordId] }), index('crm_recent_record_user_idx').on(t.userId, sql`${t.viewedAt} desc`)],
);

/** Records a user starred (the star on a detail page), read like the recent ones. */
export const crmFavouriteRecord = pgTable(
  'crm_favourite_record',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    module: text('module').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.module, t.recordId] }), index('crm_favourite_record_user_idx').on(t.userId, sql`${t.createdAt} desc`)],
);
