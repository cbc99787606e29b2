import { aliases, constantPages, DEMO_AREAS, PRODUCT_AREAS } from './constantPages';
import type { MenuModel, MenuPage } from './menuModel';

export type Resolution =
  | { kind: 'page'; page: MenuPage }
  | { kind: 'redirect'; to: string }
  | { kind: 'noPermission' }
  | { kind: 'notFound' };

/** What the signed-in shell shows at a path: a page, a redirect, no permission, or not found. */
export function resolvePath(pathname: string, model: MenuModel): Resolution {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path.startsWith('/redirect/')) return { kind: 'redirect', to: path.slice('/redirect'.length) };
  // SPEC §2: `/` is the home page, or for a user whose role has a dashboard, that dashboard pinned.
  if (path === '/' && model.landing) return { kind: 'redirect', to: model.landing };
  if (aliases[path]) return { kind: 'redirect', to: aliases[path] };
  const page =
    constantPages.find((p) => p.fullPath === path) ??
    model.pages.find((p) => !p.link && p.fullPath === path) ??
    model.pages.find((p) => !p.link && p.fullPath.includes('/:') && matchesPattern(p.fullPath, path));
  if (page) return { kind: 'page', page };
  const dir = model.dirs.find((d) => d.fullPath === path);
  if (dir?.firstPage) return { kind: 'redirect', to: dir.firstPage };
  // A path of a product area missing from a partial menu may be another role's page; from the
  // whole menu, it does not exist.
  const area = path.split('/')[1]?.toLowerCase() ?? '';
  return (PRODUCT_AREAS.includes(area) || DEMO_AREAS.includes(area)) && !model.wholeMenu ? { kind: 'noPermission' } : { kind: 'notFound' };
}

/** A menu path with parameters ('/example/edit/:id'): each parameter stands for digits only (SPEC §2). */
function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? /^\d+$/.test(got[i]!) : part === got[i]));
}
