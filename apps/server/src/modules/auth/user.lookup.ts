import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { DEL_FLAG_PRESENT } from '../../db/schema/columns';
import { sysUser } from '../../db/schema/organisation';

export type UserRow = typeof sysUser.$inferSelect;

/** Sign-in lookups: user names and e-mail addresses match case-insensitively. */
export async function findUserByName(db: Executor, userName: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(sysUser)
    .where(and(sql`lower(${sysUser.userName}) = lower(${userName})`, eq(sysUser.delFlag, DEL_FLAG_PRESENT)))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(sysUser)
    .where(and(sql`lower(${sysUser.email}) = lower(${email})`, eq(sysUser.delFlag, DEL_FLAG_PRESENT)))
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
