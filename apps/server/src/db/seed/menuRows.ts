import type { Executor } from '../client';
import { sysMenu } from '../schema/menu';
import type { MenuSeed } from './menuTree';

/** A menu row written from its seed, with the permission it carries. */
export type InsertedMenu = { menuId: number; perms: string | null; parentId: number; seed: MenuSeed };

/**
 * Inserts menu seeds under `parentId` depth-first, numbering them from `firstOrder`; appends every
 * inserted row to `out` and answers it. `createBy` says who wrote them (the seed, an upgrade).
 */
export async function insertMenus(db: Executor, items: MenuSeed[], parentId: number, out: InsertedMenu[], createBy: string, firstOrder = 1): Promise<InsertedMenu[]> {
  let order = firstOrder;
  for (const item of items) {
    const [row] = await db
      .insert(sysMenu)
      .values({
        menuName: item.name,
        parentId,
        orderNum: order++,
        path: item.path,
        component: item.component ?? null,
        routeName: item.routeName,
        isFrame: item.external ? 0 : 1,
        isCache: item.noCache ? 1 : 0,
        menuType: item.type,
        visible: item.hidden ? '1' : '0',
        perms: item.perms ?? null,
        icon: item.icon ?? '#',
        createBy,
      })
      .returning({ menuId: sysMenu.menuId });
    out.push({ menuId: row!.menuId, perms: item.perms ?? null, parentId, seed: item });
    if (item.children?.length) await insertMenus(db, item.children, row!.menuId, out, createBy);
  }
  return out;
}
