import { redirect, type LoaderFunctionArgs } from 'react-router';
import i18n from '../i18n/i18n';
import { notifier } from '../api/notifier';
import { RequestError } from '../api/request';
import { getSession, loadSession, setSession } from '../store/session';
import { getToken, removeToken } from '../utils/auth';

const loginWithRedirect = (url: URL) => `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;

/**
 * Guard of every signed-in route (SPEC §4): no token → sign-in page with the target saved;
 * token but no session yet → load user info and menu first; on failure clear the token, show the
 * error and go to the sign-in page.
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!getToken()) throw redirect(loginWithRedirect(url));
  if (!getSession()) {
    try {
      await loadSession();
    } catch (error) {
      removeToken();
      setSession(null);
      if (error instanceof RequestError && error.message) notifier().error(error.message, 5);
      else notifier().error(i18n.t('request.error'), 5);
      throw redirect(loginWithRedirect(url));
    }
  }
  return getSession();
}
