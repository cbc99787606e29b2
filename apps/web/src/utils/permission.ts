import { ALL_PERMISSION } from '@orbit/shared/constants';
import { useSession, type Session } from '../store/session';

/** True when the session holds the permission (or `*:*:*`). Buttons mirror the server's checks. */
export function hasPermission(session: Pick<Session, 'permissions'> | null, permission: string | string[]): boolean {
  if (!session) return false;
  const needed = Array.isArray(permission) ? permission : [permission];
  return session.permissions.includes(ALL_PERMISSION) || needed.some((p) => session.permissions.includes(p));
}

/** True when the session holds one of the role keys (the admin flag counts as every role). */
export function hasRole(session: Pick<Session, 'roles' | 'isAdmin'> | null, roles: string[]): boolean {
  if (!session) return false;
  return session.isAdmin || roles.some((r) => session.roles.includes(r));
}

export function useHasPermission(permission: string | string[]): boolean {
  return hasPermission(useSession(), permission);
}
