import type { MenuPage } from './menuModel';

/** One crumb after Home: its title, and where it leads (none for the current page or a folder without a page). */
export type Crumb = { key: string; title: string; to: string | null };

/**
 * The crumbs of a page below Home: its folders, then the page. A folder titled like the crumb
 * after it (a menu folder holding one page of the same name: Dashboard › Dashboard, Leads › Leads)
 * is left out, so the title shows once, as the page.
 */
export function breadcrumbTrail(page: Pick<MenuPage, 'fullPath' | 'name' | 'title' | 'parents'>, titleOf: (route: { name: string; title: string }) => string): Crumb[] {
  const crumbs: Crumb[] = [...page.parents.map((dir) => ({ key: dir.fullPath, title: titleOf(dir), to: dir.firstPage })), { key: page.fullPath, title: titleOf(page), to: null }];
  return crumbs.filter((crumb, i) => i === crumbs.length - 1 || crumb.title !== crumbs[i + 1]!.title);
}
