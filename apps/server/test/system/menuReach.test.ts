import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterVo } from '@orbit/shared/contract/auth';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { sysMenu, sysRoleMenu } from '../../src/db/schema/menu';
import { roles as seededRoles } from '../../src/db/seed/organisation';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, createRole, createUser, deptIds, menuIdsFor, NEW_USER_PASSWORD } from '../helpers/adminApi';

type Call = ReturnType<typeof caller>;
type Menu = Record<string, unknown> & { menuId: number; menuName: string; menuType: string; parentId: number; perms: string | null; path: string };
const { menu: M, role: R, user: U, dept: D } = PERMISSIONS;
const salesManagerPerms = seededRoles.find((r) => r.key === 'sales_manager')!.permissions;
const DELEGATED = [...salesManagerPerms, U.list, U.query, U.add, U.edit, U.remove, R.list, R.query, R.add, R.edit, R.remove, D.list, D.query, D.edit, M.list, M.query, M.add, M.edit, M.remove];

const flatten = (list: RouterVo[]): RouterVo[] => list.flatMap((r) => [r, ...flatten(r.children ?? [])]);

/**
 * Issue 27 item 1: the menus only the super administrator sees (held by no role: System, Settings,
 * Dictionaries, the logs) were writable by a sales manager given user, role, department and menu
 * administration. Each attack of the issue, then what stays hers.
 */
