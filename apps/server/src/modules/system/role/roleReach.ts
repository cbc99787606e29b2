import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLE_KEY, CODE } from '@orbit/shared/constants';
import type { RoleRow } from '@orbit/shared/contract/role';
import type { MessageKey } from '@orbit/shared/messages';
import type { Executor } from '../../../db/client';
import { DEL_FLAG_PRESENT, STATUS_NORMAL } from '../../../db/schema/columns';
import { sysMenu, sysRoleMenu } from '../../../db/schema/menu';
import { sysDept, sysRole, sysRoleDept, sysUser, sysUserRole } from '../../../db/schema/organisation';
import { AppError, fieldError, forbidden } from '../../../lib/errors';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { userScopeOf } from '../user/userScope';

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
    defaultDashboardId: role.defaultDashboardId,
    createTime: role.createTime.toISOString(),
    admin: role.roleKey === ADMIN_ROLE_KEY,
  };
}

/** Permission strings a menu row carries ("a:b:c" or "a:b:c,d:e:f"). */
export const permsOf = (perms: string | null) => (perms ?? '').split(',').map((p) => p.trim()).filter(Boolean);

/*
 * Reach: nobody but an administrator hands out more than they have. A role is within a caller's
 * reach for some holders when it is not `admin`, grants only permissions the caller holds, and
 * the departments it covers for those holders are all departments the caller covers. Data reach
 * compares sets of departments, never scope numbers: "custom departments" naming one's own
 * department is "own department" under another name.
 */

/** Present departments with the ids above them. */
type DeptTree = Map<number, number[]>;
/** The departments whose records a data scope covers. */
type Coverage = 'all' | Set<number>;
/** What a role grants: its data scope with its custom departments, and its permission strings. */
type RoleGrants = RoleRecord & { customDepts: number[]; perms: string[] };
type Holder = { roleId: number; deptId: number | null; inScope: boolean };

/**
 * The departments a data scope covers for holders sitting in `holderDepts`: 1 all, 2 the role's
 * custom departments, 3 each holder's department, 4 each holder's department and all below it,
 * 5 none (each holder's own records only, which the holders' own place in scope accounts for).
 */
function coverageOf(tree: DeptTree, dataScope: string, customDepts: number[], holderDepts: Array<number | null>): Coverage {
  const homes = new Set(holderDepts.filter((d): d is number => d !== null));
  switch (dataScope) {
    case '2':
      return new Set(customDepts);
    case '3':
      return homes;
    case '4':
      return new Set([...tree].filter(([deptId, above]) => homes.has(deptId) || above.some((a) => homes.has(a))).map(([deptId]) => deptId));
    case '5':
      return new Set();
    default:
      return 'all';
  }
}

/** What the caller covers, with the department tree and their scope on users. */
type Reach = { user: CurrentUser; all: boolean; depts: Set<number>; tree: DeptTree; userScope: SQL | undefined };

async function reachOf(db: Executor, user: CurrentUser): Promise<Reach> {
  const rows = await db.select({ deptId: sysDept.deptId, ancestors: sysDept.ancestors }).from(sysDept).where(eq(sysDept.delFlag, DEL_FLAG_PRESENT));
  const tree: DeptTree = new Map(rows.map((d) => [d.deptId, d.ancestors.split(',').map(Number)]));
  const reach = { user, tree, userScope: userScopeOf(user) };
  if (user.isAdmin) return { ...reach, all: true, depts: new Set() };
  const custom = await customDeptsOf(db, user.roles.map((r) => r.roleId));
  const covered = user.roles.map((r) => coverageOf(tree, r.dataScope, custom.get(r.roleId) ?? [], [user.deptId]));
  const depts = new Set<number>();
  for (const coverage of covered) {
    if (coverage === 'all') return { ...reach, all: true, depts };
    coverage.forEach((d) => depts.add(d));
  }
  return { ...reach, all: false, depts };
}

async function customDeptsOf(db: Executor, roleIds: number[]): Promise<Map<number, number[]>> {
  const rows = roleIds.length ? await db.select().from(sysRoleDept).where(inArray(sysRoleDept.roleId, roleIds)) : [];
  const byRole = new Map<number, number[]>();
  for (const { roleId, deptId } of rows) byRole.set(roleId, [...(byRole.get(roleId) ?? []), deptId]);
  return byRole;
}

