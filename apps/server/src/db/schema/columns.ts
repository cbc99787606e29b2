import { text, timestamp } from 'drizzle-orm/pg-core';

/** Audit columns every administrative table carries (who and when created / last updated). */
export const auditColumns = {
  createBy: text('create_by').notNull().default(''),
  createTime: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updateBy: text('update_by').notNull().default(''),
  updateTime: timestamp('update_time', { withTimezone: true, mode: 'date' }),
};

/** '0' normal, '1' disabled — the dictionary `sys_normal_disable`. */
export const STATUS_NORMAL = '0';
export const STATUS_DISABLED = '1';
/** Soft delete: '0' present, '2' deleted (RuoYi convention). */
export const DEL_FLAG_PRESENT = '0';
export const DEL_FLAG_DELETED = '2';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
