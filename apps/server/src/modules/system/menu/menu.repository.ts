import { and, asc, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { MenuListQuery } from '@orbit/shared/contract/menu';
import type { Executor } from '../../../db/client';
import { sysMenu, sysRoleMenu } from '../../../db/schema/menu';
import { containsPattern, toCount } from '../../../lib/listQuery';

export type MenuRecord = typeof sysMenu.$inferSelect;

export function createMenuRepository(db: Executor) {
  return {
    /** Menus matching the filter; `roleIds` limits them to those roles' menus (undefined: all). */
    async list(filter: MenuListQuery, roleIds?: number[]): Promise<MenuRecord[]> {
      if (roleIds && !roleIds.length) return [];
      const where: Array<SQL | undefined> = [
        filter.menuName ? ilike(sysMenu.menuName, containsPattern(filter.menuName)) : undefined,
        filter.status ? eq(sysMenu.status, filter.status) : undefined,
        filter.visible ? eq(sysMenu.visible, filter.visible) : undefined,
      ];
      if (roleIds) {
        const granted = db.selectDistinct({ menuId: sysRoleMenu.menuId }).from(sysRoleMenu).where(inArray(sysRoleMenu.roleId, roleIds));
        where.push(inArray(sysMenu.menuId, granted));
      }
      return db
        .select()
        .from(sysMenu)
        .where(and(...where))
        .orderBy(asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId));
    },

    async findById(menuId: number): Promise<MenuRecord | undefined> {
      const [row] = await db.select().from(sysMenu).where(eq(sysMenu.menuId, menuId)).limit(1);
      return row;
    },

    /** Every menu's parent, for cycle checks and tree shaping. */
    async parents(): Promise<Map<number, number>> {
      const rows = await db.select({ menuId: sysMenu.menuId, parentId: sysMenu.parentId }).from(sysMenu);
      return new Map(rows.map((r) => [r.menuId, r.parentId]));
    },

    async nameTakenAmongSiblings(parentId: number, menuName: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ menuId: sysMenu.menuId })
        .from(sysMenu)
        .where(and(eq(sysMenu.parentId, parentId), eq(sysMenu.menuName, menuName), exceptId ? ne(sysMenu.menuId, exceptId) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    async hasChildren(menuId: number): Promise<boolean> {
      return (await db.select({ menuId: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.parentId, menuId)).limit(1)).length > 0;
    },

    async isAssigned(menuId: number): Promise<boolean> {
      return toCount(await db.select({ count: count() }).from(sysRoleMenu).where(eq(sysRoleMenu.menuId, menuId))) > 0;
    },

    async roleMenuIds(roleId: number): Promise<number[]> {
      return (await db.select({ menuId: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId))).map((r) => r.menuId);
    },

    async insert(values: typeof sysMenu.$inferInsert): Promise<number> {
      const [row] = await db.insert(sysMenu).values(values).returning({ menuId: sysMenu.menuId });
      return row!.menuId;
    },

    /** Grants a menu to roles (a non-administrator's new menu goes to its parent's roles). */
    async grant(menuId: number, roleIds: number[]): Promise<void> {
      if (roleIds.length) await db.insert(sysRoleMenu).values(roleIds.map((roleId) => ({ roleId, menuId })));
    },

    async update(menuId: number, values: Partial<typeof sysMenu.$inferInsert>): Promise<void> {
      await db.update(sysMenu).set(values).where(eq(sysMenu.menuId, menuId));
    },

    async delete(menuId: number): Promise<void> {
      await db.delete(sysMenu).where(eq(sysMenu.menuId, menuId));
    },
  };
}
