import type { SortUpdate } from '@orbit/shared/contract/common';
import { menuPathProblem, type CreateMenuBody, type MenuFlag, type MenuListQuery, type UpdateMenuBody } from '@orbit/shared/contract/menu';
import type { Db } from '../../../db/client';
import { badRequest, fieldError, notFound } from '../../../lib/errors';
import { parentsWithin, toTreeSelect } from '../../../lib/tree';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { permsOf } from '../role/roleReach';
import { createRoleRepository } from '../role/role.repository';
import { createMenuRepository, type MenuRecord } from './menu.repository';
import { assertMenuChangeable, assertParentReachable } from './menuReach';

/** A menu as the wire has it: RuoYi's flags as the strings '0' / '1' (the table keeps integers). */
const toWire = (menu: MenuRecord) => ({ ...menu, isFrame: String(menu.isFrame) as MenuFlag, isCache: String(menu.isCache) as MenuFlag });

/** Menu tree of directories (M), pages (C) and buttons (F): no cycles, unique names among siblings. */
export function createMenuService(db: Db) {
  const repo = createMenuRepository(db);
  const roles = createRoleRepository(db);

  /** The menus a user may see and grant: all for an administrator, their roles' menus otherwise. */
  const visibleMenus = (user: CurrentUser, filter: MenuListQuery = {}) =>
    repo.list(filter, user.isAdmin ? undefined : user.roles.map((r) => r.roleId));

  const treeOf = (rows: MenuRecord[]) => toTreeSelect(rows, (m) => ({ id: m.menuId, parentId: m.parentId, label: m.menuName }));

  async function checkPlacement(body: CreateMenuBody, menuId?: number): Promise<void> {
    if (body.parentId !== 0) {
      if (body.parentId === menuId) throw fieldError('parentId', 'menu.parentCycle');
      const parent = await repo.findById(body.parentId);
      if (!parent) throw fieldError('parentId', 'validation.invalidValue');
      if (parent.menuType === 'F') throw fieldError('parentId', 'menu.parentIsButton');
      if (menuId !== undefined) {
        // Walk up from the new parent: meeting the menu itself means it would sit below itself.
        const parents = await repo.parents();
        for (let id: number | undefined = body.parentId; id; id = parents.get(id)) {
          if (id === menuId) throw fieldError('parentId', 'menu.parentCycle');
        }
      }
    }
    const pathProblem = menuPathProblem(body.path, body.isFrame);
    if (pathProblem) throw fieldError('path', pathProblem);
    if (await repo.nameTakenAmongSiblings(body.parentId, body.menuName, menuId)) throw fieldError('menuName', 'menu.nameTaken', { value: body.menuName });
  }

  const columnsOf = (body: CreateMenuBody) => ({
    ...body,
    isFrame: Number(body.isFrame),
    isCache: Number(body.isCache),
    component: body.component || null,
    query: body.query || null,
    perms: body.perms || null,
    icon: body.icon || '#',
  });

  /**
   * A menu's permission string is what roles granting it hand out, so a permission put on a menu
   * is a grant: anyone but an administrator may add only permissions they hold themselves.
   */
  function assertPermsHeld(user: CurrentUser, before: string | null | undefined, after: string | null | undefined): void {
    const had = new Set(permsOf(before ?? null));
    const missing = permsOf(after ?? null).filter((p) => !had.has(p) && !hasPermission(user, p));
    if (missing.length) throw fieldError('perms', 'menu.permsNotHeld', { perms: [...new Set(missing)].slice(0, 5).join(', ') });
  }

  return {
    list: async (user: CurrentUser, filter: MenuListQuery) => (await visibleMenus(user, filter)).map(toWire),

    async get(menuId: number) {
      const menu = await repo.findById(menuId);
      if (!menu) throw notFound();
      return toWire(menu);
    },

    async treeSelect(user: CurrentUser) {
      return treeOf(await visibleMenus(user));
    },

    /** The menu tree of the role dialog and the menus the role grants (leaves only when linked). */
    async roleTree(user: CurrentUser, roleId: number) {
      const role = await roles.findById(roleId);
      if (!role) throw notFound();
      const checked = await repo.roleMenuIds(roleId);
      const parents = role.menuCheckStrictly ? parentsWithin(checked, await repo.parents()) : new Set<number>();
      return { menus: treeOf(await visibleMenus(user)), checkedKeys: checked.filter((id) => !parents.has(id)) };
    },

    async create(user: CurrentUser, body: CreateMenuBody): Promise<number> {
      await checkPlacement(body);
      assertPermsHeld(user, null, body.perms);
      const parentRoles = await assertParentReachable(db, user, body.parentId);
      return db.transaction(async (tx) => {
        const menuId = await createMenuRepository(tx).insert({ ...columnsOf(body), createBy: user.userName });
        await createMenuRepository(tx).grant(menuId, parentRoles);
        return menuId;
      });
    },

    async update(user: CurrentUser, body: UpdateMenuBody): Promise<void> {
      const { menuId, ...rest } = body;
      const current = await repo.findById(menuId);
      if (!current) throw notFound();
      await checkPlacement(rest, menuId);
      assertPermsHeld(user, current.perms, rest.perms);
      await assertMenuChangeable(db, user, menuId);
      if (rest.parentId !== current.parentId) await assertParentReachable(db, user, rest.parentId);
      await repo.update(menuId, { ...columnsOf(rest), updateBy: user.userName, updateTime: new Date() });
    },

    /**
     * Saves the order of menus (RuoYi's sort saving). The order is what every holder's sidebar
     * shows, so each menu must be one the caller may change (roleReach); all or nothing.
     */
    async saveOrder(user: CurrentUser, order: SortUpdate): Promise<void> {
      for (const { id } of order) {
        if (!(await repo.findById(id))) throw notFound();
        await assertMenuChangeable(db, user, id);
      }
      await db.transaction(async (tx) => {
        const txRepo = createMenuRepository(tx);
        for (const { id, orderNum } of order) await txRepo.update(id, { orderNum, updateBy: user.userName, updateTime: new Date() });
      });
    },

    async remove(user: CurrentUser, menuId: number): Promise<void> {
      if (!(await repo.findById(menuId))) throw notFound();
      await assertMenuChangeable(db, user, menuId);
      if (await repo.hasChildren(menuId)) throw badRequest('menu.hasChildren');
      if (await repo.isAssigned(menuId)) throw badRequest('menu.assigned');
      await repo.delete(menuId);
    },
  };
}
