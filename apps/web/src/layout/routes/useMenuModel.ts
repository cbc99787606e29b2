import type { RouterVo } from '@orbit/shared/contract/auth';
import { MY_DAY_PERMISSIONS } from '@orbit/shared/contract/myDay';
import { useSession, type Session } from '../../store/session';
import { hasPermission } from '../../utils/permission';
import { buildMenuModel, type MenuModel } from './menuModel';

const cache = new WeakMap<RouterVo[], MenuModel>();
const EMPTY: RouterVo[] = [];

/**
 * The menu model of a session (built once per session, keyed by its routes): an administrator's is
 * the whole menu; `/` lands on My day for a seller, else on the dashboards page when the user's role
 * has a dashboard; routes are checked against the user's roles (SPEC §6).
 */
export function menuModelOf(session: Pick<Session, 'routers' | 'isAdmin' | 'defaultDashboardId' | 'roles' | 'permissions'> | null): MenuModel {
  const routers = session?.routers ?? EMPTY;
  let model = cache.get(routers);
  if (!model) cache.set(routers, (model = buildMenuModel(routers, session?.isAdmin ?? false, !!session?.defaultDashboardId, session?.roles, hasPermission(session, [...MY_DAY_PERMISSIONS]))));
  return model;
}

/** The signed-in user's menu model (empty before the session loads). */
export function useMenuModel(): MenuModel {
  return menuModelOf(useSession());
}
