import type { RouterVo } from '@orbit/shared/contract/auth';
import { useSession } from '../../store/session';
import { buildMenuModel, type MenuModel } from './menuModel';

const cache = new WeakMap<RouterVo[], MenuModel>();

export function menuModelOf(routers: RouterVo[]): MenuModel {
  let model = cache.get(routers);
  if (!model) cache.set(routers, (model = buildMenuModel(routers)));
  return model;
}

const EMPTY: RouterVo[] = [];

/** The signed-in user's menu model (empty before the session loads). */
export function useMenuModel(): MenuModel {
  return menuModelOf(useSession()?.routers ?? EMPTY);
}