describe('menus held by no role are the super administrator’s alone', () => {
  let app: TestApp;
  let admin: Call;
  let manager: Call;
  let depts: Record<string, number>;
  let menus: Menu[];

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    depts = await deptIds(admin);
    const eastAdmin = await createRole(admin, 'east_admin', DELEGATED, '4');
    await createUser(admin, 'east.admin', depts['Sales East']!, [eastAdmin]);
    manager = caller(app, await loginAs(app, 'east.admin', NEW_USER_PASSWORD));
    menus = (await admin('GET', '/system/menu/list')).body.data as Menu[];
  });
  afterAll(() => app.teardown());

  const menuNamed = (name: string, type = 'C') => menus.find((m) => m.menuName === name && m.menuType === type)!;
  const adminRouters = async () => flatten((await admin('GET', '/getRouters')).body.data as RouterVo[]);
  const current = async (menuId: number) => (await admin('GET', `/system/menu/${menuId}`)).body.data as Menu;

  it('cannot point the Dictionaries menu at an outside page (the administrators’ /getRouters keeps its path)', async () => {
    const dict = menuNamed('Dictionaries');
    const res = await manager('PUT', '/system/menu', { ...dict, path: 'https://evil.example/phish' });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('Only the super administrator can change this menu: no role within your reach holds it');
    expect((await current(dict.menuId)).path).toBe('dict');
    expect((await adminRouters()).find((r) => r.name === 'Dict')).toMatchObject({ path: 'dict', meta: { link: null } });
  });

  it('cannot hide Settings from the administrators, nor disable it or move it', async () => {
    const settings = menuNamed('Settings');
    for (const change of [{ visible: '1' }, { status: '1' }, { orderNum: 99 }]) {
      const res = await manager('PUT', '/system/menu', { ...settings, ...change });
      expect(res.status, JSON.stringify(change)).toBe(403);
    }
    expect((await manager('PUT', '/system/menu/updateSort', { menuIds: `${settings.menuId}`, orderNums: '99' })).status).toBe(403);
    expect(await current(settings.menuId)).toMatchObject({ visible: '0', status: '0', orderNum: settings.orderNum });
    expect((await adminRouters()).find((r) => r.name === 'Config')).toMatchObject({ hidden: false });
  });

  it('cannot delete a button only administrators hold', async () => {
    const button = menus.find((m) => m.menuType === 'F' && m.perms === PERMISSIONS.config.remove)!;
    const res = await manager('DELETE', `/system/menu/${button.menuId}`);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('Only the super administrator can change this menu: no role within your reach holds it');
    expect((await admin('GET', `/system/menu/${button.menuId}`)).status).toBe(200);
  });

  it('cannot add a "Security Alert" entry to the administrators’ sidebar, at the top or under their menus', async () => {
    const alert = { menuName: 'Security Alert', menuType: 'C', path: 'https://evil.example/alert', isFrame: 0, icon: 'bug', orderNum: 0 };
    const top = await manager('POST', '/system/menu', { ...alert, parentId: 0 });
    expect(top.status).toBe(403);
    expect(top.body.msg).toBe('Only the super administrator can add top-level menus');
    const below = await manager('POST', '/system/menu', { ...alert, parentId: menuNamed('System', 'M').menuId });
    expect(below.status).toBe(403);
    expect(below.body.msg).toBe('Only the super administrator can add menus here: no role within your reach holds the parent menu');
    expect((await app.db.select().from(sysMenu).where(eq(sysMenu.menuName, 'Security Alert')))).toEqual([]);
    expect((await adminRouters()).map((r) => r.meta.title)).not.toContain('Security Alert');
  });

  it('cannot make an administrators’ menu hers by handing it to a role she creates', async () => {
    const system = menuNamed('System', 'M');
    const created = await manager('POST', '/system/role', { roleName: 'Decoy', roleKey: 'decoy', menuIds: [system.menuId] });
    expect(created.status).toBe(400);
    expect(created.body.errors.menuIds).toBe('You can only grant menus you have yourself');
    expect((await app.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.menuId, system.menuId)))).toEqual([]);
    expect((await manager('PUT', '/system/menu', { ...system, visible: '1' })).status).toBe(403);
    expect((await current(system.menuId)).visible).toBe('0');
  });

  it('a menu held by a role within her reach and by one beyond it stays refused', async () => {
    const leads = menus.find((m) => m.perms === PERMISSIONS.leads.list)!;
    const res = await manager('PUT', '/system/menu', { ...leads, path: 'https://evil.example/leads' });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('You cannot change this menu: the role Sales Manager holds it and is beyond your reach');
    const under = await manager('POST', '/system/menu', { parentId: leads.parentId, menuName: 'Lead tips', menuType: 'C', path: 'lead-tips', component: 'crm/leads/index' });
    expect(under.status).toBe(403);
    expect(under.body.msg).toBe('You cannot add menus here: the role Sales Manager holds the parent menu and is beyond your reach');
  });

  it('changes, adds under and orders the menus of roles within her reach; what she adds goes to the parent’s roles', async () => {
    const team = await createRole(admin, 'east_tools_team', [PERMISSIONS.leads.list], '5');
    await createUser(admin, 'east.toolsman', depts['Key Accounts East']!, [team]);
    const dir = (await admin('POST', '/system/menu', { parentId: 0, menuName: 'East tools', routeName: 'EastTools', menuType: 'M', path: 'east-tools', orderNum: 50 })).body.data as number;
    await app.db.insert(sysRoleMenu).values({ roleId: team, menuId: dir });

    const dirRow = await current(dir);
    expect((await manager('PUT', '/system/menu', { ...dirRow, menuName: 'East desk' })).body.code).toBe(200);
    expect((await manager('PUT', '/system/menu/updateSort', { menuIds: `${dir}`, orderNums: '51' })).body.code).toBe(200);
    const page = await manager('POST', '/system/menu', {
      parentId: dir, menuName: 'Price list', routeName: 'EastPriceList', menuType: 'C', path: 'https://prices.example.com/east', isFrame: 0, icon: 'link',
    });
    expect(page.body.code).toBe(200);
    const pageId = page.body.data as number;
    const granted = await app.db.select({ roleId: sysRoleMenu.roleId }).from(sysRoleMenu).where(eq(sysRoleMenu.menuId, pageId));
    expect(granted).toEqual([{ roleId: team }]);
    // So the team sees it, and she may change it afterwards.
    const member = caller(app, await loginAs(app, 'east.toolsman', NEW_USER_PASSWORD));
    const teamMenu = flatten((await member('GET', '/getRouters')).body.data as RouterVo[]);
    expect(teamMenu.find((r) => r.name === 'EastPriceList')).toMatchObject({ meta: { link: 'https://prices.example.com/east' } });
    expect((await manager('PUT', '/system/menu', { ...(await current(pageId)), menuName: 'Prices' })).body.code).toBe(200);
    // Moving it to the top would add to every administrator's sidebar.
    const moved = await manager('PUT', '/system/menu', { ...(await current(pageId)), parentId: 0 });
    expect(moved.status).toBe(403);
    expect((await current(pageId)).parentId).toBe(dir);
    // An administrator's new menu goes to no role (RuoYi): they grant it through the role dialog.
    const adminsOwn = (await admin('POST', '/system/menu', { parentId: dir, menuName: 'Admin note', menuType: 'C', path: 'admin-note', component: 'crm/leads/index' })).body.data as number;
    expect(await app.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.menuId, adminsOwn))).toEqual([]);
  });

  it('may hand out a menu she has herself', async () => {
    const [leadsList] = await menuIdsFor(admin, [PERMISSIONS.leads.list]);
    const created = await manager('POST', '/system/role', { roleName: 'East lead readers', roleKey: 'east_lead_readers', menuIds: [leadsList] });
    expect(created.body.code).toBe(200);
  });
});
