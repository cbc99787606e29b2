import { getToken } from '../../utils/auth';
import type { DashboardLabels } from '../../views/crm/dashboard/preloadDashboard';

/**
 * What the last loads of this session resolved, so that a full load (a reload, a link opened in a
 * new tab) can ask for its page's code and first data at once, beside the session's user info and
 * menu, instead of after them (issue 36, item 15; bench/pageLoad.ts): the view each address opened
 * and the landing dashboard, and the modules and dictionaries a dashboard's widgets were labelled
 * with. Only a guess: the route still resolves through the menu the server sends, and a guess that
 * turns out wrong cost a request and a chunk that nothing uses.
 *
 * Kept in local storage under a fingerprint of the session's token, so another session (another
 * user signing in on this browser) never starts from this one's guesses; the token itself is not
 * copied.
 */
const KEY = 'orbit-warm-start';
/** Addresses remembered at most, the newest kept: a guess per page a person opens by address. */
const MAX_PAGES = 50;

type Stored = { session: string; pages: Record<string, string>; dashboardId: number | null; dashboardLabels?: DashboardLabels };

/** FNV-1a of the token: enough to tell sessions apart, too short to stand for the token. */
function fingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

function read(): Stored | null {
  const token = getToken();
  if (!token) return null;
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Stored | null;
    return stored && stored.session === fingerprint(token) && typeof stored.pages === 'object' ? stored : null;
  } catch {
    return null;
  }
}

function write(change: (current: Stored) => Stored): void {
  const token = getToken();
  if (!token) return;
  const current = read() ?? { session: fingerprint(token), pages: {}, dashboardId: null };
  try {
    localStorage.setItem(KEY, JSON.stringify(change(current)));
  } catch {
    // Storage full or refused: the next full load just does not start early.
  }
}

/** The view an address opened last time in this session, and the landing dashboard then. */
export function rememberedPage(pathname: string): { component: string; dashboardId: number | null } | null {
  const stored = read();
  const component = stored?.pages[pathname];
  return stored && typeof component === 'string' ? { component, dashboardId: stored.dashboardId } : null;
}

export function rememberPage(pathname: string, component: string, dashboardId: number | null): void {
  const known = read();
  if (known?.pages[pathname] === component && known.dashboardId === dashboardId) return;
  write((current) => {
    const { [pathname]: _old, ...others } = current.pages;
    const kept = Object.entries(others).slice(-(MAX_PAGES - 1));
    return { ...current, pages: { ...Object.fromEntries(kept), [pathname]: component }, dashboardId };
  });
}

/** The modules and dictionaries the landing dashboard's widgets were labelled with last time. */
export function rememberedDashboardLabels(): DashboardLabels | null {
  return read()?.dashboardLabels ?? null;
}

export function rememberDashboardLabels(labels: DashboardLabels): void {
  if (JSON.stringify(read()?.dashboardLabels) === JSON.stringify(labels)) return;
  write((current) => ({ ...current, dashboardLabels: labels }));
}
