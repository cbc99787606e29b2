import { describe, expect, it } from 'vitest';
import type { RouterVo } from '@orbit/shared/contract/auth';
import { buildMenuModel } from './menuModel';
import { resolvePath } from './resolvePath';

const meta = (title: string, extra: Partial<RouterVo['meta']> = {}) => ({ title, icon: 'x', noCache: false, link: null, roles: [], affix: false, breadcrumb: true, ...extra });
/** The template demo's example section (SPEC §2): list, create, and a hidden edit/:id. */
const example: RouterVo = {
  name: 'Example', path: '/example', hidden: false, component: 'Layout', alwaysShow: true, meta: meta('Example'),
  children: [
    { name: 'ArticleList', path: 'list', hidden: false, component: 'demo/example/list', meta: meta('Article List') },
    { name: 'CreateArticle', path: 'create', hidden: false, component: 'demo/example/create', meta: meta('Create Article') },
    { name: 'EditArticle', path: 'edit/:id', hidden: true, component: 'demo/example/edit', meta: meta('Edit Article') },
  ],
};

describe('resolvePath and the template demo routes', () => {
  const admin = buildMenuModel([example], true);
  const editor = buildMenuModel([], false);

  it('matches a parameter of a menu path against digits only', () => {
    expect(resolvePath('/example/edit/42', admin)).toMatchObject({ kind: 'page', page: { name: 'EditArticle' } });
    expect(resolvePath('/example/edit/abc', admin)).toEqual({ kind: 'notFound' });
    expect(resolvePath('/example/edit/4/2', admin)).toEqual({ kind: 'notFound' });
  });

  it('redirects the example base to its list', () => {
    expect(resolvePath('/example', admin)).toEqual({ kind: 'redirect', to: '/example/list' });
  });

  it("answers no permission for a demo page missing from a role's menu, not found from the whole menu", () => {
    expect(resolvePath('/permission/page', editor)).toEqual({ kind: 'noPermission' });
    expect(resolvePath('/icon/index', editor)).toEqual({ kind: 'noPermission' });
    expect(resolvePath('/permission/page', admin)).toEqual({ kind: 'notFound' });
    expect(resolvePath('/nowhere/at/all', editor)).toEqual({ kind: 'notFound' });
  });
});

describe('`/` for a user whose role has a dashboard (SPEC §2, second reading)', () => {
  const dashboards: RouterVo = {
    name: 'Dashboard', path: '/dashboard', hidden: false, component: 'Layout', meta: meta('Dashboard'),
    children: [{ name: 'DashboardIndex', path: 'dashboard-index', hidden: false, component: 'crm/dashboard/index', meta: meta('Dashboards') }],
  };
  /** As the server sends it to a role landing on a dashboard: the page pinned (route meta `affix`). */
  const pinned: RouterVo = { ...dashboards, children: [{ ...dashboards.children![0]!, meta: meta('Dashboards', { affix: true }) }] };

  it('goes to the dashboards page when the role has a dashboard and the menu has the page; the server’s meta pins it', () => {
    const model = buildMenuModel([pinned], false, true);
    expect(resolvePath('/', model)).toEqual({ kind: 'redirect', to: '/dashboard/dashboard-index' });
    expect(model.pages.find((p) => p.name === 'DashboardIndex')!.affix).toBe(true);
    // The pin is the server's to give: the client pins nothing on its own.
    expect(buildMenuModel([dashboards], false, true).pages.find((p) => p.name === 'DashboardIndex')!.affix).toBe(false);
  });

  it('keeps the home page for a role without one, or without the dashboards page in the menu', () => {
    const without = buildMenuModel([dashboards], false, false);
    expect(resolvePath('/', without)).toEqual({ kind: 'redirect', to: '/home/index-redirect/index' });
    expect(without.pages.find((p) => p.name === 'DashboardIndex')!.affix).toBe(false);
    expect(resolvePath('/', buildMenuModel([example], false, true))).toEqual({ kind: 'redirect', to: '/home/index-redirect/index' });
  });

  it('lands a seller on My day (before their role’s dashboard, which stays pinned); an administrator keeps the launcher', () => {
    const seller = buildMenuModel([pinned], false, true, undefined, true);
    expect(resolvePath('/', seller)).toEqual({ kind: 'redirect', to: '/my-day' });
    expect(resolvePath('/my-day', seller)).toMatchObject({ kind: 'page', page: { component: 'myDay/MyDayPage', affix: true } });
    expect(seller.pages.find((p) => p.name === 'DashboardIndex')!.affix).toBe(true);
    // The launcher of menus stays where it was.
    expect(resolvePath('/home', seller)).toMatchObject({ kind: 'page', page: { component: 'home/HomePage' } });
    const administrator = buildMenuModel([example, pinned], true, true, undefined, true);
    expect(resolvePath('/', administrator)).toEqual({ kind: 'redirect', to: '/dashboard/dashboard-index' });
    expect(resolvePath('/my-day', administrator)).toMatchObject({ kind: 'page' });
    // Without a day to show there is no such page: another role's, as any product page.
    expect(resolvePath('/my-day', buildMenuModel([dashboards], false, false, undefined, false))).toEqual({ kind: 'noPermission' });
  });
});
