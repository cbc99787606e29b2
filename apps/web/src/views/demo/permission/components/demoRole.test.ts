import { describe, expect, it } from 'vitest';
import type { DemoRoute } from '@orbit/shared/contract/demo';
import { menuViewStore } from '../../../../store/menuView';
import { hiddenDemoPaths, switchDemoRole } from './demoRole';

/** A part of GET /vue-element-admin/routes: the permission section with its SPEC §6 role metadata, a section for all, a link. */
const DEMO_ROUTES: DemoRoute[] = [
  {
    path: '/permission',
    meta: { title: 'Permission', roles: ['admin', 'editor'] },
    children: [
      { path: 'page', name: 'PagePermission', meta: { title: 'Page Permission', roles: ['admin'] } },
      { path: 'directive', name: 'DirectivePermission', meta: { title: 'Directive Permission' } },
      { path: 'role', name: 'RolePermission', meta: { title: 'Role Permission', roles: ['admin'] } },
    ],
  },
  { path: '/charts', meta: { title: 'Charts' }, children: [{ path: 'line', name: 'LineChart', meta: { title: 'Line Chart' } }] },
  { path: 'https://github.com/PanJiaChen/vue-element-admin', meta: { title: 'External Link' } },
];
const ALL = ['/permission', '/permission/page', '/permission/directive', '/permission/role', '/charts', '/charts/line', 'https://github.com/PanJiaChen/vue-element-admin'];

describe('demo role menu view', () => {
  it('admin hides nothing; editor, the permission page and role; visitor, every demo entry', () => {
    expect(hiddenDemoPaths(DEMO_ROUTES, 'admin')).toEqual([]);
    expect(hiddenDemoPaths(DEMO_ROUTES, 'editor')).toEqual(['/permission/page', '/permission/role']);
    expect(hiddenDemoPaths(DEMO_ROUTES, 'visitor')).toEqual(ALL);
  });

  it('switching puts the role and its hidden entries in the session menu view, and switching back restores it', () => {
    switchDemoRole('visitor', DEMO_ROUTES);
    expect(menuViewStore.get()).toEqual({ role: 'visitor', hidden: ALL });
    expect(JSON.parse(sessionStorage.getItem('menu-view')!)).toEqual({ role: 'visitor', hidden: ALL });
    switchDemoRole('admin', DEMO_ROUTES);
    expect(menuViewStore.get()).toEqual({ role: 'admin', hidden: [] });
  });
});
