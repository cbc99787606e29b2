import { ERROR_MESSAGE_DURATION_S } from '@orbit/shared/constants';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import i18n from '../i18n/i18n';
import { notifier } from '../api/notifier';
import { RequestError } from '../api/request';
import { getSession, loadSession, setSession, type Session } from '../store/session';
import { getToken, removeToken } from '../utils/auth';

/** The routes without the guard (app/router): a token kept there is not checked. */
const PUBLIC_PATHS = new Set(['/login', '/auth-redirect', '/404']);

/** A path whose route checks the session: any but sign-in and the public pages. */
export const isGuardedPath = (pathname: string) => !PUBLIC_PATHS.has(pathname);

const loginWithRedirect = (url: URL) => `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;

let checking: Promise<Session> | null = null;

/** One load for the loaders that run side by side; a failure clears the token and is shown once. */
function loadOnce(): Promise<Session> {
  checking ??= loadSession()
    .catch((error: unknown) => {
      removeToken();
      setSession(null);
      // What the request client already showed (a 500's message, the 401 dialog) is not repeated.
      if (!(error instanceof RequestError)) notifier().error(i18n.t('request.error'), ERROR_MESSAGE_DURATION_S);
      else if (!error.shown) notifier().error(error.message || i18n.t('request.error'), ERROR_MESSAGE_DURATION_S);
      throw error;
    })
    .finally(() => {
      checking = null;
    });
  return checking;
}

/**
 * Loads the session (user info, menu, the organisation's palette) as soon as the app has its
 * texts, when a token is there, from the answers asked for as it started (app/earlyRequests): the
 * route guard then finds it loaded or in flight. Left to the guard, it began only once the router
 * had started the signed-in shell's code, whose module preloads (one `<link>` per chunk, ~50 of
 * them) kept the main thread ~40–100 ms first (bench/pageLoad.ts). A failure is handled here as the
 * guard would (token cleared, shown once); the guard then sends to sign-in.
 */
export function startSession(): void {
  if (getToken() && !getSession() && isGuardedPath(window.location.pathname)) loadOnce().catch(() => undefined);
}

/**
 * Guard of every signed-in route (SPEC §4): no token → sign-in page with the target saved;
 * token but no session yet → load user info and menu first; on failure clear the token, show the
 * error and go to /login?redirect={path}.
 */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<Session> {
  const url = new URL(request.url);
  if (!getToken()) throw redirect(loginWithRedirect(url));
  const current = getSession();
  if (current) return current;
  try {
    return await loadOnce();
  } catch {
    throw redirect(loginWithRedirect(url));
  }
}
