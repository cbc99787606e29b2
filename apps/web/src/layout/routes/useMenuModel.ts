import type { RouterVo } from '@orbit/shared/contract/auth';
import { useSession } from '../../store/session';
import { buildMenuModel, type MenuModel } from './menuModel';

const cache = new WeakMap<RouterVo[], MenuModel>();

/**
 * The menu model of a session's routes (built once per session); an administrator's is the whole
 * menu; `landsOnDashboard` when the user's role has a dashboard (it is one per session too).
 */
export function menuModelOf(routers: RouterVo[], isAdmin: boolean, landsOnDashboard = false): MenuModel {
  let model = cache.get(routers);
  if (!model) cache.set(routers, (model = buildMenuModel(routers, isAdmin, landsOnDashboard)));
  return model;
}

const EMPTY: RouterVo[] = [];

/** The signed-in user's menu model (empty before the session loads). */
export function useMenuModel(): MenuModel {
  const session = useSession();
  return menuModelOf(session?.routers ?? EMPTY, session?.isAdmin ?? false, !!session?.defaultDashboardId);
}
