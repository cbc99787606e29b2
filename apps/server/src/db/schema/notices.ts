import { bigint, char, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns, ts } from './columns';

/**
 * Notices and announcements an administrator publishes (RuoYi's `sys_notice`): to everyone, or to
 * departments (`sys_notice_dept`; a department includes those below it). `notice_content` is HTML,
 * cleaned by the server before it is stored. Status '0' shows it, '1' closes it.
 */
export const sysNotice = pgTable(
  'sys_notice',
  {
    noticeId: bigint('notice_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    noticeTitle: text('notice_title').notNull(),
    noticeType: char('notice_type', { length: 1 }).notNull(),
    noticeContent: text('notice_content').notNull().default(''),
    status: char('status', { length: 1 }).notNull().default('0'),
    remark: text('remark').notNull().default(''),
    ...auditColumns,
  },
  (t) => [index('sys_notice_status_idx').on(t.status, t.noticeId)],
);

/**
 * The users a notice is addressed to by name (a mention in an activity's note): such a notice
 * reaches only them. A notice with neither departments nor users is for everyone.
 */
export const sysNoticeUser = pgTable(
  'sys_notice_user',
  {
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('sys_notice_user_user_idx').on(t.userId, t.noticeId)],
);

/** The departments a notice is addressed to; none means everyone. */
export const sysNoticeDept = pgTable(
  'sys_notice_dept',
  {
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    deptId: bigint('dept_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.deptId] }), index('sys_notice_dept_dept_idx').on(t.deptId)],
);

/**
 * Who has read which notice (the navbar bell's unread marks; RuoYi's "read users" dialog lists
 * them per notice, last read first); in the database so every process agrees.
 */
export const sysNoticeRead = pgTable(
  'sys_notice_read',
  {
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] }), index('sys_notice_read_notice_idx').on(t.noticeId, t.readAt, t.userId)],
);
