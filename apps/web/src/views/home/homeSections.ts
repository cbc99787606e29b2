import type { RouterVo } from '@orbit/shared/contract/auth';

/** One area of the menu as the home page lists it: where it opens and how many pages it holds. */
export type HomeSection = { name: string; title: string; path: string; pages: number };

const join = (base: string, path: string) => (path.startsWith('/') || /^https?:/.test(path) ? path : `${base.replace(/\/$/, '')}/${path}`);

function visiblePages(route: RouterVo, base: string): string[] {
  if (route.hidden) return [];
  const path = join(base, route.path);
  const children = (route.children ?? []).flatMap((child) => visiblePages(child, path));
  return children.length ? children : route.children?.length ? [] : [path];
}

/** The top-level menu areas the user can open, each with its first page (pure; unit-tested). */
export function homeSections(routers: RouterVo[]): HomeSection[] {
  return routers.flatMap((route) => {
    const pages = visiblePages(route, '/');
    if (!pages.length || /^https?:/.test(pages[0]!)) return [];
    // A top-level page comes wrapped (`{ path: '/', name: 'CalendarRoot', children: [page] }`): the
    // card is the page's, named by its route name so that it is translated (menu.Calendar).
    const named = (route.path === '/' || route.path === '') && route.children?.length === 1 ? route.children[0]! : route;
    return [{ name: named.name, title: named.meta?.title ?? named.name, path: pages[0]!, pages: pages.length }];
  });
}
