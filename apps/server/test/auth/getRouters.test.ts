import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetRoutersResponse, RouterVo } from '@orbit/shared/contract/auth';
import { sysMenu, sysRoleMenu } from '../../src/db/schema/menu';
import { sysRole, sysUser, sysUserRole } from '../../src/db/schema/organisation';
import { caller } from '../helpers/adminApi';
import { bearer, loginAs, orbitWeb, type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';
import { get } from './authTestUtils';

const TOP_LEVEL = ['Leads', 'Opportunity', 'Account', 'Contact', 'Task', 'Calendar', 'My Approvals', 'Inbox', 'Campaign', 'Activity', 'Report', 'Dashboard', 'Setup', 'System'];

/** Every router of a tree, depth first. */
const flatten = (list: RouterVo[]): RouterVo[] => list.flatMap((r) => [r, ...flatten(r.children ?? [])]);
const byName = (list: RouterVo[], name: string) => flatten(list).find((r) => r.name === name);

describe('GET /getRouters', () => {
  let app: TestApp;
  let adminToken: string;
  let repToken: string;
  beforeAll(async () => void ({ app, tokens: { admin: adminToken, 'olivia.park': repToken } } = await signedInApp(['admin', 'olivia.park'])));
  afterAll(() => app.teardown());

  // As Orbit's web app asks: every menu (a RuoYi client's are compat/ruoyiVue3Wire.test.ts's).
  const routers = async (token: string) => {
    const res = await get(app, '/getRouters', { ...bearer(token), ...orbitWeb });
    expect(res.status).toBe(200);
    const body = res.body as unknown as GetRoutersResponse;
    expect(body.code).toBe(200);
    return body.data;
  };
  const menuId = async (routeName: string) => {
    const [row] = await app.db.select({ menuId: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.routeName, routeName));
    return row!.menuId;
  };

  /** The product's menu: the template demo's entries follow it (test/demo/templateDemo.test.ts). */
  const productRouters = async (token: string) => (await routers(token)).slice(0, TOP_LEVEL.length);

  it('admin: the full seeded menu, in order', async () => {
    const data = await productRouters(adminToken);
    expect(data.map((r) => r.meta.title)).toEqual(TOP_LEVEL);
    expect(data.map((r) => r.path)).toEqual(['/Leads', '/opportunity', '/account', '/contact', '/task', '/', '/', '/', '/campaign', '/activity', '/report', '/dashboard', '/setup', '/system']);
  });

  it('directories are RouterVo with Layout, alwaysShow and noRedirect; pages carry their view path', async () => {
    const data = await productRouters(adminToken);
    const leads = data[0]!;
    expect(leads).toEqual({
      name: 'Leads',
      path: '/Leads',
      hidden: false,
      component: 'Layout',
      alwaysShow: true,
      redirect: 'noRedirect',
      meta: { title: 'Leads', icon: 'user', noCache: false, link: null, roles: ['admin'], affix: false, breadcrumb: true },
      children: [
        {
          name: 'LeadsIndex', path: 'leads-index', hidden: false, component: 'crm/leads/index',
          meta: { title: 'Leads', icon: 'user', noCache: false, link: null, roles: ['admin'], affix: false, breadcrumb: true },
        },
        {
          name: 'LeadsDetail', path: 'leads-detail', hidden: true, component: 'crm/leads/detail',
          meta: { title: 'Leads Detail', icon: '#', noCache: true, link: null, roles: ['admin'], affix: false, breadcrumb: true },
        },
      ],
    });
    // Every node has the RouterVo keys; directories and only directories have children.
    for (const r of flatten(data)) {
      expect(Object.keys(r)).toEqual(expect.arrayContaining(['name', 'path', 'hidden', 'component', 'meta']));
      // SPEC §3: meta (title, icon, roles, affix, noCache, breadcrumb), and RuoYi's link.
      expect(Object.keys(r.meta).sort()).toEqual(['affix', 'breadcrumb', 'icon', 'link', 'noCache', 'roles', 'title']);
      // A top-level page (the calendar) is wrapped in a Layout router of its own, not a directory.
      if (r.children && !r.name.endsWith('Root')) expect(r).toMatchObject({ alwaysShow: true, redirect: 'noRedirect' });
      else if (r.children) expect(r).toMatchObject({ path: '/', component: 'Layout' });
      else expect(r.component).toMatch(/^[a-z]+\/[a-z-]+\/[a-z]+$/);
    }
  });

  it('nested directories use ParentView; set-up holds the field layouts, sharing and the logs', async () => {
    const setup = (await routers(adminToken)).find((r) => r.name === 'Setup')!;
    expect(setup.children!.map((c) => c.name)).toEqual([
      'SetupLeads', 'SetupOpportunity', 'SetupAccount', 'SetupTask', 'SetupCampaign', 'SetupContact', 'SetupActivity', 'SetupSharing', 'SetupApprovals', 'LogLogin', 'LogOperation',
    ]);
    const leadsLayout = setup.children![0]!;
    expect(leadsLayout).toMatchObject({ path: 'index-leads', component: 'ParentView', alwaysShow: true, redirect: 'noRedirect' });
    expect(leadsLayout.children).toEqual([
      expect.objectContaining({ name: 'LeadsFields', path: 'leads-fields', component: 'setup/fields/index', meta: expect.objectContaining({ title: 'Leads Page Layout' }) }),
    ]);
    expect(setup.children![7]).toMatchObject({ path: 'sharing', component: 'setup/sharing/index' });
    expect(setup.children![8]).toMatchObject({ path: 'approvals', component: 'setup/approvals/index' });
    expect(setup.children![9]).toMatchObject({ path: 'log-login', component: 'monitor/logininfor/index' });
    expect(setup.children![10]).toMatchObject({ path: 'log-operation', component: 'monitor/operlog/index' });
  });

  it('system administration lists users, roles, departments, menus, dictionaries, settings, notices, exchange rates and webhooks; buttons are never routes', async () => {
    const data = await routers(adminToken);
    const system = data.find((r) => r.name === 'System')!;
    expect(system.children!.map((c) => [c.name, c.path, c.component, c.hidden])).toEqual([
      ['User', 'user', 'system/user/index', false],
      ['Role', 'role', 'system/role/index', false],
      ['Dept', 'dept', 'system/dept/index', false],
      ['Menu', 'menu', 'system/menu/index', false],
      ['Dict', 'dict', 'system/dict/index', false],
      ['DictData', 'dict-data', 'system/dict/data', true],
      ['Config', 'config', 'system/config/index', false],
      ['Notice', 'notice', 'system/notice/index', false],
      ['ExchangeRate', 'exchange-rate', 'system/currency/index', false],
      ['Webhook', 'webhook', 'system/webhook/index', false],
    ]);
    const buttonCount = (await app.db.select().from(sysMenu).where(eq(sysMenu.menuType, 'F'))).length;
    const pageAndDirCount = (await app.db.select().from(sysMenu).where(inArray(sysMenu.menuType, ['M', 'C']))).length;
    expect(buttonCount).toBeGreaterThan(0);
    // A top-level page (the template demo's /icon/index…) comes wrapped in a Layout router of its own.
    expect(flatten(data).filter((r) => !r.name.endsWith('Root'))).toHaveLength(pageAndDirCount);
  });

  it('a sales_rep sees only the menus its role grants: the CRM modules, no set-up, no system', async () => {
    const data = await routers(repToken);
    expect(data.map((r) => r.name)).toEqual(['Leads', 'Opportunity', 'Account', 'Contact', 'Task', 'CalendarRoot', 'MyApprovalsRoot', 'InboxRoot', 'Campaign', 'Activity', 'Report', 'Dashboard']);
    const names = flatten(data).map((r) => r.name);
    expect(names).toContain('LeadsDetail');
    expect(names).not.toContain('User');
    expect(names).not.toContain('LogLogin');
  });

  it('meta.roles: the caller’s roles that open the entry (SPEC §6: shown when the user holds one of them)', async () => {
    const rep = flatten(await routers(repToken));
    expect(rep.every((r) => r.meta.roles.length === 1 && r.meta.roles[0] === 'sales_rep')).toBe(true);
    // A second role opening some of the same entries is listed beside the first on those only.
    const token = await loginAs(app, 'mia.chen');
    const [repRole] = await app.db.select({ roleId: sysRole.roleId }).from(sysRole).where(eq(sysRole.roleKey, 'sales_rep'));
    const [mia] = await app.db.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, 'mia.chen'));
    await app.db.insert(sysUserRole).values({ userId: mia!.userId, roleId: repRole!.roleId });
    try {
      const both = flatten(await routers(token));
      expect(byName(both, 'CampaignIndex')!.meta.roles.sort()).toEqual(['marketing', 'sales_rep']);
      expect(byName(both, 'OpportunityIndex')!.meta.roles).toEqual(['sales_rep']);
    } finally {
      await app.db.delete(sysUserRole).where(and(eq(sysUserRole.userId, mia!.userId), eq(sysUserRole.roleId, repRole!.roleId)));
    }
  });

  it('meta.affix: the menu’s own pin, and the dashboard page of a role that lands on it (SPEC §2)', async () => {
    // The sales roles land on the sales dashboard: its page is pinned for them, not for the administrator.
    expect(byName(await routers(repToken), 'DashboardIndex')!.meta.affix).toBe(true);
    expect(byName(await routers(adminToken), 'DashboardIndex')!.meta.affix).toBe(false);
    expect(flatten(await routers(adminToken)).filter((r) => r.meta.affix)).toEqual([]);
  });

  it('meta.affix and meta.breadcrumb are the menu’s to set; a RuoYi form that leaves them out keeps them', async () => {
    const admin = caller(app, adminToken);
    const id = await menuId('LeadsIndex');
    const dirId = await menuId('Leads');
    const menu = (await admin('GET', `/system/menu/${id}`)).body.data;
    expect(menu).toMatchObject({ affix: false, breadcrumb: true });
    try {
      expect((await admin('PUT', '/system/menu', { ...menu, affix: true })).body.code).toBe(200);
      const dir = (await admin('GET', `/system/menu/${dirId}`)).body.data;
      expect((await admin('PUT', '/system/menu', { ...dir, breadcrumb: false })).body.code).toBe(200);
      for (const token of [adminToken, repToken]) {
        const data = await routers(token);
        expect(byName(data, 'LeadsIndex')!.meta).toMatchObject({ affix: true, breadcrumb: true });
        expect(byName(data, 'Leads')!.meta).toMatchObject({ affix: false, breadcrumb: false });
      }
      const { affix: _a, breadcrumb: _b, ...ruoyi } = menu;
      expect((await admin('PUT', '/system/menu', { ...ruoyi, menuName: 'Leads' })).body.code).toBe(200);
      expect((await admin('GET', `/system/menu/${id}`)).body.data).toMatchObject({ affix: true, breadcrumb: true });
      expect((await admin('PUT', '/system/menu', { ...menu, affix: 'yes' })).body.errors).toHaveProperty('affix');
    } finally {
      await app.db.update(sysMenu).set({ affix: false, breadcrumb: true }).where(inArray(sysMenu.menuId, [id, dirId]));
    }
  });

  it('a marketing user sees campaigns, reports, dashboard, leads and contacts only (and the inbox of the mail they log)', async () => {
    const data = await routers(await loginAs(app, 'mia.chen'));
    expect(data.map((r) => r.name)).toEqual(['Leads', 'Contact', 'InboxRoot', 'Campaign', 'Activity', 'Report', 'Dashboard']);
  });

  describe('changes to sys_menu are reflected at once', () => {
    it('a renamed, re-iconed or hidden menu', async () => {
      const id = await menuId('LeadsIndex');
      await app.db.update(sysMenu).set({ menuName: 'Prospects', icon: 'star', visible: '1', isCache: 1 }).where(eq(sysMenu.menuId, id));
      try {
        for (const token of [adminToken, repToken]) {
          expect(byName(await routers(token), 'LeadsIndex')).toMatchObject({ hidden: true, meta: { title: 'Prospects', icon: 'star', noCache: true } });
        }
      } finally {
        await app.db.update(sysMenu).set({ menuName: 'Leads', icon: 'user', visible: '0', isCache: 0 }).where(eq(sysMenu.menuId, id));
      }
      expect(byName(await routers(adminToken), 'LeadsIndex')).toMatchObject({ hidden: false, meta: { title: 'Leads', icon: 'user' } });
    });

    it('reordered top-level menus', async () => {
      const id = await menuId('System');
      const [before] = await app.db.select({ orderNum: sysMenu.orderNum }).from(sysMenu).where(eq(sysMenu.menuId, id));
      await app.db.update(sysMenu).set({ orderNum: -1 }).where(eq(sysMenu.menuId, id));
      try {
        expect((await routers(adminToken))[0]!.name).toBe('System');
      } finally {
        await app.db.update(sysMenu).set({ orderNum: before!.orderNum }).where(eq(sysMenu.menuId, id));
      }
    });

    it('a disabled directory disappears with everything below it', async () => {
      const id = await menuId('System');
      await app.db.update(sysMenu).set({ status: '1' }).where(eq(sysMenu.menuId, id));
      try {
        const data = await routers(adminToken);
        expect(data.map((r) => r.name.replace(/Root$/, '')).slice(0, TOP_LEVEL.length - 1)).toEqual(TOP_LEVEL.filter((t) => t !== 'System').map((t) => t.replace(/\s/g, '')));
        expect(byName(data, 'User')).toBeUndefined();
      } finally {
        await app.db.update(sysMenu).set({ status: '0' }).where(eq(sysMenu.menuId, id));
      }
    });

    it('a new menu, and a new grant to a role, show up; a revoked grant goes away', async () => {
      const setupId = await menuId('Setup');
      const [page] = await app.db
        .insert(sysMenu)
        .values({ menuName: 'Territories', parentId: setupId, orderNum: 99, path: 'territories', component: 'setup/territories/index', routeName: 'Territories', menuType: 'C', perms: 'setup:territory:list', icon: 'tree' })
        .returning({ menuId: sysMenu.menuId });
      const [role] = await app.db.select({ roleId: sysRole.roleId }).from(sysRole).where(eq(sysRole.roleKey, 'sales_rep'));
      try {
        const adminSetup = (await routers(adminToken)).find((r) => r.name === 'Setup')!;
        expect(adminSetup.children!.at(-1)).toMatchObject({ name: 'Territories', path: 'territories', component: 'setup/territories/index' });
        expect(byName(await routers(repToken), 'Territories')).toBeUndefined();

        await app.db.insert(sysRoleMenu).values([
          { roleId: role!.roleId, menuId: setupId },
          { roleId: role!.roleId, menuId: page!.menuId },
        ]);
        const repSetup = (await routers(repToken)).find((r) => r.name === 'Setup')!;
        expect(repSetup.children!.map((c) => c.name)).toEqual(['Territories']);
        // The permission the menu carries is granted with it.
        expect((await get(app, '/getInfo', bearer(repToken))).body.permissions).toContain('setup:territory:list');

        await app.db.delete(sysRoleMenu).where(and(eq(sysRoleMenu.roleId, role!.roleId), inArray(sysRoleMenu.menuId, [setupId, page!.menuId])));
        expect(byName(await routers(repToken), 'Setup')).toBeUndefined();
      } finally {
        await app.db.delete(sysRoleMenu).where(eq(sysRoleMenu.menuId, page!.menuId));
        await app.db.delete(sysRoleMenu).where(and(eq(sysRoleMenu.roleId, role!.roleId), eq(sysRoleMenu.menuId, setupId)));
        await app.db.delete(sysMenu).where(eq(sysMenu.menuId, page!.menuId));
      }
    });

    it('an external link entry carries its address as path and meta.link', async () => {
      const systemId = await menuId('System');
      const [link] = await app.db
        .insert(sysMenu)
        .values({ menuName: 'Help Centre', parentId: systemId, orderNum: 99, path: 'https://example.com/help', routeName: 'HelpCentre', menuType: 'C', isFrame: 0, icon: 'link' })
        .returning({ menuId: sysMenu.menuId });
      try {
        expect(byName(await routers(adminToken), 'HelpCentre')).toMatchObject({
          path: 'https://example.com/help',
          component: 'InnerLink',
          meta: { title: 'Help Centre', link: 'https://example.com/help' },
        });
      } finally {
        await app.db.delete(sysMenu).where(eq(sysMenu.menuId, link!.menuId));
      }
    });
  });
});
