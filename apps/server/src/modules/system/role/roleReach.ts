import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { ADMIN_ROLE_KEY } from '@orbit/shared/constants';
import type { RoleRow } from '@orbit/shared/contract/role';
import type { Executor } from '../../../db/client';
import { DEL_FLAG_PRESENT, STATUS_NORMAL } from '../../../db/schema/columns';
import { sysMenu, sysRoleMenu } from '../../../db/schema/menu';
import { sysRole } from '../../../db/schema/organisation';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';

export type RoleRecord = typeof sysRole.$inferSelect;

/** A role as the wire carries it (RoleRow): no bookkeeping columns, ISO time, the admin flag. */
export function toRoleRow(role: RoleRecord): RoleRow {
  return {
    roleId: role.roleId,
    roleName: role.roleName,
    roleKey: role.roleKey,
    roleSort: role.roleSort,
    dataScope: role.dataScope,
    menuCheckStrictly: role.menuCheckStrictly,
    deptCheckStrictly: role.deptCheckStrictly,
    status: role.status,
    remark: role.remark,
    createTime: role.createTime.toISOString(),
    admin: role.roleKey === ADMIN_ROLE_KEY,
  };
}

/** Permission strings a menu row carries ("a:b:c" or "a:b:c,d:e:f"). */
export const permsOf = (perms: string | null) => (perms ?? '').split(',').map((p) => p.trim()).filter(Boolean);

/**
 * The roles a user may hand out: an administrator any enabled role; anyone else only enabled
 * roles other than `admin` whose every permission they hold themselves (nobody grants more than
 * they have).
 */
export async function assignableRoles(db: Executor, user: CurrentUser): Promise<RoleRecord[]> {
  const roles = await db
    .select()
    .from(sysRole)
    .where(and(eq(sysRole.delFlag, DEL_FLAG_PRESENT), eq(sysRole.status, STATUS_NORMAL)))
    .orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
  if (user.isAdmin) return roles;
  const candidates = roles.filter((r) => r.roleKey !== ADMIN_ROLE_KEY);
  if (!candidates.length) return [];
  const grants = await db
    .select({ roleId: sysRoleMenu.roleId, perms: sysMenu.perms })
    .from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(and(inArray(sysRoleMenu.roleId, candidates.map((r) => r.roleId)), isNotNull(sysMenu.perms)));
  const beyondReach = new Set(grants.filter((g) => permsOf(g.perms).some((p) => !hasPermission(user, p))).map((g) => g.roleId));
  return candidates.filter((r) => !beyondReach.has(r.roleId));
}
