import type { RouterVo } from '@orbit/shared/contract/auth';
import { isExternalLink } from '@orbit/shared/validation';

/**
 * The views an unmodified RuoYi-Vue3 client (v3.9.2) has for a menu to open: the components of its
 * own menus (its sql/ry_*.sql) and the pages its router opens by path. A menu whose component is
 * not among them opens a blank page there (Orbit's business, set-up and demo pages).
 */
export const RUOYI_VIEWS: ReadonlySet<string> = new Set([
  'index',
  'system/user/index',
  'system/user/authRole',
  'system/role/index',
  'system/role/authUser',
  'system/menu/index',
  'system/dept/index',
  'system/post/index',
  'system/dict/index',
  'system/dict/data',
  'system/config/index',
  'system/notice/index',
  'monitor/online/index',
  'monitor/job/index',
  'monitor/job/log',
  'monitor/druid/index',
  'monitor/server/index',
  'monitor/cache/index',
  'monitor/cache/list',
  'monitor/operlog/index',
  'monitor/logininfor/index',
  'tool/build/index',
  'tool/gen/index',
  'tool/gen/editTable',
  'tool/swagger/index',
]);

/**
 * The routers a RuoYi client can draw: pages with one of its views, links (they need none), and
 * directories (`Layout`, `ParentView`) keeping what is left of them; a directory left empty goes.
 */
export function drawableByRuoYi(routers: RouterVo[]): RouterVo[] {
  return routers.flatMap((router) => {
    if (router.children?.length) {
      const children = drawableByRuoYi(router.children);
      return children.length ? [{ ...router, children }] : [];
    }
    return isExternalLink(router.path) || router.meta.link || RUOYI_VIEWS.has(router.component) ? [router] : [];
  });
}
