import type { RouterVo } from '@orbit/shared/contract/auth';
import { DASHBOARD_VIEW } from '@orbit/shared/constants';
import { isWebAddress } from '@orbit/shared/patterns';
import { MY_DAY_PATH, myDayPage } from './constantPages';

/**
 * The server's menu (`/getRouters`, RouterVo tree) turned into what the shell needs: a flat list
 * of pages by full path (the run-time routes), the sidebar tree, and the directories for the
 * breadcrumb. Pure, so that it is unit-tested on its own.
 */
/** `breadcrumb`: the server's route meta; false leaves the directory out of the breadcrumb. */
export type MenuDir = { fullPath: string; name: string; title: string; firstPage: string | null; breadcrumb: boolean };

export type MenuPage = {
  fullPath: string;
  name: string;
  title: string;
  icon: string;
  /** View path, e.g. 'system/user/index' → views/system/user/index.tsx. */
  component: string;
  hidden: boolean;
  noCache: boolean;
  /** Pinned in the tab bar: the server's route meta (the constant pages declare their own). */
  affix: boolean;
  /** Shown in the breadcrumb (route meta; false leaves the page out). */
  breadcrumb: boolean;
  /** External link: opened in a new window, never routed. */
  link: string | null;
  /** Directories above the page, outermost first. */
  parents: MenuDir[];
};

export type MenuNode = {
  key: string;
  name: string;
  title: string;
  icon: string;
  link: string | null;
  children?: MenuNode[];
};

/**
 * `wholeMenu`: the menu is the product's whole menu (an administrator's), so a path missing from it
 * does not exist. `landing`: where `/` goes instead of the home page — My day for a seller (any
 * user with a day to show who is not an administrator), else the dashboards page for a user whose
 * role has a dashboard (SPEC §2's second reading of `/`; the server pins its tab). The home page,
 * the launcher of menus, stays pinned for everyone (docs/decisions.md, My day).
 */
export type MenuModel = { pages: MenuPage[]; dirs: MenuDir[]; tree: MenuNode[]; wholeMenu: boolean; landing?: string };

const CONTAINERS = new Set(['Layout', 'ParentView', 'InnerLink', '']);

/**
 * A folder as the sidebar draws it: holding one visible page (a module's list), it is that page's
 * link under the folder's own name and icon, one click rather than two (issue 36).
 */
export function folderOrLink(folder: MenuNode): MenuNode {
  const only = folder.children?.length === 1 ? folder.children[0]! : null;
  return only && !only.children ? { ...only, name: folder.name, title: folder.title, icon: folder.icon || only.icon } : folder;
}

export function joinPath(base: string, path: string): string {
  if (path.startsWith('/') || isWebAddress(path)) return path;
  return `${base.replace(/\/$/, '')}/${path}`.replace(/\/{2,}/g, '/');
}

function linkOf(route: RouterVo): string | null {
  // Menus lead outside only to http(s) web addresses (the server's rule, contract/menu.ts).
  const link = route.meta?.link ?? route.path;
  return isWebAddress(link) ? link : null;
}

/** SPEC §6: a route is shown when it lists no roles, or the user holds one of them (`roles` undefined: no check). */
export function routeVisibleTo(route: RouterVo, roles: readonly string[] | undefined): boolean {
  const listed = route.meta?.roles;
  return !roles || !listed?.length || listed.some((role) => roles.includes(role));
}

/**
 * `landsOnDashboard`: the user's role has a dashboard to land on (getInfo's `defaultDashboardId`);
 * `roles`: the user's role keys (getInfo's `roles`), checked against each route's meta; `hasMyDay`:
 * the user holds a permission of My day's cards (MY_DAY_PERMISSIONS), which adds its page, pinned.
 */
