import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { loginAs, type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';
import { caller, createRole, createUser, deptIds, menuIdsFor, NEW_USER_PASSWORD } from '../helpers/adminApi';

type Call = ReturnType<typeof caller>;
const { menu: M, role: R, user: U } = PERMISSIONS;

/** Nobody but an administrator widens their own access, by any of the administration screens. */
describe('no escalation through administration', () => {
  let app: TestApp;
  let admin: Call;
  let depts: Record<string, number>;
  beforeAll(async () => {
    ({ app, as: { admin } } = await signedInApp(['admin']));
    depts = await deptIds(admin);
  });
  afterAll(() => app.teardown());

  it('a menu editor cannot put a permission they lack on a menu (not even *:*:*)', async () => {
    const roleId = await createRole(admin, 'menu_editor', [M.list, M.query, M.edit, M.add], '3');
    await createUser(admin, 'menu.editor', depts['Sales East']!, [roleId]);
    const editor = caller(app, await loginAs(app, 'menu.editor', NEW_USER_PASSWORD));
    const [editMenuId] = await menuIdsFor(admin, [M.edit]);
    const menu = (await admin('GET', `/system/menu/${editMenuId}`)).body.data;

    for (const perms of ['*:*:*', U.list, `${M.edit},${U.remove}`]) {
      const res = await editor('PUT', '/system/menu', { ...menu, perms });
      expect(res.status, perms).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['perms']);
    }
    expect((await editor('POST', '/system/menu', { ...menu, menuId: undefined, menuName: 'Sneaky', perms: '*:*:*' })).status).toBe(400);
    // Nothing changed: signing in again still refuses the user list.
    expect((await admin('GET', `/system/menu/${editMenuId}`)).body.data.perms).toBe(M.edit);
    const again = caller(app, await loginAs(app, 'menu.editor', NEW_USER_PASSWORD));
    expect((await again('GET', '/system/user/list')).status).toBe(403);

    // Permissions they hold, or ones the menu already carried, are fine; an administrator may do anything.
    expect((await editor('PUT', '/system/menu', { ...menu, menuName: 'Edit menus', perms: M.edit })).body.code).toBe(200);
    expect((await editor('PUT', '/system/menu', { ...menu, perms: `${M.edit},${M.query}` })).body.code).toBe(200);
    expect((await admin('PUT', '/system/menu', { ...menu, perms: M.edit })).body.code).toBe(200);
  });

  it('a role editor cannot change a role they hold, one beyond their reach, or widen a data scope past their own', async () => {
    const own = await createRole(admin, 'role_keeper', [R.list, R.query, R.edit, R.add, PERMISSIONS.leads.list], '5');
    await createUser(admin, 'role.keeper', depts['Sales West']!, [own]);
    const keeper = caller(app, await loginAs(app, 'role.keeper', NEW_USER_PASSWORD));
    const roleIdOf = Object.fromEntries(((await admin('GET', '/system/role/list')).body.rows as Array<{ roleKey: string; roleId: number }>).map((r) => [r.roleKey, r.roleId]));

    const widenOwn = await keeper('PUT', '/system/role/dataScope', { roleId: own, dataScope: '1' });
    expect(widenOwn.status).toBe(403);
    expect(widenOwn.body.msg).toBe('You cannot change the role role_keeper: you hold it yourself');
    expect((await keeper('PUT', '/system/role/changeStatus', { roleId: own, status: '1' })).status).toBe(403);

    // sales_manager grants permissions the keeper lacks and sees more data.
    const manager = await keeper('PUT', '/system/role/changeStatus', { roleId: roleIdOf.sales_manager, status: '1' });
    expect(manager.status).toBe(403);
    expect(manager.body.msg).toBe('You cannot change the role Sales Manager: it grants more than you hold');
    expect((await keeper('DELETE', `/system/role/${roleIdOf.readonly}`)).status).toBe(403);

    // A role they create starts at "own records"; they cannot widen it beyond their own scope.
    const leads = await menuIdsFor(admin, [PERMISSIONS.leads.list]);
    const created = (await keeper('POST', '/system/role', { roleName: 'Lead viewers', roleKey: 'lead_viewers', menuIds: leads })).body.data as number;
    expect((await admin('GET', `/system/role/${created}`)).body.data.dataScope).toBe('5');
    for (const dataScope of ['1', '3', '4']) {
      const res = await keeper('PUT', '/system/role/dataScope', { roleId: created, dataScope });
      expect(res.status, dataScope).toBe(400);
      expect(res.body.errors).toHaveProperty('dataScope');
    }
    expect((await keeper('PUT', '/system/role/dataScope', { roleId: created, dataScope: '5' })).body.code).toBe(200);
    expect((await admin('GET', `/system/role/${roleIdOf.sales_manager}`)).body.data.status).toBe('0');
    expect((await admin('GET', `/system/role/${own}`)).body.data.dataScope).toBe('5');
  });

  it('a user manager cannot give themselves roles, nor hand out a role that sees more than they do', async () => {
    const userPerms = [U.list, U.query, U.edit, U.add];
    const narrow = await createRole(admin, 'user_keeper', userPerms, '3');
    const wide = await createRole(admin, 'user_keeper_all', userPerms, '1');
    const keeperId = await createUser(admin, 'user.keeper', depts.Support!, [narrow]);
    const keeper = caller(app, await loginAs(app, 'user.keeper', NEW_USER_PASSWORD));

    const offered = ((await keeper('GET', '/system/user/')).body.roles as Array<{ roleId: number }>).map((r) => r.roleId);
    expect(offered).toContain(narrow);
    expect(offered).not.toContain(wide);

    const self = (await keeper('GET', `/system/user/${keeperId}`)).body.data;
    const res = await keeper('PUT', '/system/user', { ...self, roleIds: [narrow, wide] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['roleIds']);
    const viaRolePage = await keeper('PUT', `/system/role/authUser/selectAll?roleId=${narrow}&userIds=${keeperId}`);
    expect(viaRolePage.status).toBe(403);

    // Editing their own name is still fine, and their reach is what it was.
    expect((await keeper('PUT', '/system/user', { ...self, nickName: 'Keeper', roleIds: [narrow] })).body.code).toBe(200);
    const again = caller(app, await loginAs(app, 'user.keeper', NEW_USER_PASSWORD));
    const visible = (await again('GET', '/system/user/list?pageSize=100')).body.rows as Array<{ dept: { deptName: string } | null }>;
    expect(visible.every((u) => u.dept?.deptName === 'Support')).toBe(true);
  });
});
