import type { DemoRoute } from '@orbit/shared/contract/demo';
import { menuViewStore, viewMenuAs } from '../../../../store/menuView';

/** The template demo's mock roles (SPEC §6). */
export const DEMO_ROLES = ['admin', 'editor', 'visitor'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

const isDemoRole = (role: string | null): role is DemoRole => DEMO_ROLES.includes(role as DemoRole);

/** The permission directive's rule: shown when the role is one of those listed. */
export const hasDemoRole = (role: DemoRole, roles: readonly string[]) => roles.includes(role);

/** The demo routes a role sees by SPEC §6's rule: no roles metadata, or the role is listed; a visitor sees none (dashboard only). */
export function routesFor(routes: DemoRoute[], role: DemoRole): DemoRoute[] {
  if (role === 'visitor') return [];
  return routes
    .filter((r) => !r.meta?.roles || r.meta.roles.includes(role))
    .map((r) => ({ ...r, children: r.children && routesFor(r.children, role) }));
}

/** A route's full path as the sidebar keys it: absolute and external paths as they are, others under their parent. */
export const fullPath = (route: DemoRoute, base: string) =>
  route.path.startsWith('/') || route.path.startsWith('http') ? route.path : `${base}/${route.path}`;

/** Full paths of every route and directory in the table. */
export const allPaths = (routes: DemoRoute[], base = ''): string[] =>
  routes.flatMap((r) => [fullPath(r, base), ...allPaths(r.children ?? [], fullPath(r, base))]);

/** The demo menu entries (full paths) a role would not get: what the sidebar hides while it is played. */
export function hiddenDemoPaths(routes: DemoRoute[], role: DemoRole): string[] {
  const visible = new Set(allPaths(routesFor(routes, role)));
  return allPaths(routes).filter((path) => !visible.has(path));
}

/** The role played, kept in the session's menu view (so the sidebar follows it); admin until switched. */
export function useDemoRole(): DemoRole {
  const { role } = menuViewStore.use();
  return isDemoRole(role) ? role : 'admin';
}

/**
 * Plays `role`: the sidebar hides the demo entries it would not get. Nothing is granted: the
 * sidebar can only lose entries of the server's menu, and the server still checks every call
 * against the signed-in user's real roles.
 */
export function switchDemoRole(role: DemoRole, routes: DemoRoute[]): void {
  viewMenuAs(role, hiddenDemoPaths(routes, role));
}
