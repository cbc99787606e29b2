import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { DEL_FLAG_PRESENT } from '../../db/schema/columns';
import { sysDept, sysUser } from '../../db/schema/organisation';
import { currentUserColumns, toCurrentUser, type CurrentUser, type CurrentUserRow } from './currentUser';

/**
 * A user as a request of theirs would see them now (roles, permissions, data scope), without a
 * session: background jobs act for the user who queued them, with what that user may do when
 * the job runs. Undefined when the user is gone or disabled.
 */
export async function loadCurrentUser(db: Executor, userId: number): Promise<CurrentUser | undefined> {
  const [row] = await db
    .select(currentUserColumns)
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, DEL_FLAG_PRESENT)));
  return toCurrentUser((row as CurrentUserRow | undefined) ?? null);
}
