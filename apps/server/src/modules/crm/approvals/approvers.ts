import { sql } from 'drizzle-orm';
import type { ApprovalStep } from '@orbit/shared/crm/approvals';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../engine/query/sql';

const ACTIVE_USER = sql`u.del_flag = '0' and u.status = '0'`;

/**
 * The owner's manager: the leader of the owner's department (a department names its leader, as
 * System › Departments does, by the user's name); when the owner leads it themselves, or it has no
 * leader who is an active user, the leader of the department above, and so on up the tree.
 */
async function managerOf(tx: Executor, ownerId: number): Promise<number[]> {
  const [owner] = await rowsOf<{ dept_id: unknown; ancestors: unknown }>(
    tx,
    sql`select u.dept_id, d.ancestors from sys_user u left join sys_dept d on d.dept_id = u.dept_id where u.user_id = ${ownerId}`,
  );
  if (!owner || owner.dept_id === null) return [];
  // The owner's department first, then its ancestors nearest first ("0,100,101" → 101, 100).
  const chain = [Number(owner.dept_id), ...String(owner.ancestors ?? '').split(',').map(Number).filter((n) => n > 0).reverse()];
  const leaders = await rowsOf<{ dept_id: unknown; user_id: unknown }>(
    tx,
    sql`select d.dept_id, u.user_id from sys_dept d join sys_user u on (u.nick_name = d.leader or u.user_name = d.leader) and ${ACTIVE_USER}
        where d.dept_id in ${chain} and d.del_flag = '0' and d.leader <> '' order by u.user_id`,
  );
  for (const deptId of chain) {
    const found = leaders.filter((l) => Number(l.dept_id) === deptId && Number(l.user_id) !== ownerId);
    if (found.length) return [Number(found[0]!.user_id)];
  }
  return [];
}

/** Who may decide a step of a request on a record owned by `ownerId`: active users only; none when nobody fits. */
export async function approversOf(tx: Executor, step: ApprovalStep, ownerId: number | null): Promise<number[]> {
  if (step.kind === 'manager') return ownerId === null ? [] : managerOf(tx, ownerId);
  if (step.kind === 'user') {
    const rows = await rowsOf<{ user_id: unknown }>(tx, sql`select u.user_id from sys_user u where u.user_id = ${step.id ?? 0} and ${ACTIVE_USER}`);
    return rows.map((r) => Number(r.user_id));
  }
  const rows = await rowsOf<{ user_id: unknown }>(
    tx,
    sql`select distinct u.user_id from sys_user_role ur join sys_user u on u.user_id = ur.user_id and ${ACTIVE_USER}
        join sys_role r on r.role_id = ur.role_id and r.del_flag = '0' and r.status = '0' where ur.role_id = ${step.id ?? 0} order by u.user_id`,
  );
  return rows.map((r) => Number(r.user_id));
}

/** Whether a step's user or role exists (Set-up refuses a step naming neither). */
export async function approverExists(tx: Executor, step: ApprovalStep): Promise<boolean> {
  if (step.kind === 'manager') return true;
  const rows =
    step.kind === 'user'
      ? await rowsOf(tx, sql`select 1 from sys_user where user_id = ${step.id ?? 0} and del_flag = '0'`)
      : await rowsOf(tx, sql`select 1 from sys_role where role_id = ${step.id ?? 0} and del_flag = '0'`);
  return rows.length > 0;
}
