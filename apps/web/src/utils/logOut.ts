import { logout } from '../api/auth';
import { queryClient } from '../app/queryClient';
import { resetMenuView } from '../store/menuView';
import { setSession } from '../store/session';
import { resetViews } from '../store/tagsView';
import { removeToken } from './auth';

/**
 * Log Out (SPEC §4): revoke on the server, then clear the token, the session (roles and the
 * menu the dynamic routes are built from), session storage, every tab, the demo role being
 * played and the cache of server data, so that whoever signs in next in this tab never sees the
 * previous user's records or menu view.
 */
export async function logOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // Signing out locally must work even when the server cannot be reached.
  }
  removeToken();
  sessionStorage.clear();
  setSession(null);
  resetViews();
  resetMenuView();
  queryClient.clear();
}
