import { and, asc, eq, inArray } from 'drizzle-orm';
import { CODE } from '@orbit/shared/constants';
import type { Executor } from '../../../db/client';
import { DEL_FLAG_PRESENT } from '../../../db/schema/columns';
import { sysRoleMenu } from '../../../db/schema/menu';
import { sysRole } from '../../../db/schema/organisation';
import { AppError, fieldError, forbidden } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { firstRoleBeyondReach, type RoleRecord } from '../role/roleReach';

/*
 * Who may change a menu. A menu belongs to the roles holding it: its permission string and status
 * are what they grant, its path, name and visibility what their holders see and follow. The
 * administrator role holds no rows and sees every menu, so a menu held by no role is one only
 * administrators see (System, Settings, the logs): the super administrator's alone. Anyone else
 * changes, adds under or deletes a menu only while at least one role holds it and every role
 * holding it is within their reach (role/roleReach.ts; a role they hold counts as theirs).
 */

/** The present roles (disabled ones too: they can be enabled again) holding a menu, in role order. */
async function rolesHolding(db: Executor, menuId: number): Promise<RoleRecord[]> {
  const rows = await db
    .select({ role: sysRole })
    .from(sysRoleMenu)
    .innerJoin(sysRole, eq(sysRole.roleId, sysRoleMenu.roleId))
    .where(and(eq(sysRoleMenu.menuId, menuId), eq(sysRole.delFlag, DEL_FLAG_PRESENT)))
    .orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
  return rows.map((r) => r.role);
}

/** What stands between the caller and a menu held by `roles`: nobody holding it, or the first role beyond their reach. */
async function obstacleOf(db: Executor, user: CurrentUser, roles: RoleRecord[]): Promise<'unheld' | RoleRecord | undefined> {
  if (!roles.length) return 'unheld';
  return firstRoleBeyondReach(db, user, roles);
}

/** Changing or deleting a menu (any of its fields, its order). */
export async function assertMenuChangeable(db: Executor, user: CurrentUser, menuId: number): Promise<void> {
  if (user.isAdmin) return;
  const obstacle = await obstacleOf(db, user, await rolesHolding(db, menuId));
  if (obstacle === 'unheld') throw forbidden('menu.superAdminOnly');
  if (obstacle) throw new AppError(CODE.forbidden, 'menu.heldBeyondReach', { name: obstacle.roleName });
}

/**
 * Putting a menu under `parentId` (a new one, or one moved) is changing that parent, and a
 * top-level menu is added to every administrator's sidebar: the top level is the super
 * administrator's. Returns the roles holding the parent, to which a non-administrator's new menu
 * is granted (all within their reach), so that it is theirs to change and their holders see it.
 */
export async function assertParentReachable(db: Executor, user: CurrentUser, parentId: number): Promise<number[]> {
  if (user.isAdmin) return [];
  if (parentId === 0) throw forbidden('menu.topLevelSuperAdminOnly');
  const roles = await rolesHolding(db, parentId);
  const obstacle = await obstacleOf(db, user, roles);
  if (obstacle === 'unheld') throw forbidden('menu.parentSuperAdminOnly');
  if (obstacle) throw new AppError(CODE.forbidden, 'menu.parentHeldBeyondReach', { name: obstacle.roleName });
  return roles.map((r) => r.roleId);
}

/**
 * Handing a menu to a role: nobody but an administrator hands out a menu they do not have
 * through their own roles (else an administrators' menu, granted to a role of their own making,
 * would become theirs to change).
 */
export async function assertMenusHeld(db: Executor, user: CurrentUser, menuIds: number[]): Promise<void> {
  if (user.isAdmin || !menuIds.length) return;
  const own = user.roles.map((r) => r.roleId);
  const held = own.length
    ? await db.selectDistinct({ menuId: sysRoleMenu.menuId }).from(sysRoleMenu).where(and(inArray(sysRoleMenu.roleId, own), inArray(sysRoleMenu.menuId, menuIds)))
    : [];
  if (held.length < new Set(menuIds).size) throw fieldError('menuIds', 'role.menuNotHeld');
}