async function grantsOf(db: Executor, roles: RoleRecord[]): Promise<RoleGrants[]> {
  const ids = roles.map((r) => r.roleId);
  if (!ids.length) return [];
  const menus = await db
    .select({ roleId: sysRoleMenu.roleId, perms: sysMenu.perms })
    .from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(and(inArray(sysRoleMenu.roleId, ids), isNotNull(sysMenu.perms)));
  const custom = await customDeptsOf(db, ids);
  return roles.map((r) => ({
    ...r,
    customDepts: custom.get(r.roleId) ?? [],
    perms: menus.filter((m) => m.roleId === r.roleId).flatMap((m) => permsOf(m.perms)),
  }));
}

/** Where the present holders of roles sit, and whether the caller's data scope includes them (one row per kind). */
async function holdersOf(db: Executor, reach: Reach, roleIds: number[]): Promise<Holder[]> {
  if (!roleIds.length) return [];
  return db
    .selectDistinct({ roleId: sysUserRole.roleId, deptId: sysUser.deptId, inScope: sql<boolean>`${reach.userScope ?? sql`true`}` })
    .from(sysUserRole)
    .innerJoin(sysUser, eq(sysUser.userId, sysUserRole.userId))
    .where(and(inArray(sysUserRole.roleId, roleIds), eq(sysUser.delFlag, DEL_FLAG_PRESENT)));
}

function coveredBy(reach: Reach, coverage: Coverage): boolean {
  return reach.all || (coverage !== 'all' && [...coverage].every((d) => reach.depts.has(d)));
}

/** Whether a role grants only permissions the caller holds (`admin` grants all of them). */
function permsWithin(reach: Reach, role: RoleGrants): boolean {
  return reach.user.isAdmin || (role.roleKey !== ADMIN_ROLE_KEY && role.perms.every((p) => hasPermission(reach.user, p)));
}

/** Whether a role held by people in `holderDepts` grants no permission and no data beyond the caller's own. */
function grantsWithin(reach: Reach, role: RoleGrants, holderDepts: Array<number | null>): boolean {
  return permsWithin(reach, role) && coveredBy(reach, coverageOf(reach.tree, role.dataScope, role.customDepts, holderDepts));
}

/**
 * The departments of everyone the caller could hand a role to: those they cover, and their own
 * when they reach their own records.
 */
function placeable(reach: Reach): Array<number | null> {
  return [...reach.depts, ...(reach.user.roles.some((r) => r.dataScope === '5') ? [reach.user.deptId] : [])];
}

/** Why the caller may not change a role as it is held today, or undefined when they may. */
function changeRefusal(reach: Reach, role: RoleGrants, holders: Holder[]): MessageKey | undefined {
  if (reach.user.isAdmin) return undefined;
  const own = holders.filter((h) => h.roleId === role.roleId);
  if (!permsWithin(reach, role)) return 'role.beyondReach';
  if (own.some((h) => !h.inScope)) return 'role.holdersOutOfScope';
  if (!coveredBy(reach, coverageOf(reach.tree, role.dataScope, role.customDepts, own.map((h) => h.deptId)))) return 'role.beyondReach';
  return undefined;
}

/** The roles a user may hand to anyone they reach (the role pickers): enabled roles within reach. */
export async function assignableRoles(db: Executor, user: CurrentUser): Promise<RoleRecord[]> {
  const enabled = and(eq(sysRole.delFlag, DEL_FLAG_PRESENT), eq(sysRole.status, STATUS_NORMAL));
  const roles = await db.select().from(sysRole).where(enabled).orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
  if (user.isAdmin) return roles;
  const reach = await reachOf(db, user);
  const anyone = placeable(reach);
  return (await grantsOf(db, roles)).filter((r) => grantsWithin(reach, r, anyone));
}

/** The first of `roleIds` the caller may not hand to people in `holderDepts` (a missing role included), if any. */
export async function firstUnassignable(
  db: Executor,
  user: CurrentUser,
  roleIds: number[],
  holderDepts: Array<number | null>,
): Promise<{ roleId: number; roleName?: string } | undefined> {
  if (!roleIds.length) return undefined;
  const roles = await db.select().from(sysRole).where(and(eq(sysRole.delFlag, DEL_FLAG_PRESENT), inArray(sysRole.roleId, roleIds)));
  const reach = await reachOf(db, user);
  const allowed = new Set((await grantsOf(db, roles)).filter((r) => grantsWithin(reach, r, holderDepts)).map((r) => r.roleId));
  const refused = roleIds.find((r) => !allowed.has(r));
  return refused === undefined ? undefined : { roleId: refused, roleName: roles.find((r) => r.roleId === refused)?.roleName };
}

