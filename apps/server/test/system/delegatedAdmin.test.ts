import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { sysRoleMenu } from '../../src/db/schema/menu';
import { roles as seededRoles } from '../../src/db/seed/organisation';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, createRole, createUser, deptIds, menuIdsFor, userIds, NEW_USER_PASSWORD } from '../helpers/adminApi';

type Call = ReturnType<typeof caller>;
const { menu: M, role: R, user: U } = PERMISSIONS;
const USER_ADMIN = [U.list, U.query, U.add, U.edit, U.remove, U.resetPwd];
const ROLE_ADMIN = [R.list, R.query, R.add, R.edit, R.remove];
const MENU_ADMIN = [M.list, M.query, M.add, M.edit];
const salesManagerPerms = seededRoles.find((r) => r.key === 'sales_manager')!.permissions;

/**
 * A sales manager of Sales East (and below) who was also given user, role and menu administration:
 * she holds every permission the seeded CRM roles grant, so only data reach keeps her from roles
 * and accounts outside her departments.
 */
describe('delegated administration stays within the delegate’s reach', () => {
  let app: TestApp;
  let admin: Call;
  let manager: Call;
  let depts: Record<string, number>;
  let ids: Record<string, number>;
  let roleIdOf: Record<string, number>;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    depts = await deptIds(admin);
    const eastAdmin = await createRole(admin, 'east_admin', [...salesManagerPerms, ...USER_ADMIN, ...ROLE_ADMIN, ...MENU_ADMIN], '4');
    roleIdOf = Object.fromEntries(((await admin('GET', '/system/role/list')).body.rows as Array<{ roleKey: string; roleId: number }>).map((r) => [r.roleKey, r.roleId]));
    await createUser(admin, 'east.admin', depts['Sales East']!, [eastAdmin, roleIdOf.sales_manager!]);
    // A reader of the whole company who happens to sit in her department.
    await createUser(admin, 'ro.east', depts['Sales East']!, [roleIdOf.readonly!]);
    manager = caller(app, await loginAs(app, 'east.admin', NEW_USER_PASSWORD));
    ids = await userIds(admin);
  });
  afterAll(() => app.teardown());

  const menuOf = async (perm: string) => {
    const [menuId] = await menuIdsFor(admin, [perm]);
    return (await admin('GET', `/system/menu/${menuId}`)).body.data as Record<string, unknown> & { menuId: number; perms: string };
  };

  it('cannot change the permissions, status, path or visibility of a menu held by a role beyond her reach (1)', async () => {
    const leads = await menuOf(PERMISSIONS.leads.list);
    const escalate = await manager('PUT', '/system/menu', { ...leads, perms: `${PERMISSIONS.leads.list},${U.resetPwd},${U.edit}` });
    expect(escalate.status).toBe(403);
    expect(escalate.body.msg).toMatch(/^You cannot change this menu: the role .+ holds it and is beyond your reach$/);
    const disable = await manager('PUT', '/system/menu', { ...leads, status: '1' });
    expect(disable.status).toBe(403);
    // Nor point everyone's entry at an outside page, or hide it from them.
    expect((await manager('PUT', '/system/menu', { ...leads, isFrame: 0, path: 'https://phishing.example.com' })).status).toBe(403);
    expect((await manager('PUT', '/system/menu', { ...leads, visible: '1' })).status).toBe(403);
    expect((await admin('GET', `/system/menu/${leads.menuId}`)).body.data).toMatchObject({ perms: PERMISSIONS.leads.list, status: '0', visible: '0', isFrame: '1' });
    // Every reader still can't reset a password.
    const reader = caller(app, await loginAs(app, 'sophia.reed'));
    expect((await reader('PUT', '/system/user/resetPwd', { userId: ids['olivia.park'], password: 'taken-over-1' })).status).toBe(403);
  });

  it('may change a menu’s permissions while every role holding it is within her reach, not once a wider role holds it (1)', async () => {
    const leads = await menuOf(PERMISSIONS.leads.list);
    const created = await admin('POST', '/system/menu', { parentId: leads.menuId, menuName: 'Print leads', menuType: 'F', orderNum: 9 });
    const buttonId = created.body.data as number;
    const team = await createRole(admin, 'east_team', [PERMISSIONS.leads.list], '5');
    await app.db.insert(sysRoleMenu).values({ roleId: team, menuId: buttonId });
    await createUser(admin, 'east.member', depts['Key Accounts East']!, [team]);
    const button = (await admin('GET', `/system/menu/${buttonId}`)).body.data;

    expect((await manager('PUT', '/system/menu', { ...button, perms: PERMISSIONS.leads.export })).body.code).toBe(200);
    await app.db.insert(sysRoleMenu).values({ roleId: roleIdOf.readonly!, menuId: buttonId });
    const refused = await manager('PUT', '/system/menu', { ...button, perms: PERMISSIONS.leads.convert });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('You cannot change this menu: the role Read Only holds it and is beyond your reach');
    expect((await admin('GET', `/system/menu/${buttonId}`)).body.data.perms).toBe(PERMISSIONS.leads.export);
  });

  it('cannot change a role whose holders are outside her departments, nor one that sees more than she does (2)', async () => {
    const marketing = (await admin('GET', `/system/role/${roleIdOf.marketing}`)).body.data;
    const userMenus = await menuIdsFor(admin, USER_ADMIN);
    const menus = (await admin('GET', `/system/role/roleMenuTreeselect/${roleIdOf.marketing}`)).body.checkedKeys as number[];
    const grant = await manager('PUT', '/system/role', { ...marketing, menuCheckStrictly: false, menuIds: [...menus, ...userMenus] });
    expect(grant.status).toBe(403);
    expect(grant.body.msg).toBe('You cannot change the role Marketing: some of its holders are outside your data scope');
    expect((await manager('PUT', '/system/role/changeStatus', { roleId: roleIdOf.marketing, status: '1' })).status).toBe(403);
    const mia = caller(app, await loginAs(app, 'mia.chen'));
    expect((await mia('GET', '/system/user/list')).status).toBe(403);

    // Holders inside her departments, but the role sees the whole company.
    const wide = await createRole(admin, 'east_wide', [PERMISSIONS.leads.list], '1');
    await createUser(admin, 'wide.east', depts['Sales East']!, [wide]);
    const widen = await manager('PUT', '/system/role/changeStatus', { roleId: wide, status: '1' });
    expect(widen.status).toBe(403);
    expect(widen.body.msg).toBe('You cannot change the role east_wide: it grants more than you hold');

    // A role whose holders and reach are hers: fine.
    const team = await createRole(admin, 'east_helpers', [PERMISSIONS.leads.list], '3');
    await createUser(admin, 'helper.east', depts['Key Accounts East']!, [team]);
    expect((await manager('PUT', '/system/role/changeStatus', { roleId: team, status: '1' })).body.code).toBe(200);
  });

  it('an “own records” editor cannot give a role their own department under the name of custom departments (2)', async () => {
    const selfScoped = await createRole(admin, 'self_role_admin', [...ROLE_ADMIN, PERMISSIONS.leads.list], '5');
    await createUser(admin, 'self.admin', depts['Sales West']!, [selfScoped]);
    const editor = caller(app, await loginAs(app, 'self.admin', NEW_USER_PASSWORD));
    const leads = await menuIdsFor(admin, [PERMISSIONS.leads.list]);
    const created = (await editor('POST', '/system/role', { roleName: 'West readers', roleKey: 'west_readers', menuIds: leads })).body.data as number;
    for (const [dataScope, deptIdList, field] of [['2', [depts['Sales West']], 'deptIds'], ['3', [], 'dataScope'], ['4', [], 'dataScope']] as const) {
      const res = await editor('PUT', '/system/role/dataScope', { roleId: created, dataScope, deptIds: deptIdList });
      expect(res.status, dataScope).toBe(400);
      expect(Object.keys(res.body.errors), dataScope).toEqual([field]);
    }
    expect((await admin('GET', `/system/role/${created}`)).body.data.dataScope).toBe('5');
    expect((await admin('GET', `/system/role/deptTree/${created}`)).body.checkedKeys).toEqual([]);
    expect((await editor('PUT', '/system/role/dataScope', { roleId: created, dataScope: '5' })).body.code).toBe(200);
  });

  it('a role’s reach follows its holders: handing it to, or moving its holder into, a department above others is refused (2, 3)', async () => {
    // Custom departments Support and Sales East, but not Key Accounts East below it.
    const custom = await createRole(admin, 'custom_admin', [...USER_ADMIN, R.list, R.query, R.edit, PERMISSIONS.leads.list], '2', [depts.Support!, depts['Sales East']!]);
    await createUser(admin, 'custom.admin', depts.Support!, [custom]);
    const editor = caller(app, await loginAs(app, 'custom.admin', NEW_USER_PASSWORD));
    const below = await createRole(admin, 'support_below', [PERMISSIONS.leads.list], '4');
    const agent = await createUser(admin, 'support.agent', depts.Support!, [below]);
    const plain = await createUser(admin, 'plain.east', depts['Sales East']!, []);

    // In Support (nothing below it) the role covers Support alone: within her reach.
    const payload = { ...(await editor('GET', `/system/user/${agent}`)).body.data, roleIds: [below] };
    expect((await editor('PUT', '/system/user', { ...payload, nickName: 'Agent' })).body.code).toBe(200);
    expect((await editor('PUT', '/system/role/changeStatus', { roleId: below, status: '0' })).body.code).toBe(200);
    // In Sales East it would cover Key Accounts East too.
    const move = await editor('PUT', '/system/user', { ...payload, nickName: 'Agent', deptId: depts['Sales East'] });
    expect(move.status).toBe(400);
    expect(move.body.errors.roleIds).toBe('You cannot assign the role support_below');
    const give = await editor('PUT', `/system/role/authUser/selectAll?roleId=${below}&userIds=${plain}`);
    expect(give.status).toBe(403);
    expect(give.body.msg).toBe('You cannot assign the role support_below');
    expect((await editor('PUT', `/system/user/authRole?userId=${plain}&roleIds=${below}`)).status).toBe(400);
    expect((await admin('GET', `/system/user/${agent}`)).body.data.deptId).toBe(depts.Support);
    expect((await admin('GET', `/system/user/${plain}`)).body.roleIds).toEqual([]);
  });

  it('cannot reset, edit, disable, delete or re-role an account holding a role she could not assign (3)', async () => {
    const target = ids['ro.east']!;
    const offered = ((await manager('GET', '/system/user/')).body.roles as Array<{ roleKey: string }>).map((r) => r.roleKey);
    expect(offered).not.toContain('readonly');

    const reset = await manager('PUT', '/system/user/resetPwd', { userId: target, password: 'taken-over-1' });
    expect(reset.status).toBe(403);
    expect(reset.body.msg).toBe('You cannot change ro.east: they hold the role Read Only, which you cannot assign');
    const before = await admin('GET', `/system/user/${target}`);
    const payload = { ...(await manager('GET', `/system/user/${target}`)).body.data, roleIds: [roleIdOf.readonly] };
    expect((await manager('PUT', '/system/user', { ...payload, email: 'east.admin@example.com' })).status).toBe(403);
    expect((await manager('PUT', '/system/user/changeStatus', { userId: target, status: '1' })).status).toBe(403);
    expect((await manager('GET', `/changeUserStatus/${target}/1`)).status).toBe(403);
    expect((await manager('PUT', `/system/user/authRole?userId=${target}&roleIds=`)).status).toBe(403);
    expect((await manager('DELETE', `/system/user/${target}`)).status).toBe(403);

    // Nothing changed: the reader still signs in with their own password, enabled, with their role.
    const still = await admin('GET', `/system/user/${target}`);
    expect(still.body.data).toEqual(before.body.data);
    expect(still.body.roleIds).toEqual([roleIdOf.readonly]);
    await loginAs(app, 'ro.east', NEW_USER_PASSWORD);

    // Accounts whose roles she could hand out herself are hers to manage.
    expect((await manager('PUT', '/system/user/resetPwd', { userId: ids['olivia.park'], password: 'fresh-pass-1' })).body.code).toBe(200);
  });
});

