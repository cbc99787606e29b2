import { and, asc, count, eq, ilike, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { SUPER_ADMIN_USER_ID } from '@orbit/shared/constants';
import type { AuthUserListQuery, RoleListQuery } from '@orbit/shared/contract/role';
import type { Executor } from '../../../db/client';
import { DEL_FLAG_DELETED, DEL_FLAG_PRESENT } from '../../../db/schema/columns';
import { sysRoleMenu } from '../../../db/schema/menu';
import { sysRole, sysRoleDept, sysUser, sysUserRole } from '../../../db/schema/organisation';
import { containsPattern, dateRangeOf, offsetOf, orderByOf, toCount } from '../../../lib/listQuery';
import type { RoleRecord } from './roleReach';

const sortColumns = {
  roleId: sysRole.roleId,
  roleName: sysRole.roleName,
  roleKey: sysRole.roleKey,
  roleSort: sysRole.roleSort,
  status: sysRole.status,
  createTime: sysRole.createTime,
};

const present = eq(sysRole.delFlag, DEL_FLAG_PRESENT);
const userPresent = eq(sysUser.delFlag, DEL_FLAG_PRESENT);

const authUserColumns = {
  userId: sysUser.userId,
  deptId: sysUser.deptId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  email: sysUser.email,
  phonenumber: sysUser.phonenumber,
  status: sysUser.status,
  createTime: sysUser.createTime,
};

export function createRoleRepository(db: Executor) {
  return {
    async list(query: RoleListQuery): Promise<{ total: number; rows: RoleRecord[] }> {
      const where = and(
        present,
        query.roleName ? ilike(sysRole.roleName, containsPattern(query.roleName)) : undefined,
        query.roleKey ? ilike(sysRole.roleKey, containsPattern(query.roleKey)) : undefined,
        query.status ? eq(sysRole.status, query.status) : undefined,
        dateRangeOf(sysRole.createTime, query),
      );
      const total = toCount(await db.select({ count: count() }).from(sysRole).where(where));
      const rows = await db
        .select()
        .from(sysRole)
        .where(where)
        .orderBy(...orderByOf(sortColumns, query, [sysRole.roleSort, sysRole.roleId], 'asc'))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      return { total, rows };
    },

    async all(): Promise<RoleRecord[]> {
      return db.select().from(sysRole).where(present).orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
    },

    async findById(roleId: number): Promise<RoleRecord | undefined> {
      const [row] = await db.select().from(sysRole).where(and(eq(sysRole.roleId, roleId), present)).limit(1);
      return row;
    },

    async findByIds(roleIds: number[]): Promise<RoleRecord[]> {
      if (!roleIds.length) return [];
      return db.select().from(sysRole).where(and(inArray(sysRole.roleId, roleIds), present));
    },

    async isTaken(field: 'roleKey' | 'roleName', value: string, exceptRoleId?: number): Promise<boolean> {
      const rows = await db
        .select({ roleId: sysRole.roleId })
        .from(sysRole)
        .where(and(present, sql`lower(${sysRole[field]}) = lower(${value})`, exceptRoleId ? ne(sysRole.roleId, exceptRoleId) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    async userCount(roleId: number): Promise<number> {
      return toCount(
        await db
          .select({ count: count() })
          .from(sysUserRole)
          .innerJoin(sysUser, eq(sysUser.userId, sysUserRole.userId))
          .where(and(eq(sysUserRole.roleId, roleId), userPresent)),
      );
    },

    async menuIdsOf(roleId: number): Promise<number[]> {
      return (await db.select({ menuId: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId))).map((r) => r.menuId);
    },

    async deptIdsOf(roleId: number): Promise<number[]> {
      return (await db.select({ deptId: sysRoleDept.deptId }).from(sysRoleDept).where(eq(sysRoleDept.roleId, roleId))).map((r) => r.deptId);
    },

    async insert(values: typeof sysRole.$inferInsert): Promise<number> {
      const [row] = await db.insert(sysRole).values(values).returning({ roleId: sysRole.roleId });
      return row!.roleId;
    },

    async update(roleId: number, values: Partial<typeof sysRole.$inferInsert>): Promise<void> {
      await db.update(sysRole).set(values).where(eq(sysRole.roleId, roleId));
    },

    async replaceMenus(roleId: number, menuIds: number[]): Promise<void> {
      await db.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
      if (menuIds.length) await db.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId, menuId })));
    },

    async replaceDepts(roleId: number, deptIds: number[]): Promise<void> {
      await db.delete(sysRoleDept).where(eq(sysRoleDept.roleId, roleId));
      if (deptIds.length) await db.insert(sysRoleDept).values(deptIds.map((deptId) => ({ roleId, deptId })));
    },

    async softDelete(roleIds: number[], by: string): Promise<void> {
      await db.update(sysRole).set({ delFlag: DEL_FLAG_DELETED, updateBy: by, updateTime: new Date() }).where(inArray(sysRole.roleId, roleIds));
      await db.delete(sysRoleMenu).where(inArray(sysRoleMenu.roleId, roleIds));
      await db.delete(sysRoleDept).where(inArray(sysRoleDept.roleId, roleIds));
    },

    /** Users holding (allocated) or not holding (unallocated) a role, within the caller's user scope. */
    async authUsers(query: AuthUserListQuery, allocated: boolean, scope: SQL | undefined) {
      const holders = db.select({ userId: sysUserRole.userId }).from(sysUserRole).where(eq(sysUserRole.roleId, query.roleId));
      const where = and(
        userPresent,
        allocated ? inArray(sysUser.userId, holders) : notInArray(sysUser.userId, holders),
        // Nobody changes the super administrator's roles, so they are never offered.
        allocated ? undefined : ne(sysUser.userId, SUPER_ADMIN_USER_ID),
        query.userName ? ilike(sysUser.userName, containsPattern(query.userName)) : undefined,
        query.phonenumber ? ilike(sysUser.phonenumber, containsPattern(query.phonenumber)) : undefined,
        scope,
      );
      const total = toCount(await db.select({ count: count() }).from(sysUser).where(where));
      const rows = await db
        .select(authUserColumns)
        .from(sysUser)
        .where(where)
        .orderBy(asc(sysUser.userId))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      return { total, rows };
    },

    async addUsers(roleId: number, userIds: number[]): Promise<void> {
      if (userIds.length) await db.insert(sysUserRole).values(userIds.map((userId) => ({ userId, roleId }))).onConflictDoNothing();
    },

    async removeUsers(roleId: number, userIds: number[]): Promise<void> {
      if (userIds.length) await db.delete(sysUserRole).where(and(eq(sysUserRole.roleId, roleId), inArray(sysUserRole.userId, userIds)));
    },
  };
}
