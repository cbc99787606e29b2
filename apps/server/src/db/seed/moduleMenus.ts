import { sql } from 'drizzle-orm';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Db, Executor } from '../client';
import { sysMenu, sysRoleMenu } from '../schema/menu';
import { loadCrmModules, moduleGrantsLikeOf } from '../../modules/crm/engine/crmModules';
import { rowsOf } from '../../modules/crm/engine/query/sql';
import { insertMenus, type InsertedMenu } from './menuRows';
import { menuTree, type MenuSeed } from './menuTree';

const UPGRADE_BY = 'upgrade';

type MenuRow = { menuId: number; parentId: number; perms: string | null; path: string; menuType: string };

const holds = (seed: MenuSeed, test: (item: MenuSeed) => boolean): boolean => test(seed) || (seed.children ?? []).some((c) => holds(c, test));

/** The module's top-level entry of the menu tree (its list page, detail page and buttons). */
const moduleEntry = (module: CrmModule) => menuTree.find((item) => holds(item, (i) => i.type === 'C' && i.perms === PERMISSIONS[module].list));
/** The module's entry under Set-up (its page layout). */
const setupEntry = (module: CrmModule) => menuTree.find((i) => i.routeName === 'Setup')?.children?.find((item) => holds(item, (i) => i.path === `${module}-fields`));

/**
 * The menus a business module needs on an install seeded before the module (or one of its
 * buttons) existed: its menu (list page, detail page, buttons), its Set-up page layout entry, and
 * any button its page lacks. Menus are seeded only into an empty database (seedDatabase), so an
 * upgraded install would otherwise never show the module. Idempotent: what is there is left alone
 * — a module's entry is recognised by its list page's permission, a Set-up entry by its path, a
 * button by its permission under the page — and a fresh database (no menus yet) is skipped.
 * The rows it writes are granted to roles by `grantNewMenus`' rule (docs/decisions.md).
 */
export async function reconcileModuleMenus(db: Db): Promise<void> {
  await loadCrmModules();
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ menuId: sysMenu.menuId, parentId: sysMenu.parentId, perms: sysMenu.perms, path: sysMenu.path, menuType: sysMenu.menuType })
      .from(sysMenu);
    if (!rows.length) return;
    const added: InsertedMenu[] = [];
    for (const module of CRM_MODULES) added.push(...(await addModuleMenus(tx, rows, module)));
    if (added.length) await grantNewMenus(tx, added);
  });
}

async function addModuleMenus(tx: Executor, rows: MenuRow[], module: CrmModule): Promise<InsertedMenu[]> {
  const added: InsertedMenu[] = [];
  const entry = moduleEntry(module);
  const page = rows.find((r) => r.menuType === 'C' && r.perms === PERMISSIONS[module].list);
  if (entry && !page) {
    await insertMenus(tx, [entry], 0, added, UPGRADE_BY, menuTree.indexOf(entry) + 1);
  } else if (entry && page) {
    const seeded = entry.children?.find((c) => c.perms === PERMISSIONS[module].list)?.children ?? [];
    const present = new Set(rows.filter((r) => r.parentId === page.menuId).map((r) => r.perms));
    const missing = seeded.filter((b) => !present.has(b.perms ?? null));
    if (missing.length) await insertMenus(tx, missing, page.menuId, added, UPGRADE_BY, present.size + 1);
  }
  const layout = setupEntry(module);
  const setup = rows.find((r) => r.parentId === 0 && r.menuType === 'M' && r.path === 'setup');
  if (layout && setup && !rows.some((r) => r.path === `${module}-fields`)) {
    const order = menuTree.find((i) => i.routeName === 'Setup')!.children!.indexOf(layout) + 1;
    await insertMenus(tx, [layout], setup.menuId, added, UPGRADE_BY, order);
  }
  return added;
}

/** `crm:<module>:<action>` → [module, action]. */
const crmPermission = (perms: string): [CrmModule, string] | undefined => {
  const [area, module, action] = perms.split(':');
  return area === 'crm' && action && CRM_MODULES.some((m) => m === module) ? [module as CrmModule, action] : undefined;
};

/**
 * The rule of what roles get of menus added to an existing install: a role gets a new menu when it
 * already holds that menu's permission elsewhere (a Set-up page layout: `setup:fields:list`), or,
 * for `crm:<module>:X` of a module declaring `grantsLike`, when it holds `crm:<grantsLike>:X`
 * (contacts: a role gets contact:X where it holds account:X). Directories above a granted menu come
 * with it. Administrators see every menu whatever their role holds.
 */
async function grantNewMenus(tx: Executor, added: InsertedMenu[]): Promise<void> {
  const held = await rowsOf<{ role_id: unknown; perms: string }>(
    tx,
    sql`select distinct rm.role_id, m.perms from sys_role_menu rm join sys_menu m on m.menu_id = rm.menu_id join sys_role r on r.role_id = rm.role_id
        where m.perms is not null and m.perms <> '' and r.del_flag = '0'`,
  );
  const permsOf = new Map<number, Set<string>>();
  for (const h of held) permsOf.set(Number(h.role_id), (permsOf.get(Number(h.role_id)) ?? new Set()).add(h.perms));
  const parentOf = new Map((await tx.select({ menuId: sysMenu.menuId, parentId: sysMenu.parentId }).from(sysMenu)).map((m) => [m.menuId, m.parentId]));
  const likeOf = (perms: string): string | undefined => {
    const parsed = crmPermission(perms);
    const like = parsed && moduleGrantsLikeOf(parsed[0]);
    return parsed && like ? `crm:${like}:${parsed[1]}` : undefined;
  };
  const grants: Array<{ roleId: number; menuId: number }> = [];
  for (const [roleId, perms] of permsOf) {
    const menus = new Set<number>();
    for (const menu of added) {
      if (!menu.perms) continue;
      const like = likeOf(menu.perms);
      if (!perms.has(menu.perms) && !(like && perms.has(like))) continue;
      for (let id: number | undefined = menu.menuId; id; id = parentOf.get(id)) menus.add(id);
    }
    grants.push(...[...menus].map((menuId) => ({ roleId, menuId })));
  }
  if (grants.length) await tx.insert(sysRoleMenu).values(grants).onConflictDoNothing();
}
