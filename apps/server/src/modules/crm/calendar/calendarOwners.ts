import { and, eq, ilike, inArray, or, asc, count } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { DEL_FLAG_PRESENT } from '../../../db/schema/columns';
import { sysDept, sysUser } from '../../../db/schema/organisation';
import { forbidden } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { userScopeOf } from '../../system/user/userScope';
import { containsPattern } from '../../../lib/listQuery';

/** A manager's data scope reaches beyond their own records (department or wider): they may look at others' calendars. */
export const mayPickOwners = (user: CurrentUser) => user.isAdmin || user.roles.some((role) => role.dataScope !== '5');

/**
 * The owners asked for, by name: every one must be a present user within the caller's data scope
 * (a user's "own record" being themself), else the request is refused — a rep reaches only
 * themself. Absent: the caller.
 */
export async function calendarOwners(db: Db, user: CurrentUser, ownerIds: number[] | undefined): Promise<Map<number, string>> {
  const ids = ownerIds?.length ? ownerIds : [user.userId];
  const rows = await db
    .select({ id: sysUser.userId, name: sysUser.nickName })
    .from(sysUser)
    .where(and(inArray(sysUser.userId, ids), eq(sysUser.delFlag, DEL_FLAG_PRESENT), userScopeOf(user)));
  if (rows.length !== ids.length) throw forbidden('calendar.ownerOutOfScope');
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Users the caller may pick as owners (the owner filter's options): present users within their scope, by name. */
export async function pickableOwners(db: Db, user: CurrentUser, q: string | undefined, page: { pageNum: number; pageSize: number }) {
  const where = and(
    eq(sysUser.delFlag, DEL_FLAG_PRESENT),
    userScopeOf(user),
    q ? or(ilike(sysUser.nickName, containsPattern(q)), ilike(sysUser.userName, containsPattern(q))) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(sysUser).where(where);
  const rows = await db
    .select({ id: sysUser.userId, label: sysUser.nickName, extra: sysDept.deptName })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(where)
    .orderBy(asc(sysUser.nickName), asc(sysUser.userId))
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize);
  return { total: total?.n ?? 0, rows: rows.map((r) => ({ id: r.id, label: r.label, extra: r.extra ?? '' })) };
}
