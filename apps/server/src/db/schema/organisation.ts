import { sql } from 'drizzle-orm';
import { bigint, boolean, char, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, ts } from './columns';

/** Department tree; `ancestors` is the comma-separated chain of parent ids ("0,100,101"). */
export const sysDept = pgTable(
  'sys_dept',
  {
    deptId: bigint('dept_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
    ancestors: text('ancestors').notNull().default('0'),
    deptName: text('dept_name').notNull(),
    orderNum: integer('order_num').notNull().default(0),
    leader: text('leader').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    status: char('status', { length: 1 }).notNull().default('0'),
    delFlag: char('del_flag', { length: 1 }).notNull().default('0'),
    ...auditColumns,
  },
  (t) => [index('sys_dept_parent_idx').on(t.parentId), index('sys_dept_ancestors_idx').on(t.ancestors)],
);

export const sysUser = pgTable(
  'sys_user',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deptId: bigint('dept_id', { mode: 'number' }),
    userName: text('user_name').notNull(),
    nickName: text('nick_name').notNull(),
    userType: text('user_type').notNull().default('00'),
    email: text('email').notNull().default(''),
    phonenumber: text('phonenumber').notNull().default(''),
    sex: char('sex', { length: 1 }).notNull().default('2'),
    avatar: text('avatar').notNull().default(''),
    password: text('password').notNull(),
    status: char('status', { length: 1 }).notNull().default('0'),
    delFlag: char('del_flag', { length: 1 }).notNull().default('0'),
    loginIp: text('login_ip').notNull().default(''),
    loginDate: ts('login_date'),
    /** When the password was last set; drives the 90-day change suggestion. */
    pwdUpdateDate: ts('pwd_update_date').notNull().defaultNow(),
    /** Set when someone else chose the password: the user must change it after signing in. */
    mustChangePwd: boolean('must_change_pwd').notNull().default(false),
    /** "Remind me later" on the expiry suggestion; suppresses it for another age period. */
    pwdHintPostponedAt: ts('pwd_hint_postponed_at'),
    remark: text('remark').notNull().default(''),
    /** What the user writes about themselves on their profile (SPEC §3 session user). */
    introduction: text('introduction').notNull().default(''),
    /**
     * The currency the user reads mixed totals in (issue 33: boards, related lists, reports,
     * dashboards, campaign figures); null: the organisation currency (money/displayCurrency.ts).
     */
    displayCurrency: text('display_currency'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('sys_user_name_uq').on(sql`lower(${t.userName})`).where(sql`${t.delFlag} = '0'`),
    // E-mail addresses are stored normalised (normaliseEmail), so they are compared as they are.
    // Phone numbers are not unique: nothing signs in with one, and uniqueness made the profile
    // form an oracle for other users' numbers.
    uniqueIndex('sys_user_email_uq').on(t.email).where(sql`${t.delFlag} = '0' and ${t.email} <> ''`),
    // Partial on present users, as every list filters on them: counts by department (the tree
    // beside the list, data scope 3/4) or status become index-only scans, and the default order
    // (newest first, id as tie-break) reads the first page straight from the index, also within a
    // created-between filter.
    index('sys_user_dept_idx').on(t.deptId).where(sql`${t.delFlag} = '0'`),
    index('sys_user_create_time_idx').on(t.createTime, t.userId).where(sql`${t.delFlag} = '0'`),
    index('sys_user_status_idx').on(t.status).where(sql`${t.delFlag} = '0'`),
    // The list's sort and "contains" filters (ILIKE '%…%' uses the trigram indexes).
    index('sys_user_name_sort_idx').on(t.userName),
    index('sys_user_nick_sort_idx').on(t.nickName),
    index('sys_user_name_trgm_idx').using('gin', sql`${t.userName} gin_trgm_ops`),
    index('sys_user_nick_trgm_idx').using('gin', sql`${t.nickName} gin_trgm_ops`),
    index('sys_user_phone_trgm_idx').using('gin', sql`${t.phonenumber} gin_trgm_ops`),
  ],
);

export const sysRole = pgTable(
  'sys_role',
  {
    roleId: bigint('role_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    roleName: text('role_name').notNull(),
    roleKey: text('role_key').notNull(),
    roleSort: integer('role_sort').notNull().default(0),
    /** 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 own records only. */
    dataScope: char('data_scope', { length: 1 }).notNull().default('1'),
    menuCheckStrictly: boolean('menu_check_strictly').notNull().default(true),
    deptCheckStrictly: boolean('dept_check_strictly').notNull().default(true),
    status: char('status', { length: 1 }).notNull().default('0'),
    delFlag: char('del_flag', { length: 1 }).notNull().default('0'),
    remark: text('remark').notNull().default(''),
    /** The shared or built-in dashboard its holders land on at `/` (SPEC §2's second reading); null: the home page. */
    defaultDashboardId: bigint('default_dashboard_id', { mode: 'number' }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_role_key_uq').on(t.roleKey).where(sql`${t.delFlag} = '0'`)],
);

export const sysUserRole = pgTable(
  'sys_user_role',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_user_role_role_idx').on(t.roleId)],
);

export const sysRoleDept = pgTable(
  'sys_role_dept',
  {
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    deptId: bigint('dept_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.deptId] })],
);
