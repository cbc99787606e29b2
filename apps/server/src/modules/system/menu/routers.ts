import { and, asc, eq, inArray } from 'drizzle-orm';
import { ADMIN_ROLE_KEY, DASHBOARD_VIEW } from '@orbit/shared/constants';
import type { RouterMeta, RouterVo } from '@orbit/shared/contract/auth';
import { isWebAddress } from '@orbit/shared/patterns';
import type { Executor } from '../../../db/client';
import { STATUS_NORMAL } from '../../../db/schema/columns';
import { sysMenu, sysRoleMenu } from '../../../db/schema/menu';
import type { CurrentUser } from '../../auth/currentUser';

/** A menu with the keys of the caller's roles that open it (route meta `roles`). */
type MenuRow = typeof sysMenu.$inferSelect & { roles: string[] };
type MenuNode = MenuRow & { children: MenuNode[] };

/**
 * Directories and pages (not buttons) the user may see, in menu order, each with the user's roles
 * that grant it; administrators see all, through their `admin` role (the one getInfo names).
 */
export async function menusForUser(db: Executor, user: CurrentUser): Promise<MenuRow[]> {
  const types = inArray(sysMenu.menuType, ['M', 'C']);
  const enabled = eq(sysMenu.status, STATUS_NORMAL);
  if (user.isAdmin) {
    const all = await db.select().from(sysMenu).where(and(types, enabled)).orderBy(asc(sysMenu.parentId), asc(sysMenu.orderNum));
    return all.map((menu) => ({ ...menu, roles: [ADMIN_ROLE_KEY] }));
  }
  if (!user.roles.length) return [];
  const rows = await db
    .select({ menu: sysMenu, roleId: sysRoleMenu.roleId })
    .from(sysMenu)
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.menuId, sysMenu.menuId))
    .where(and(types, enabled, inArray(sysRoleMenu.roleId, user.roles.map((r) => r.roleId))))
    .orderBy(asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId));
  const granting = new Map<number, Set<number>>();
  const menus = new Map<number, typeof sysMenu.$inferSelect>();
  for (const { menu, roleId } of rows) {
    menus.set(menu.menuId, menu);
    granting.set(menu.menuId, (granting.get(menu.menuId) ?? new Set()).add(roleId));
  }
  // The user's roles in their own order (role sort), so the list reads the same on every call.
  return [...menus.values()].map((menu) => ({ ...menu, roles: user.roles.filter((r) => granting.get(menu.menuId)!.has(r.roleId)).map((r) => r.roleKey) }));
}

export function toTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>(rows.map((r) => [r.menuId, { ...r, children: [] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else if (node.parentId === 0) roots.push(node);
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function routeName(menu: MenuRow): string {
  return menu.routeName || capitalise(menu.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : '')));
}

/** A top-level page (not a directory): wrapped in the layout so that it renders inside it. */
function isTopLevelPage(menu: MenuRow): boolean {
  return menu.parentId === 0 && menu.menuType === 'C' && menu.isFrame === 1;
}

function componentOf(menu: MenuRow): string {
  if (menu.component && !isTopLevelPage(menu)) return menu.component;
  if (menu.parentId !== 0 && isWebAddress(menu.path)) return 'InnerLink';
  if (menu.parentId !== 0 && menu.menuType === 'M') return 'ParentView';
  return 'Layout';
}

function pathOf(menu: MenuRow): string {
  if (menu.isFrame === 0 && isWebAddress(menu.path)) return menu.path;
  if (menu.parentId === 0 && menu.menuType === 'M') return `/${menu.path}`;
  if (isTopLevelPage(menu)) return '/';
  return menu.path;
}

/** Per caller: their role lands on a dashboard, whose page is then pinned (SPEC §2's second reading of `/`). */
export type RouterOptions = { landsOnDashboard: boolean };

function metaOf(menu: MenuRow, options: RouterOptions): RouterMeta {
  return {
    title: menu.menuName,
    icon: menu.icon,
    noCache: menu.isCache === 1,
    link: isWebAddress(menu.path) ? menu.path : null,
    roles: menu.roles,
    affix: menu.affix || (options.landsOnDashboard && menu.menuType === 'C' && menu.component === DASHBOARD_VIEW),
    breadcrumb: menu.breadcrumb,
  };
}

/** RuoYi's RouterVo shape: what the web app turns into routes and the sidebar. */
export function buildRouters(nodes: MenuNode[], options: RouterOptions): RouterVo[] {
  return nodes.map((menu) => {
    const router: RouterVo = {
      name: routeName(menu),
      path: pathOf(menu),
      hidden: menu.visible === '1',
      component: componentOf(menu),
      meta: metaOf(menu, options),
    };
    if (menu.query) router.query = menu.query;
    if (menu.menuType === 'M' && menu.children.length) {
      router.alwaysShow = true;
      router.redirect = 'noRedirect';
      router.children = buildRouters(menu.children, options);
    } else if (isTopLevelPage(menu)) {
      // The wrapper is no page of its own: not pinned, never a crumb (the page inside is both, as it says).
      router.meta = { ...router.meta, noCache: false, link: null, affix: false, breadcrumb: false };
      router.children = [
        { name: routeName(menu), path: menu.path, hidden: false, component: menu.component ?? '', meta: metaOf(menu, options), ...(menu.query ? { query: menu.query } : {}) },
      ];
      router.name = `${routeName(menu)}Root`;
    }
    return router;
  });
}
