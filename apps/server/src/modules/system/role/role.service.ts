import { inArray } from 'drizzle-orm';
import { CODE } from '@orbit/shared/constants';
import type { AuthUserListQuery, CreateRoleBody, RoleDataScopeBody, RoleListQuery, UpdateRoleBody } from '@orbit/shared/contract/role';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { sysDept } from '../../../db/schema/organisation';
import { sysMenu } from '../../../db/schema/menu';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../../lib/errors';
import { parentsWithin } from '../../../lib/tree';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { assertRoleDashboard } from '../../crm/dashboard/roleDashboards';
import { createDeptService } from '../dept/dept.service';
import { assertMenusHeld } from '../menu/menuReach';
import { createUserRepository } from '../user/user.repository';
import { createUserService } from '../user/user.service';
import { userScopeOf } from '../user/userScope';
import { createRoleRepository } from './role.repository';
import { assertRoleChangeable, assertScopeWithinReach, firstUnassignable, permsOf, toRoleRow, type RoleRecord } from './roleReach';

/**
 * Roles: unique key and name, the menus and buttons they grant, their data scope (with custom
 * departments for scope 2) and their holders. The `admin` role itself cannot be changed, and
 * nobody grants a permission or a department beyond their own reach.
 */
export function createRoleService(db: Db, config: Config) {
  const repo = createRoleRepository(db);
  const depts = createDeptService(db);
  const users = createUserService(db, config);
  const userRepo = createUserRepository(db);

  async function getRole(roleId: number): Promise<RoleRecord> {
    const role = await repo.findById(roleId);
    if (!role) throw notFound();
    return role;
  }

  async function getChangeable(user: CurrentUser, roleId: number): Promise<RoleRecord> {
    const role = await getRole(roleId);
    await assertRoleChangeable(db, user, role);
    return role;
  }

  /** Menus added or removed must exist and carry only permissions the caller holds; menus added, be the caller's own. */
  async function assertMenusGrantable(user: CurrentUser, before: number[], after: number[]): Promise<void> {
    const changed = [...new Set([...after.filter((m) => !before.includes(m)), ...before.filter((m) => !after.includes(m))])];
    if (!changed.length) return;
    const menus = await db.select({ menuId: sysMenu.menuId, perms: sysMenu.perms }).from(sysMenu).where(inArray(sysMenu.menuId, changed));
    if (menus.length !== changed.length) throw fieldError('menuIds', 'validation.invalidValue');
    const missing = menus.flatMap((m) => permsOf(m.perms)).filter((p) => !hasPermission(user, p));
    if (missing.length) throw fieldError('menuIds', 'role.menuNotGrantable', { perms: [...new Set(missing)].slice(0, 5).join(', ') });
    await assertMenusHeld(db, user, after.filter((m) => !before.includes(m)));
  }

  async function assertUnique(body: { roleKey: string; roleName: string }, exceptRoleId?: number): Promise<void> {
    if (await repo.isTaken('roleKey', body.roleKey, exceptRoleId)) throw fieldError('roleKey', 'role.keyTaken', { value: body.roleKey });
    if (await repo.isTaken('roleName', body.roleName, exceptRoleId)) throw fieldError('roleName', 'role.nameTaken', { value: body.roleName });
  }

  /**
   * Adding or removing holders is changing the role and those accounts: the caller must be able to
   * change both, not for themselves, and hand the role to each new holder.
   */
  async function assertHoldersChangeable(user: CurrentUser, roleId: number, userIds: number[], adding: boolean): Promise<void> {
    const role = await getChangeable(user, roleId);
    if (!user.isAdmin && userIds.includes(user.userId)) throw forbidden('user.cannotChangeOwnRoles');
    await users.assertTargets(user, userIds);
    if (adding && (await firstUnassignable(db, user, [roleId], await userRepo.deptIdsOf(userIds)))) {
      throw new AppError(CODE.forbidden, 'user.roleNotAssignable', { name: role.roleName });
    }
  }

  return {
    list: async (query: RoleListQuery) => {
      const { total, rows } = await repo.list(query);
      return { total, rows: rows.map(toRoleRow) };
    },
    all: async () => (await repo.all()).map(toRoleRow),
    get: async (roleId: number) => toRoleRow(await getRole(roleId)),

    async create(user: CurrentUser, body: CreateRoleBody): Promise<number> {
      await assertUnique(body);
      await assertRoleDashboard(db, body.defaultDashboardId);
      const menuIds = [...new Set(body.menuIds)];
      await assertMenusGrantable(user, [], menuIds);
      const { menuIds: _m, ...values } = body;
      return db.transaction(async (tx) => {
        const txRepo = createRoleRepository(tx);
        // A new role sees only its holders' own records until someone widens its data scope.
        const roleId = await txRepo.insert({ ...values, dataScope: '5', createBy: user.userName });
        await txRepo.replaceMenus(roleId, menuIds);
        return roleId;
      });
    },

    async update(user: CurrentUser, body: UpdateRoleBody): Promise<void> {
      await getChangeable(user, body.roleId);
      await assertUnique(body, body.roleId);
      await assertRoleDashboard(db, body.defaultDashboardId);
      const menuIds = [...new Set(body.menuIds)];
      await assertMenusGrantable(user, await repo.menuIdsOf(body.roleId), menuIds);
      const { menuIds: _m, roleId, ...values } = body;
      await db.transaction(async (tx) => {
        const txRepo = createRoleRepository(tx);
        await txRepo.update(roleId, { ...values, updateBy: user.userName, updateTime: new Date() });
        await txRepo.replaceMenus(roleId, menuIds);
      });
    },

    async setDataScope(user: CurrentUser, body: RoleDataScopeBody): Promise<void> {
      const role = await getChangeable(user, body.roleId);
      const deptIds = body.dataScope === '2' ? [...new Set(body.deptIds)] : [];
      await assertScopeWithinReach(db, user, role, body.dataScope, deptIds);
      await db.transaction(async (tx) => {
        const txRepo = createRoleRepository(tx);
        await txRepo.update(body.roleId, {
          dataScope: body.dataScope,
          deptCheckStrictly: body.deptCheckStrictly,
          updateBy: user.userName,
          updateTime: new Date(),
        });
        await txRepo.replaceDepts(body.roleId, deptIds);
      });
    },

    async changeStatus(user: CurrentUser, roleId: number, status: string): Promise<void> {
      await getChangeable(user, roleId);
      await repo.update(roleId, { status, updateBy: user.userName, updateTime: new Date() });
    },

    async remove(user: CurrentUser, roleIds: number[]): Promise<void> {
      for (const roleId of roleIds) {
        const role = await getChangeable(user, roleId);
        if ((await repo.userCount(roleId)) > 0) throw badRequest('role.assigned', { name: role.roleName });
      }
      await db.transaction((tx) => createRoleRepository(tx).softDelete(roleIds, user.userName));
    },

    /** The department tree of the data-scope dialog and the departments the role already has. */
    async deptTree(user: CurrentUser, roleId: number) {
      const role = await getRole(roleId);
      const checked = await repo.deptIdsOf(roleId);
      const rows = await db.select({ deptId: sysDept.deptId, parentId: sysDept.parentId }).from(sysDept);
      // With linked checking, a checked parent would check all its children: send leaves only.
      const parents = role.deptCheckStrictly ? parentsWithin(checked, new Map(rows.map((r) => [r.deptId, r.parentId]))) : new Set<number>();
      return { depts: await depts.treeSelect(user), checkedKeys: checked.filter((id) => !parents.has(id)) };
    },

    authUsers: (user: CurrentUser, query: AuthUserListQuery, allocated: boolean) => repo.authUsers(query, allocated, userScopeOf(user)),

    async addUsers(user: CurrentUser, roleId: number, userIds: number[]): Promise<void> {
      await assertHoldersChangeable(user, roleId, userIds, true);
      await repo.addUsers(roleId, userIds);
    },

    async removeUsers(user: CurrentUser, roleId: number, userIds: number[]): Promise<void> {
      await assertHoldersChangeable(user, roleId, userIds, false);
      await repo.removeUsers(roleId, userIds);
    },
  };
}
