import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../modules/auth/currentUser';

/**
 * Data scope: which rows of a table a user may list, read, change or delete, as one SQL
 * condition built from the user's roles with bound parameters only (never client text).
 *
 *   1 all · 2 custom departments (sys_role_dept) · 3 own department ·
 *   4 own department and below · 5 own records only
 *
 * Several roles combine with OR; an administrator (or any role with scope 1) sees everything.
 * `dept` is the table's department column, `owner` its owner (user id) column. A table without
 * an owner column treats scope 5 as "own department"; without a department column, scopes 2–4
 * match nothing but the caller's own records.
 *
 * Returns undefined when nothing needs filtering, so callers can write `and(..., scope)`.
 */
export type ScopeColumns = { dept?: AnyColumn | SQL; owner?: AnyColumn | SQL };

const NOTHING = sql`false`;

export function dataScopeFilter(user: CurrentUser, columns: ScopeColumns): SQL | undefined {
  if (user.isAdmin || user.roles.some((r) => r.dataScope === '1')) return undefined;
  const { dept, owner } = columns;
  const conditions: SQL[] = [];
  for (const role of user.roles) {
    switch (role.dataScope) {
      case '2':
        if (dept) conditions.push(inDepartments(dept, sql`select rd.dept_id from sys_role_dept rd where rd.role_id = ${role.roleId}`));
        break;
      case '3':
        if (dept && user.deptId !== null) conditions.push(sql`${dept} = ${user.deptId}`);
        break;
      case '4':
        if (dept && user.deptId !== null) conditions.push(inDeptAndBelow(dept, user.deptId));
        break;
      case '5':
        if (owner) conditions.push(sql`${owner} = ${user.userId}`);
        else if (dept && user.deptId !== null) conditions.push(sql`${dept} = ${user.deptId}`);
        break;
    }
  }
  if (!conditions.length) return NOTHING;
  return conditions.length === 1 ? conditions[0]! : sql`(${sql.join(conditions, sql` or `)})`;
}

/**
 * `column` holds one of the departments a sub-select gives. Written `= any(array(…))`, not
 * `in (…)`: the sub-select then runs once, before the scan, which takes its ids as one plain
 * condition (checked inside the index where the index has the column); `in (sub-select)` is
 * planned as a join that may scan a large table's index once per department (on a million leads,
 * a sales manager's filtered count read the same rows twice, once for each of their departments).
 */
const inDepartments = (column: AnyColumn | SQL, departments: SQL): SQL => sql`${column} = any(array(${departments}))`;

/** `column` is the department `deptId` or one below it (by `ancestors`). */
export function inDeptAndBelow(column: AnyColumn | SQL, deptId: number): SQL {
  return inDepartments(column, sql`select d.dept_id from sys_dept d where d.del_flag = '0' and (d.dept_id = ${deptId} or ${String(deptId)} = any(string_to_array(d.ancestors, ',')))`);
}
