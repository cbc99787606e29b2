import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE_KEY, ALL_PERMISSION, SUPER_ADMIN_USER_ID } from '@orbit/shared/constants';
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

/** The user's enabled roles (a correlated condition on the outer `sys_user` row). */
const enabledRoleOfUser = and(
  sql`${sysUserRole.userId} = ${sysUser.userId}`,
  sql`${sysRole.roleId} = ${sysUserRole.roleId}`,
  eq(sysRole.status, STATUS_NORMAL),
  eq(sysRole.delFlag, DEL_FLAG_PRESENT),
);

type RoleJson = { roleId: number | string; roleKey: string; dataScope: DataScope };

/**
 * What makes the signed-in user, as columns of `sys_user left join sys_dept` (the session read
 * selects them with the session, see session.repository.ts): identity, the enabled roles and the
 * permissions those grant, roles and permissions as sub-selects. It runs for every API request,
 * so each round trip it saves is paid back on every call.
 */
export const currentUserColumns = {
  userId: sysUser.userId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  deptId: sysUser.deptId,
  deptName: sysDept.deptName,
  status: sysUser.status,
  mustChangePwd: sysUser.mustChangePwd,
  roles: sql<RoleJson[] | null>`(
    select json_agg(json_build_object('roleId', ${sysRole.roleId}, 'roleKey', ${sysRole.roleKey}, 'dataScope', ${sysRole.dataScope}) order by ${sysRole.roleSort})
    from ${sysUserRole}, ${sysRole} where ${enabledRoleOfUser})`,
  perms: sql<string[] | null>`(
    select array_agg(distinct ${sysMenu.perms}) from ${sysRoleMenu} inner join ${sysMenu} on ${sysMenu.menuId} = ${sysRoleMenu.menuId}
    where ${eq(sysMenu.status, STATUS_NORMAL)} and ${sysMenu.perms} <> '' and ${sysRoleMenu.roleId} in (select ${sysRole.roleId} from ${sysUserRole}, ${sysRole} where ${enabledRoleOfUser}))`,
};

/** A row of `currentUserColumns`, every column null when the user is gone (a left join). */
export type CurrentUserRow = {
  userId: number | null;
  userName: string | null;
  nickName: string | null;
  deptId: number | null;
  deptName: string | null;
  status: string | null;
  mustChangePwd: boolean | null;
  roles: RoleJson[] | null;
  perms: string[] | null;
};

/** The signed-in user of a row of `currentUserColumns`; undefined when gone (no row) or disabled. */
export function toCurrentUser(row: CurrentUserRow | null): CurrentUser | undefined {
  if (!row || row.userId === null || row.status !== STATUS_NORMAL) return undefined;
  // json_agg hands the ids over as JSON numbers; data_scope is char(1), the same text either way.
  const roles: RoleGrant[] = (row.roles ?? []).map((r) => ({ roleId: Number(r.roleId), roleKey: r.roleKey, dataScope: r.dataScope }));
  const isAdmin = isAdminUser(row.userId, roles.map((r) => r.roleKey));
  const permissions = new Set<string>();
  if (isAdmin) {
    permissions.add(ALL_PERMISSION);
  } else {
    for (const granted of row.perms ?? []) for (const p of granted.split(',')) if (p.trim()) permissions.add(p.trim());
  }
  return {
    userId: row.userId,
    userName: row.userName ?? '',
    nickName: row.nickName ?? '',
    deptId: row.deptId,
    deptName: row.deptName ?? '',
    roles,
    permissions,
    isAdmin,
    mustChangePwd: row.mustChangePwd ?? false,
  };
}

/** `*:*:*` passes everything; otherwise the exact string must be granted. */
export function hasPermission(user: CurrentUser, permission: string): boolean {
  return user.permissions.has(ALL_PERMISSION) || user.permissions.has(permission);
}