export function buildMenuModel(routers: RouterVo[], wholeMenu = false, landsOnDashboard = false, roles?: readonly string[], hasMyDay = false): MenuModel {
  const pages: MenuPage[] = [];
  const dirs: MenuDir[] = [];

  function walk(route: RouterVo, base: string, parents: MenuDir[]): MenuNode | null {
    if (!routeVisibleTo(route, roles)) return null;
    const fullPath = joinPath(base, route.path);
    const children = route.children ?? [];
    const isContainer = CONTAINERS.has(route.component) && children.length > 0;
    const title = route.meta?.title ?? route.name;
    const icon = route.meta?.icon ?? '';
    if (!isContainer) {
      pages.push({
        fullPath,
        name: route.name,
        title,
        icon,
        component: route.component,
        hidden: route.hidden,
        noCache: route.meta?.noCache ?? false,
        affix: route.meta?.affix ?? false,
        breadcrumb: route.meta?.breadcrumb ?? true,
        link: linkOf(route),
        parents,
      });
      return route.hidden ? null : { key: linkOf(route) ?? fullPath, name: route.name, title, icon, link: linkOf(route) };
    }
    // A top-level wrapper `{ path: '/', component: 'Layout', children: [page] }` is not a directory.
    const wrapper = route.path === '/' || route.path === '';
    const dir: MenuDir = { fullPath, name: route.name, title, firstPage: null, breadcrumb: route.meta?.breadcrumb ?? true };
    if (!wrapper) dirs.push(dir);
    const nodes = children.map((child) => walk(child, fullPath, wrapper ? parents : [...parents, dir])).filter((n): n is MenuNode => n !== null);
    dir.firstPage = pages.find((p) => !p.hidden && !p.link && p.fullPath.startsWith(`${fullPath}/`))?.fullPath ?? null;
    if (route.hidden || nodes.length === 0) return null;
    if (wrapper) return nodes.length === 1 ? nodes[0]! : { key: fullPath, name: route.name, title, icon, link: null, children: nodes };
    // A directory holding one visible page (a module's list) is that page's link, under the
    // directory's own name and icon: one click, not two (issue 36). The server's alwaysShow (RuoYi
    // sets it on every directory) is not followed for this.
    return folderOrLink({ key: fullPath, name: route.name, title, icon, link: null, children: nodes });
  }

  const tree = routers.map((route) => walk(route, '/', [])).filter((n): n is MenuNode => n !== null);
  if (hasMyDay) pages.push(myDayPage);
  // Without the dashboards page in their menu the user keeps the home page.
  const dashboard = landsOnDashboard ? pages.find((p) => p.component === DASHBOARD_VIEW && !p.link) : undefined;
  // An administrator (the whole menu) starts on the launcher of menus; a seller on their day.
  const landing = hasMyDay && !wholeMenu ? MY_DAY_PATH : dashboard?.fullPath;
  return { pages, dirs, tree, wholeMenu, ...(landing && { landing }) };
}

/**
 * The sidebar entry a page highlights: itself, or for a hidden page (a record's detail, a
 * dictionary's values) the visible page of the same view folder in its directory
 * ('system/dict/data' → the page of 'system/dict/index'), else the directory's first page.
 */
export function activeEntry(page: MenuPage, model: MenuModel): string {
  if (!page.hidden) return page.fullPath;
  const folder = page.component.split('/').slice(0, -1).join('/');
  const dir = page.parents.at(-1);
  const sibling = model.pages.find(
    (p) => !p.hidden && !p.link && p.component.startsWith(`${folder}/`) && p.parents.at(-1)?.fullPath === dir?.fullPath,
  );
  return sibling?.fullPath ?? dir?.firstPage ?? page.fullPath;
}

/**
 * The keys of the folders holding `key` in the sidebar tree, outermost first: the folders to open
 * for the page shown (a page's own directories, and a top-level folder without a path of its own:
 * the template demo's, whose pages keep their addresses).
 */
export function foldersAbove(tree: MenuNode[], key: string): string[] {
  for (const node of tree) {
    if (node.key === key) return [];
    if (!node.children) continue;
    const below = foldersAbove(node.children, key);
    if (below.length || node.children.some((c) => c.key === key)) return [node.key, ...below];
  }
  return [];
}
