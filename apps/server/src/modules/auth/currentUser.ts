import { and, eq, inArray } from 'drizzle-orm';
import { ADMIN_ROLE_KEY, ALL_PERMISSION, SUPER_ADMIN_USER_ID } from '@orbit/shared/constants';
import type { Executor } from '../../db/client';
import { DEL_FLAG_PRESENT, STATUS_NORMAL } from '../../db/schema/columns';
import { sysMenu, sysRoleMenu } from '../../db/schema/menu';
import { sysDept, sysRole, sysUser, sysUserRole } from '../../db/schema/organisation';

export type DataScope = '1' | '2' | '3' | '4' | '5';
export type RoleGrant = { roleId: number; roleKey: string; dataScope: DataScope };

/** The signed-in person as every route sees them: identity, roles with data scope, permissions. */
export type CurrentUser = {
  userId: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  deptName: string;
  roles: RoleGrant[];
  permissions: Set<string>;
  isAdmin: boolean;
  /** A password set by someone else: nothing but the change itself is allowed until it is replaced. */
  mustChangePwd: boolean;
};

export function isAdminUser(userId: number, roleKeys: string[]): boolean {
  return userId === SUPER_ADMIN_USER_ID || roleKeys.includes(ADMIN_ROLE_KEY);
}

/** Loads a user with their enabled roles and the permissions those grant; undefined when gone or disabled. */
export async function loadCurrentUser(db: Executor, userId: number): Promise<CurrentUser | undefined> {
  const [user] = await db
    .select({
      userId: sysUser.userId,
      userName: sysUser.userName,
      nickName: sysUser.nickName,
      deptId: sysUser.deptId,
      deptName: sysDept.deptName,
      status: sysUser.status,
      mustChangePwd: sysUser.mustChangePwd,
    })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, DEL_FLAG_PRESENT)))
    .limit(1);
  if (!user || user.status !== STATUS_NORMAL) return undefined;
  const { status: _status, ...identity } = user;

  const roles = (await db
    .select({ roleId: sysRole.roleId, roleKey: sysRole.roleKey, dataScope: sysRole.dataScope })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.status, STATUS_NORMAL), eq(sysRole.delFlag, DEL_FLAG_PRESENT)))
    .orderBy(sysRole.roleSort)) as RoleGrant[];

  const isAdmin = isAdminUser(userId, roles.map((r) => r.roleKey));
  const permissions = new Set<string>();
  if (isAdmin) {
    permissions.add(ALL_PERMISSION);
  } else if (roles.length) {
    const rows = await db
      .selectDistinct({ perms: sysMenu.perms })
      .from(sysRoleMenu)
      .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
      .where(and(inArray(sysRoleMenu.roleId, roles.map((r) => r.roleId)), eq(sysMenu.status, STATUS_NORMAL)));
    for (const { perms } of rows) {
      for (const p of (perms ?? '').split(',')) if (p.trim()) permissions.add(p.trim());
    }
  }
  return { ...identity, deptName: user.deptName ?? '', roles, permissions, isAdmin };
}

/** `*:*:*` passes everything; otherwise the exact string must be granted. */
export function hasPermission(user: CurrentUser, permission: string): boolean {
  return user.permissions.has(ALL_PERMISSION) || user.permissions.has(permission);
}
