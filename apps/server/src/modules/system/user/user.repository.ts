import { and, count, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { UserListQuery, UserRow } from '@orbit/shared/contract/user';
import { SUPER_ADMIN_USER_ID } from '@orbit/shared/constants';
import { normaliseEmail } from '@orbit/shared/patterns';
import type { Executor } from '../../../db/client';
import { DEL_FLAG_DELETED, DEL_FLAG_PRESENT } from '../../../db/schema/columns';
import { sysNoticeRead } from '../../../db/schema/notices';
import { sysDept, sysUser, sysUserRole } from '../../../db/schema/organisation';
import { inDeptAndBelow } from '../../../lib/dataScope';
import { containsPattern, dateRangeOf, offsetOf, orderByOf, toCount } from '../../../lib/listQuery';

/** Whitelisted sort columns of the user list (names checked by the zod schema). */
const sortColumns = {
  userId: sysUser.userId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  deptId: sysUser.deptId,
  status: sysUser.status,
  createTime: sysUser.createTime,
  loginDate: sysUser.loginDate,
};

const columns = {
  userId: sysUser.userId,
  deptId: sysUser.deptId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  email: sysUser.email,
  phonenumber: sysUser.phonenumber,
  sex: sysUser.sex,
  avatar: sysUser.avatar,
  status: sysUser.status,
  loginIp: sysUser.loginIp,
  loginDate: sysUser.loginDate,
  createTime: sysUser.createTime,
  remark: sysUser.remark,
  deptName: sysDept.deptName,
  leader: sysDept.leader,
};
type Selected = Omit<UserRow, 'loginDate' | 'createTime' | 'dept' | 'admin'> & {
  loginDate: Date | null;
  createTime: Date;
  deptName: string | null;
  leader: string | null;
};

function toUserRow(r: Selected): UserRow {
  const { deptName, leader, loginDate, createTime, ...rest } = r;
  return {
    ...rest,
    loginDate: loginDate?.toISOString() ?? null,
    createTime: createTime.toISOString(),
    dept: r.deptId !== null && deptName !== null ? { deptId: r.deptId, deptName, leader: leader ?? '' } : null,
    admin: r.userId === SUPER_ADMIN_USER_ID,
  };
}

const present = eq(sysUser.delFlag, DEL_FLAG_PRESENT);

export type UserUnique = 'userName' | 'email';

export function createUserRepository(db: Executor) {
  return {
    async list(query: UserListQuery, scope: SQL | undefined): Promise<{ total: number; rows: UserRow[] }> {
      const where = and(
        present,
        query.userName ? ilike(sysUser.userName, containsPattern(query.userName)) : undefined,
        query.nickName ? ilike(sysUser.nickName, containsPattern(query.nickName)) : undefined,
        query.phonenumber ? ilike(sysUser.phonenumber, containsPattern(query.phonenumber)) : undefined,
        query.status ? eq(sysUser.status, query.status) : undefined,
        query.deptId ? inDeptAndBelow(sysUser.deptId, query.deptId) : undefined,
        dateRangeOf(sysUser.createTime, query),
        scope,
      );
      const total = toCount(await db.select({ count: count() }).from(sysUser).where(where));
      const rows = await db
        .select(columns)
        .from(sysUser)
        .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
        .where(where)
        .orderBy(...orderByOf(sortColumns, query, [sysUser.createTime, sysUser.userId], 'desc'))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      return { total, rows: rows.map(toUserRow) };
    },

    async findById(userId: number): Promise<UserRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(sysUser)
        .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
        .where(and(eq(sysUser.userId, userId), present))
        .limit(1);
      return row ? toUserRow(row) : undefined;
    },

    /** The departments of present users among `userIds`. */
    async deptIdsOf(userIds: number[]): Promise<Array<number | null>> {
      if (!userIds.length) return [];
      const rows = await db.selectDistinct({ deptId: sysUser.deptId }).from(sysUser).where(and(present, inArray(sysUser.userId, userIds)));
      return rows.map((r) => r.deptId);
    },

    async roleIdsOf(userId: number): Promise<number[]> {
      const rows = await db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId));
      return rows.map((r) => r.roleId);
    },

    /** True when another present user already has this user name (ignoring case) or e-mail address (normalised). */
    async isTaken(field: UserUnique, value: string, exceptUserId?: number): Promise<boolean> {
      if (!value) return false;
      const match = field === 'email' ? eq(sysUser.email, normaliseEmail(value)) : sql`lower(${sysUser.userName}) = lower(${value})`;
      const rows = await db
        .select({ userId: sysUser.userId })
        .from(sysUser)
        .where(and(present, match, exceptUserId ? ne(sysUser.userId, exceptUserId) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    async insert(values: typeof sysUser.$inferInsert): Promise<number> {
      const [row] = await db.insert(sysUser).values(values).returning({ userId: sysUser.userId });
      return row!.userId;
    },

    async update(userId: number, values: Partial<typeof sysUser.$inferInsert>): Promise<void> {
      await db.update(sysUser).set(values).where(eq(sysUser.userId, userId));
    },

    async replaceRoles(userId: number, roleIds: number[]): Promise<void> {
      await db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
      if (roleIds.length) await db.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId, roleId })));
    },

    async softDelete(userIds: number[], by: string): Promise<void> {
      await db.update(sysUser).set({ delFlag: DEL_FLAG_DELETED, updateBy: by, updateTime: new Date() }).where(inArray(sysUser.userId, userIds));
      await db.delete(sysUserRole).where(inArray(sysUserRole.userId, userIds));
      // A notice's readers are counted from the read marks alone (noticeReaders.repository.ts).
      await db.delete(sysNoticeRead).where(inArray(sysNoticeRead.userId, userIds));
    },
  };
}
