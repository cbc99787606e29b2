import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RouterVo } from '@orbit/shared/contract/auth';
import { changeLanguage } from '../i18n/i18n';
import { patchSession } from '../store/session';
import { prepareCrmTests, signInOlivia } from '../test/crmFixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import Breadcrumbs from './Breadcrumbs';
import { breadcrumbTrail } from './routes/breadcrumbTrail';

const meta = (title: string, extra: Partial<RouterVo['meta']> = {}) => ({ title, icon: '', noCache: false, link: null, roles: [], affix: false, breadcrumb: true, ...extra });
/** The menu as the server sends it: a Dashboard folder holding its one Dashboard page, and System › User. */
const routers: RouterVo[] = [
  { name: 'Dashboard', path: '/dashboard', hidden: false, component: 'Layout', meta: meta('Dashboard'), children: [{ name: 'DashboardIndex', path: 'dashboard-index', hidden: false, component: 'crm/dashboard/index', meta: meta('Dashboard') }] },
  { name: 'System', path: '/system', hidden: false, component: 'Layout', meta: meta('System'), children: [{ name: 'User', path: 'user', hidden: false, component: 'system/user/index', meta: meta('User') }] },
] as RouterVo[];

const crumbs = () => [...document.querySelectorAll('.ant-breadcrumb li:not(.ant-breadcrumb-separator)')].map((li) => li.textContent);
const show = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Breadcrumbs />
    </MemoryRouter>,
  );

prepareCrmTests();
beforeEach(() => {
  signInOlivia();
  act(() => patchSession({ routers }));
});

describe('the breadcrumb', () => {
  it('names a page once when its menu folder has the same title: Home / Dashboard, in both languages', async () => {
    show('/dashboard/dashboard-index');
    expect(crumbs()).toEqual(['Home', 'Dashboard']);
    expect(screen.getByTestId('breadcrumb').textContent).not.toMatch(/Dashboard.*Dashboard/);
    await act(() => changeLanguage('zh'));
    expect(crumbs()).toEqual(['首页', '仪表盘']);
    await act(() => changeLanguage('en'));
  });

  it('keeps a folder whose title differs from its page, as a link to its first page', () => {
    show('/system/user');
    expect(crumbs()).toEqual(['Home', 'System', 'Users']);
    expect(screen.getByRole('link', { name: 'System' }).getAttribute('href')).toBe('/system/user');
  });

  it('leaves out what the server’s meta keeps out of the breadcrumb: a folder, or the page itself (then its folder is the current crumb)', () => {
    act(() =>
      patchSession({
        routers: [
          {
            name: 'System', path: '/system', hidden: false, component: 'Layout', meta: meta('System', { breadcrumb: false }),
            children: [{ name: 'User', path: 'user', hidden: false, component: 'system/user/index', meta: meta('User') }],
          },
          {
            name: 'Setup', path: '/setup', hidden: false, component: 'Layout', meta: meta('Setup'),
            children: [{ name: 'LogLogin', path: 'log-login', hidden: false, component: 'monitor/logininfor/index', meta: meta('Login Log', { breadcrumb: false }) }],
          },
        ],
      }),
    );
    const first = show('/system/user');
    expect(crumbs()).toEqual(['Home', 'Users']);
    first.unmount();
    show('/setup/log-login');
    expect(crumbs()).toEqual(['Home', 'Setup']);
    expect(screen.queryByRole('link', { name: 'Setup' })).toBeNull();
  });

  it('drops only a folder titled like the crumb right after it', () => {
    const dir = (fullPath: string, title: string) => ({ fullPath, name: '', title, firstPage: `${fullPath}/x`, breadcrumb: true });
    const trail = (titles: string[], page: string) => breadcrumbTrail({ fullPath: '/p', name: '', title: page, breadcrumb: true, parents: titles.map((t, i) => dir(`/d${i}`, t)) }, (r) => r.title).map((c) => c.title);
    expect(trail(['Reports'], 'Reports')).toEqual(['Reports']);
    expect(trail(['Sales', 'Reports'], 'Reports')).toEqual(['Sales', 'Reports']);
    expect(trail(['Reports', 'Sales'], 'Reports')).toEqual(['Reports', 'Sales', 'Reports']);
    expect(trail([], 'Home page')).toEqual(['Home page']);
  });
});
