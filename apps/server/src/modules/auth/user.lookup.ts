import { and, eq, sql } from 'drizzle-orm';
import { normaliseEmail } from '@orbit/shared/patterns';
import type { Executor } from '../../db/client';
import { DEL_FLAG_PRESENT } from '../../db/schema/columns';
import { sysUser } from '../../db/schema/organisation';

export type UserRow = typeof sysUser.$inferSelect;

/**
 * The form a typed user name is looked up and counted in: JavaScript's lower case. User names are
 * ASCII (the user contract allows nothing else), where the database's lower() agrees with it.
 */
export const signInName = (userName: string) => userName.trim().toLowerCase();

/** Sign-in lookups: user names match case-insensitively, e-mail addresses in their normalised form. */
export async function findUserByName(db: Executor, userName: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(sysUser)
    .where(and(sql`lower(${sysUser.userName}) = ${signInName(userName)}`, eq(sysUser.delFlag, DEL_FLAG_PRESENT)))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const address = normaliseEmail(email);
  if (!address) return undefined;
  const [row] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.email, address), eq(sysUser.delFlag, DEL_FLAG_PRESENT)))
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, userId: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, DEL_FLAG_PRESENT)))
    .limit(1);
  return row;
}