/** A non-administrator with every user right and company-wide data scope still stops at administrators (14a). */
describe('administrators are beyond any non-administrator', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  it('refuses resetting, editing and disabling another administrator', async () => {
    const admin = caller(app, await loginAs(app, 'admin'));
    const everyone = await createRole(admin, 'user_admin_all', [...USER_ADMIN, ...salesManagerPerms], '1');
    await createUser(admin, 'hr.all', (await deptIds(admin))['Head Office']!, [everyone]);
    const hr = caller(app, await loginAs(app, 'hr.all', NEW_USER_PASSWORD));
    const target = (await userIds(admin))['it.admin']!;
    const read = await hr('GET', `/system/user/${target}`);
    expect(read.status).toBe(200);
    const payload = { ...read.body.data, roleIds: read.body.roleIds };

    for (const res of [
      await hr('PUT', '/system/user/resetPwd', { userId: target, password: 'taken-over-1' }),
      await hr('PUT', '/system/user', { ...payload, nickName: 'Changed' }),
      await hr('PUT', '/system/user/changeStatus', { userId: target, status: '1' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('You cannot change it.admin: they hold the role Administrator, which you cannot assign');
    }
    expect((await admin('GET', `/system/user/${target}`)).body.data).toMatchObject({ nickName: 'Iris Tan', status: '0' });
    await loginAs(app, 'it.admin');
    // The same rights on an ordinary account work.
    expect((await hr('PUT', '/system/user/resetPwd', { userId: (await userIds(admin))['noah.king'], password: 'fresh-pass-1' })).body.code).toBe(200);
  });
});
