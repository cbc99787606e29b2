import type { LoaderFunctionArgs } from 'react-router';
import { requireSession } from '../../app/guards';
import { getSession } from '../../store/session';
import { menuModelOf } from './useMenuModel';
import { preloadPage } from './preloadPage';
import { resolvePath } from './resolvePath';
import { loadView } from './views';
import { rememberedPage, rememberPage } from './warmStart';

/**
 * The run-time routes: every path under the signed-in layout comes here. The loader loads the
 * page's module before the navigation completes (so the progress bar covers it), and starts the
 * requests the page makes first (preloadPage); the layout's PageHost then renders the page,
 * keeping visited ones alive.
 *
 * On a full load the session (user info and menu) is not in yet: the view this address opened last
 * time in this session (warmStart.ts) is loaded and its first data asked for at once, beside the
 * session, rather than after it; the menu then decides, and a wrong guess is simply not used.
 */
export async function loader(args: LoaderFunctionArgs): Promise<null> {
  const url = new URL(args.request.url);
  const guess = getSession() ? null : rememberedPage(url.pathname);
  if (guess) {
    preloadPage(guess.component, url.searchParams, guess.dashboardId);
    void loadView(guess.component).catch(() => undefined);
  }
  const session = await requireSession(args);
  const resolution = resolvePath(url.pathname, menuModelOf(session));
  if (resolution.kind !== 'page') return null;
  const { component } = resolution.page;
  const landing = session.defaultDashboardId ?? null;
  rememberPage(url.pathname, component, landing);
  // The page's first data is asked for while its code loads, not after it renders.
  if (component !== guess?.component || landing !== guess.dashboardId) preloadPage(component, url.searchParams, landing);
  await loadView(component).catch(() => undefined);
  return null;
}

export function Component() {
  return null;
}
