import { sql } from 'drizzle-orm';
import { bigint, char, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Every sign-in attempt, success or failure, and every sign-out. */
export const sysLogininfor = pgTable(
  'sys_logininfor',
  {
    infoId: bigint('info_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userName: text('user_name').notNull().default(''),
    ipaddr: text('ipaddr').notNull().default(''),
    loginLocation: text('login_location').notNull().default(''),
    browser: text('browser').notNull().default(''),
    os: text('os').notNull().default(''),
    /** '0' success, '1' failure. */
    status: char('status', { length: 1 }).notNull(),
    msg: text('msg').notNull().default(''),
    loginTime: ts('login_time').notNull().defaultNow(),
  },
  // Every filter and sort of the log page: (column, id) serves the sort in both directions with its
  // tie-break; the trigram indexes serve the "contains" filters (ILIKE '%…%').
  (t) => [
    index('sys_logininfor_time_idx').on(t.loginTime, t.infoId),
    index('sys_logininfor_user_idx').on(t.userName, t.infoId),
    index('sys_logininfor_ip_idx').on(t.ipaddr, t.infoId),
    index('sys_logininfor_status_idx').on(t.status, t.infoId),
    index('sys_logininfor_user_trgm_idx').using('gin', sql`${t.userName} gin_trgm_ops`),
    index('sys_logininfor_ip_trgm_idx').using('gin', sql`${t.ipaddr} gin_trgm_ops`),
  ],
);

/** Operation log: one row per write request, recorded automatically. */
export const sysOperLog = pgTable(
  'sys_oper_log',
  {
    operId: bigint('oper_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull().default(''),
    /** 0 other, 1 insert, 2 update, 3 delete, 4 grant, 5 export, 6 import, 7 force, 8 generate, 9 clean. */
    businessType: integer('business_type').notNull().default(0),
    method: text('method').notNull().default(''),
    requestMethod: text('request_method').notNull().default(''),
    operatorType: integer('operator_type').notNull().default(1),
    operName: text('oper_name').notNull().default(''),
    deptName: text('dept_name').notNull().default(''),
    operUrl: text('oper_url').notNull().default(''),
    operIp: text('oper_ip').notNull().default(''),
    operLocation: text('oper_location').notNull().default(''),
    operParam: text('oper_param').notNull().default(''),
    jsonResult: text('json_result').notNull().default(''),
    /** 0 success, 1 failure. */
    status: integer('status').notNull().default(0),
    errorMsg: text('error_msg').notNull().default(''),
    operTime: ts('oper_time').notNull().defaultNow(),
    costTime: integer('cost_time').notNull().default(0),
  },
  // As for the login log: (column, id) for each sort and equality filter, trigram for "operator
  // contains"; "title contains" goes through the title index (operlog.repository.ts).
  (t) => [
    index('sys_oper_log_time_idx').on(t.operTime, t.operId),
    index('sys_oper_log_type_idx').on(t.businessType, t.operId),
    index('sys_oper_log_status_idx').on(t.status, t.operId),
    index('sys_oper_log_title_idx').on(t.title, t.operId),
    index('sys_oper_log_name_idx').on(t.operName, t.operId),
    index('sys_oper_log_cost_idx').on(t.costTime, t.operId),
    index('sys_oper_log_name_trgm_idx').using('gin', sql`${t.operName} gin_trgm_ops`),
  ],
);
