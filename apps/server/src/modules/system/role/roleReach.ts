import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { ADMIN_ROLE_KEY, CODE } from '@orbit/shared/constants';
import type { RoleRow } from '@orbit/shared/contract/role';
import type { Executor } from '../../../db/client';
import { DEL_FLAG_PRESENT, STATUS_NORMAL } from '../../../db/schema/columns';
import { sysMenu, sysRoleMenu } from '../../../db/schema/menu';
import { sysDept, sysRole, sysRoleDept } from '../../../db/schema/organisation';
import { dataScopeFilter } from '../../../lib/dataScope';
import { AppError, fieldError, forbidden } from '../../../lib/errors';
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
 * How far the data scopes without a department list reach, each containing the next:
 * all ⊃ own department and below ⊃ own department ⊃ own records. Scope 2 (custom departments)
 * is compared by its departments instead.
 */
const BREADTH: Record<string, number> = { '1': 3, '4': 2, '3': 1, '5': 0 };

/** What the caller's own data scope covers: everything, or a breadth and a set of departments. */
type Reach = { all: boolean; breadth: number; depts: Set<number> };

async function reachOf(db: Executor, user: CurrentUser): Promise<Reach> {
  const scope = dataScopeFilter(user, { dept: sysDept.deptId });
  if (scope === undefined) return { all: true, breadth: BREADTH['1']!, depts: new Set() };
  const rows = await db.select({ deptId: sysDept.deptId }).from(sysDept).where(and(eq(sysDept.delFlag, DEL_FLAG_PRESENT), scope));
  const breadth = Math.max(0, ...user.roles.map((r) => BREADTH[r.dataScope] ?? 0));
  return { all: false, breadth, depts: new Set(rows.map((r) => r.deptId)) };
}

/** Whether a data scope (with its departments for scope 2) reaches no further than the caller's. */
function scopeWithin(reach: Reach, dataScope: string, deptIds: number[]): boolean {
  if (reach.all) return true;
  if (dataScope === '2') return deptIds.every((d) => reach.depts.has(d));
  return (BREADTH[dataScope] ?? Infinity) <= reach.breadth;
}

/**
 * The roles among `roles` within the caller's reach: an administrator's reach is every role;
 * anyone else's excludes `admin` and any role granting a permission they lack or seeing data
 * they cannot see themselves (nobody grants more than they have).
 */
async function rolesWithinReach(db: Executor, user: CurrentUser, roles: RoleRecord[]): Promise<RoleRecord[]> {
  if (user.isAdmin) return roles;
  const candidates = roles.filter((r) => r.roleKey !== ADMIN_ROLE_KEY);
  if (!candidates.length) return [];
  const ids = candidates.map((r) => r.roleId);
  const grants = await db
    .select({ roleId: sysRoleMenu.roleId, perms: sysMenu.perms })
    .from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(and(inArray(sysRoleMenu.roleId, ids), isNotNull(sysMenu.perms)));
  const beyondPermissions = new Set(grants.filter((g) => permsOf(g.perms).some((p) => !hasPermission(user, p))).map((g) => g.roleId));
  const roleDepts = await db.select().from(sysRoleDept).where(inArray(sysRoleDept.roleId, ids));
  const reach = await reachOf(db, user);
  return candidates.filter(
    (r) => !beyondPermissions.has(r.roleId) && scopeWithin(reach, r.dataScope, roleDepts.filter((d) => d.roleId === r.roleId).map((d) => d.deptId)),
  );
}

/** The roles a user may hand out: the enabled roles within their reach. */
export async function assignableRoles(db: Executor, user: CurrentUser): Promise<RoleRecord[]> {
  const roles = await db
    .select()
    .from(sysRole)
    .where(and(eq(sysRole.delFlag, DEL_FLAG_PRESENT), eq(sysRole.status, STATUS_NORMAL)))
    .orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
  return rolesWithinReach(db, user, roles);
}

/**
 * Changing a role (its menus, data scope, status, holders, or deleting it) is granting: the
 * `admin` role is never changed, and anyone but an administrator may change only roles within
 * their reach that they do not hold themselves (no widening one's own access).
 */
export async function assertRoleChangeable(db: Executor, user: CurrentUser, role: RoleRecord): Promise<void> {
  if (role.roleKey === ADMIN_ROLE_KEY) throw forbidden('role.adminProtected');
  if (user.isAdmin) return;
  if (user.roles.some((r) => r.roleId === role.roleId)) throw new AppError(CODE.forbidden, 'role.ownRole', { name: role.roleName });
  if (!(await rolesWithinReach(db, user, [role])).length) throw new AppError(CODE.forbidden, 'role.beyondReach', { name: role.roleName });
}

/** A new data scope must not reach further than the caller's own. */
export async function assertScopeWithinReach(db: Executor, user: CurrentUser, dataScope: string, deptIds: number[]): Promise<void> {
  if (user.isAdmin) return;
  if (!scopeWithin(await reachOf(db, user), dataScope, deptIds)) throw fieldError('dataScope', 'role.scopeBeyondReach');
}