/**
 * Changing an account is as strong as assigning its roles: anyone but an administrator changes only
 * accounts all of whose roles (disabled ones too) they could assign to them. Returns the first
 * account and role that stand in the way.
 */
export async function accountBeyondReach(db: Executor, user: CurrentUser, userIds: number[]): Promise<{ userName: string; roleName: string } | undefined> {
  if (user.isAdmin || !userIds.length) return undefined;
  const held = await db
    .select({ userName: sysUser.userName, deptId: sysUser.deptId, role: sysRole })
    .from(sysUserRole)
    .innerJoin(sysUser, eq(sysUser.userId, sysUserRole.userId))
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(inArray(sysUserRole.userId, userIds), eq(sysRole.delFlag, DEL_FLAG_PRESENT)))
    .orderBy(asc(sysUserRole.userId), asc(sysRole.roleSort));
  const reach = await reachOf(db, user);
  const grants = new Map((await grantsOf(db, [...new Map(held.map((h) => [h.role.roleId, h.role])).values()])).map((g) => [g.roleId, g]));
  const beyond = held.find((h) => !grantsWithin(reach, grants.get(h.role.roleId)!, [h.deptId]));
  return beyond && { userName: beyond.userName, roleName: beyond.role.roleName };
}

/**
 * Changing a role (its menus, data scope, status, holders, or deleting it) is granting: the
 * `admin` role is never changed, and anyone but an administrator may change only roles within
 * their reach for the people holding them, all of whom they must reach, and that they do not hold
 * themselves (no widening one's own access).
 */
export async function assertRoleChangeable(db: Executor, user: CurrentUser, role: RoleRecord): Promise<void> {
  if (role.roleKey === ADMIN_ROLE_KEY) throw forbidden('role.adminProtected');
  if (user.isAdmin) return;
  if (user.roles.some((r) => r.roleId === role.roleId)) throw new AppError(CODE.forbidden, 'role.ownRole', { name: role.roleName });
  const reach = await reachOf(db, user);
  const [grants] = await grantsOf(db, [role]);
  const refusal = changeRefusal(reach, grants!, await holdersOf(db, reach, [role.roleId]));
  if (refusal) throw new AppError(CODE.forbidden, refusal, { name: role.roleName });
}

/**
 * A role's new data scope must stay within the caller's reach for its holders and for anyone the
 * caller could hand it to; custom departments must exist.
 */
export async function assertScopeWithinReach(db: Executor, user: CurrentUser, role: RoleRecord, dataScope: string, deptIds: number[]): Promise<void> {
  const reach = await reachOf(db, user);
  const field = dataScope === '2' ? 'deptIds' : 'dataScope';
  if (deptIds.some((d) => !reach.tree.has(d))) throw fieldError(field, 'dept.outOfScope');
  if (user.isAdmin) return;
  const holderDepts = (await holdersOf(db, reach, [role.roleId])).map((h) => h.deptId);
  if (!coveredBy(reach, coverageOf(reach.tree, dataScope, deptIds, [...holderDepts, ...placeable(reach)]))) {
    throw fieldError(field, dataScope === '2' ? 'dept.outOfScope' : 'role.scopeBeyondReach');
  }
}

/**
 * The first of `roles` the caller could not change as it is held today (its permissions, its data
 * reach for its holders, or holders outside their data scope), if any. Unlike assertRoleChangeable,
 * a role the caller holds counts as theirs: the menu rule uses it (menu/menuReach.ts).
 */
export async function firstRoleBeyondReach(db: Executor, user: CurrentUser, roles: RoleRecord[]): Promise<RoleRecord | undefined> {
  if (user.isAdmin || !roles.length) return undefined;
  const reach = await reachOf(db, user);
  const grants = await grantsOf(db, roles);
  const holders = await holdersOf(db, reach, grants.map((g) => g.roleId));
  return grants.find((g) => changeRefusal(reach, g, holders));
}
