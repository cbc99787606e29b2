import { logout } from '../api/auth';
import { setSession } from '../store/session';
import { resetViews } from '../store/tagsView';
import { removeToken } from './auth';

/**
 * Log Out (SPEC §4): revoke on the server, then clear the token, the session (roles and the
 * menu the dynamic routes are built from), session storage and every tab.
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
}
