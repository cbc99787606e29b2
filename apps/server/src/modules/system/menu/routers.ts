import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RouterVo } from '@orbit/shared/contract/auth';
import { isWebAddress } from '@orbit/shared/patterns';
import type { Executor } from '../../../db/client';
import { STATUS_NORMAL } from '../../../db/schema/columns';
import { sysMenu, sysRoleMenu } from '../../../db/schema/menu';
import type { CurrentUser } from '../../auth/currentUser';

type MenuRow = typeof sysMenu.$inferSelect;
type MenuNode = MenuRow & { children: MenuNode[] };

/** Directories and pages (not buttons) the user may see, in menu order; admins see all. */
export async function menusForUser(db: Executor, user: CurrentUser): Promise<MenuRow[]> {
  const types = inArray(sysMenu.menuType, ['M', 'C']);
  const enabled = eq(sysMenu.status, STATUS_NORMAL);
  if (user.isAdmin) {
    return db.select().from(sysMenu).where(and(types, enabled)).orderBy(asc(sysMenu.parentId), asc(sysMenu.orderNum));
  }
  if (!user.roles.length) return [];
  const rows = await db
    .selectDistinct({ menu: sysMenu })
    .from(sysMenu)
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.menuId, sysMenu.menuId))
    .where(and(types, enabled, inArray(sysRoleMenu.roleId, user.roles.map((r) => r.roleId))))
    .orderBy(asc(sysMenu.parentId), asc(sysMenu.orderNum));
  return rows.map((r) => r.menu);
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

function metaOf(menu: MenuRow) {
  return {
    title: menu.menuName,
    icon: menu.icon,
    noCache: menu.isCache === 1,
    link: isWebAddress(menu.path) ? menu.path : null,
  };
}

/** RuoYi's RouterVo shape: what the web app turns into routes and the sidebar. */
export function buildRouters(nodes: MenuNode[]): RouterVo[] {
  return nodes.map((menu) => {
    const router: RouterVo = {
      name: routeName(menu),
      path: pathOf(menu),
      hidden: menu.visible === '1',
      component: componentOf(menu),
      meta: metaOf(menu),
    };
    if (menu.query) router.query = menu.query;
    if (menu.menuType === 'M' && menu.children.length) {
      router.alwaysShow = true;
      router.redirect = 'noRedirect';
      router.children = buildRouters(menu.children);
    } else if (isTopLevelPage(menu)) {
      router.meta = { title: menu.menuName, icon: menu.icon, noCache: false, link: null };
      router.children = [
        { name: routeName(menu), path: menu.path, hidden: false, component: menu.component ?? '', meta: metaOf(menu), ...(menu.query ? { query: menu.query } : {}) },
      ];
      router.name = `${routeName(menu)}Root`;
    }
    return router;
  });
}
