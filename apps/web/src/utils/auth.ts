import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '@orbit/shared/constants';

/**
 * The session token lives in the `Admin-Token` cookie, and also in session and local storage
 * (SPEC §9). Reads prefer the cookie.
 */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) ?? sessionStorage.getItem(TOKEN_COOKIE) ?? localStorage.getItem(TOKEN_COOKIE) ?? undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict' });
  sessionStorage.setItem(TOKEN_COOKIE, token);
  localStorage.setItem(TOKEN_COOKIE, token);
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
  sessionStorage.removeItem(TOKEN_COOKIE);
  localStorage.removeItem(TOKEN_COOKIE);
}
