import { useSyncExternalStore } from 'react';
import type { GetInfoResponse, RouterVo } from '@orbit/shared/contract/auth';
import { getInfo, getRouters } from '../api/auth';

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

/** Fetches user info and menu; rejects (RequestError) when either fails. */
export async function loadSession(): Promise<Session> {
  const [info, routers] = await Promise.all([getInfo(), getRouters()]);
  const { code: _code, msg: _msg, ...rest } = info;
  setSession({ ...rest, routers: routers.data });
  return session!;
}

export function patchSession(patch: Partial<Session>): void {
  if (session) setSession({ ...session, ...patch });
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
