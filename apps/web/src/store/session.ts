import { useSyncExternalStore } from 'react';
import type { GetInfoResponse, RouterVo } from '@orbit/shared/contract/auth';
import { getInfo, getRouters } from '../api/auth';
import { RequestError } from '../api/request';
import i18n from '../i18n/i18n';

/**
 * The signed-in session: who the user is, their roles and permissions, and the menu the server
 * built for them. Loaded once after sign-in (by the route guard), cleared on log out.
 */
export type Session = Omit<GetInfoResponse, 'code' | 'msg'> & { routers: RouterVo[] };

let session: Session | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return session;
}

export function setSession(next: Session | null): void {
  session = next;
  emit();
}

let loading: Promise<Session> | null = null;

/**
 * Fetches user info, menu and the organisation's palette; rejects (RequestError) when the info or
 * the menu fails (the palette never does) — a menu that cannot be
 * loaded says so in the menu-load message (SPEC §8). Route loaders running side by side share
 * one load.
 */
export function loadSession(): Promise<Session> {
  loading ??= (async () => {
    const menu = getRouters().catch((error: unknown) => {
      if (error instanceof RequestError && error.code !== 401 && error.code !== 0) throw new RequestError(i18n.t('request.menuLoadError'), error.code);
      throw error;
    });
    // The organisation's palette arrives with the session, so the layout never draws in the default
    // first; imported here, not above, so that the sign-in page (whose guard loads this module) does not load it.
    const palette = import('./palette').then((p) => p.loadOrganisationPalette());
    const [info, routers] = await Promise.all([getInfo(), menu, palette]);
    const { code: _code, msg: _msg, ...rest } = info;
    setSession({ ...rest, routers: routers.data });
    return session!;
  })().finally(() => {
    loading = null;
  });
  return loading;
}

export function patchSession(patch: Partial<Session>): void {
  if (session) setSession({ ...session, ...patch });
}

/**
 * Changes the signed-in user's own details (a profile edit, a new avatar): the session's user, and
 * getInfo's top-level name, avatar and introduction that mirror it (SPEC §7), in one step.
 */
export function patchSessionUser(patch: Partial<Session['user']>): void {
  if (!session) return;
  const user = { ...session.user, ...patch };
  setSession({ ...session, user, name: user.nickName || user.userName, avatar: user.avatar, introduction: user.introduction });
}

export function useSession(): Session | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => session,
  );
}
