import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouterVo } from '@orbit/shared/contract/auth';
import type { DemoRoute } from '@orbit/shared/contract/demo';
import { loadAllTexts } from '../../../../i18n/i18n';
import Sidebar from '../../../../layout/Sidebar';
import { menuViewStore, resetMenuView } from '../../../../store/menuView';
import { setSession, type Session } from '../../../../store/session';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import SwitchRoles from './SwitchRoles';

const mock = vi.hoisted(() => ({ mockApi: { routes: vi.fn() } }));
vi.mock('../../components/mockApi', () => mock);

const ROUTES: DemoRoute[] = [
  {
    path: '/permission',
    meta: { title: 'Permission', roles: ['admin', 'editor'] },
    children: [
      { path: 'page', meta: { title: 'Page Permission', roles: ['admin'] } },
      { path: 'directive', meta: { title: 'Directive Permission' } },
      { path: 'role', meta: { title: 'Role Permission', roles: ['admin'] } },
    ],
  },
  { path: '/charts', meta: { title: 'Charts' }, children: [{ path: 'line', meta: { title: 'Line Chart' } }] },
];

const meta = (title: string) => ({ title, icon: '', noCache: false, link: null, roles: [], affix: false, breadcrumb: true });
const page = (name: string, path: string, component: string): RouterVo => ({ name, path, component, hidden: false, meta: meta(name) });
const dir = (name: string, path: string, children: RouterVo[]): RouterVo => ({ name, path, component: 'Layout', hidden: false, alwaysShow: true, meta: meta(name), children });
/** The admin's menu as /getRouters sends it: a product entry, then the demo sections. */
const ROUTERS: RouterVo[] = [
  dir('Dashboard', '/dashboard', [page('DashboardIndex', 'dashboard-index', 'dashboard/index')]),
  dir('Permission', '/permission', [
    page('PagePermission', 'page', 'demo/permission/page'),
    page('DirectivePermission', 'directive', 'demo/permission/directive'),
    page('RolePermission', 'role', 'demo/permission/role'),
  ]),
  dir('Charts', '/charts', [page('LineChart', 'line', 'demo/charts/line')]),
];

const menu = () => [...document.querySelectorAll('[data-testid^="menu-"]')].map((e) => e.getAttribute('data-testid')!.slice(5)).sort();
const play = (role: string) => fireEvent.click(screen.getByRole('radio', { name: role }));

beforeAll(async () => {
  await loadAllTexts();
});
afterEach(() => {
  cleanup();
  resetMenuView();
});

describe('the demo role switch and the sidebar', () => {
  it('hides the demo entries the played role would not get, keeps the product menu, and switching back restores them', async () => {
    mock.mockApi.routes.mockResolvedValue(ROUTES);
    setSession({ user: { userId: 1, userName: 'admin', nickName: 'Admin', avatar: '' }, roles: ['admin'], permissions: ['*:*:*'], isAdmin: true, routers: ROUTERS } as unknown as Session);
    renderWithProviders(
      <MemoryRouter initialEntries={['/permission/directive']}>
        <Sidebar />
        <SwitchRoles />
      </MemoryRouter>,
    );
    const all = ['Charts', 'Dashboard', 'DirectivePermission', 'PagePermission', 'Permission', 'RolePermission'];
    await waitFor(() => expect(menu()).toEqual(expect.arrayContaining(all)));
    expect(screen.getByTestId('demo-role').textContent).toBe('admin');

    play('editor');
    await waitFor(() => expect(menu()).not.toContain('PagePermission'));
    expect(menu()).not.toContain('RolePermission');
    // Left with one page, the permission folder is drawn as that page's link under its own name.
    expect(menu()).toEqual(expect.arrayContaining(['Charts', 'Dashboard', 'Permission']));
    expect(menu()).not.toContain('DirectivePermission');
    expect(screen.getByTestId('demo-role-menus').textContent).toBe('/permission/directive/charts/line');

    play('visitor');
    await waitFor(() => expect(menu()).not.toContain('Permission'));
    expect(menu()).not.toContain('Charts');
    expect(menu()).toContain('Dashboard');
    expect(menuViewStore.get().role).toBe('visitor');

    play('admin');
    await waitFor(() => expect(menu()).toEqual(expect.arrayContaining(all)));
    expect(menuViewStore.get()).toEqual({ role: 'admin', hidden: [] });
  });
});
