import type { MenuPage } from './menuModel';

/** One crumb after Home: its title, and where it leads (none for the current page or a folder without a page). */
export type Crumb = { key: string; title: string; to: string | null };

/**
 * The crumbs of a page below Home: its folders, then the page, leaving out those the server's
 * route meta keeps out of the breadcrumb (`breadcrumb: false`); the last crumb is where the user
 * is and leads nowhere. A folder titled like the crumb after it (a menu folder holding one page of
 * the same name: Dashboard › Dashboard, Leads › Leads) is left out too, so the title shows once:
 * a rule of how the trail reads, not a property of the route.
 */
export function breadcrumbTrail(
  page: Pick<MenuPage, 'fullPath' | 'name' | 'title' | 'parents' | 'breadcrumb'>,
  titleOf: (route: { name: string; title: string }) => string,
): Crumb[] {
  const shown: Crumb[] = page.parents.filter((dir) => dir.breadcrumb).map((dir) => ({ key: dir.fullPath, title: titleOf(dir), to: dir.firstPage }));
  if (page.breadcrumb) shown.push({ key: page.fullPath, title: titleOf(page), to: null });
  const crumbs = shown.filter((crumb, i) => i === shown.length - 1 || crumb.title !== shown[i + 1]!.title);
  return crumbs.map((crumb, i) => (i === crumbs.length - 1 ? { ...crumb, to: null } : crumb));
}
