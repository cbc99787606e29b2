import { logout } from '../api/auth';
import { setSession } from '../store/session';
import { removeToken } from './auth';

/** Log Out (SPEC §4): revoke on the server, then clear token, session data and session storage. */
export async function logOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // Signing out locally must work even when the server cannot be reached.
  }
  removeToken();
  sessionStorage.clear();
  setSession(null);
}
