import type { RouterVo } from '@orbit/shared/contract/auth';
import { MY_DAY_PERMISSIONS } from '@orbit/shared/contract/myDay';
import { useSession, type Session } from '../../store/session';
import { hasPermission } from '../../utils/permission';
import { buildMenuModel, type MenuModel } from './menuModel';

const cache = new WeakMap<RouterVo[], MenuModel>();
const EMPTY: RouterVo[] = [];

/**
 * The user has a day to show — a permission of its cards — and may use it now: not while a forced
 * password change is due (the server refuses every call but the change then, as for a landing
 * dashboard), so they land on the home page behind the prompt.
 */
const hasMyDay = (session: Pick<Session, 'permissions' | 'isDefaultModifyPwd'> | null) => hasPermission(session, [...MY_DAY_PERMISSIONS]) && !session?.isDefaultModifyPwd;

/**
 * The menu model of a session (built once per session, keyed by its routes): an administrator's is
 * the whole menu; `/` lands on My day for a seller, else on the dashboards page when the user's role
 * has a dashboard; routes are checked against the user's roles (SPEC §6).
 */
export function menuModelOf(session: Pick<Session, 'routers' | 'isAdmin' | 'defaultDashboardId' | 'roles' | 'permissions' | 'isDefaultModifyPwd'> | null): MenuModel {
  const routers = session?.routers ?? EMPTY;
  let model = cache.get(routers);
  if (!model) cache.set(routers, (model = buildMenuModel(routers, session?.isAdmin ?? false, !!session?.defaultDashboardId, session?.roles, hasMyDay(session))));
  return model;
}

/** The signed-in user's menu model (empty before the session loads). */
export function useMenuModel(): MenuModel {
  return menuModelOf(useSession());
}
