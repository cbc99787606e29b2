import { ERROR_MESSAGE_DURATION_S } from '@orbit/shared/constants';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import i18n from '../i18n/i18n';
import { notifier } from '../api/notifier';
import { RequestError } from '../api/request';
import { getSession, loadSession, setSession, type Session } from '../store/session';
import { getToken, removeToken } from '../utils/auth';

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
