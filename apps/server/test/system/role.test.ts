import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, createRole, createUser, deptIds, menuIdsFor, userIds, NEW_USER_PASSWORD } from '../helpers/adminApi';

describe('role administration', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  let roleIdOf: Record<string, number>;
  let depts: Record<string, number>;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    depts = await deptIds(admin);
    const list = await admin('GET', '/system/role/list');
    roleIdOf = Object.fromEntries(list.body.rows.map((r: { roleKey: string; roleId: number }) => [r.roleKey, r.roleId]));
  });
  afterAll(() => app.teardown());

  it('lists, filters, sorts and reads roles', async () => {
    const list = await admin('GET', '/system/role/list?orderByColumn=roleSort&isAsc=desc');
    // The five product roles and the template demo's editor and visitor (sorts 6 and 7).
    expect(list.body.total).toBe(7);
    expect(list.body.rows[0].roleKey).toBe('visitor');
    expect((await admin('GET', '/system/role/list?roleKey=sales')).body.total).toBe(2);
    expect((await admin('GET', '/system/role/list?orderByColumn=role_key')).status).toBe(400);
    expect((await admin('GET', `/system/role/${roleIdOf.sales_rep}`)).body.data).toMatchObject({ roleKey: 'sales_rep', dataScope: '5' });
    expect((await admin('GET', '/system/role/optionselect')).body.data).toHaveLength(7);
  });

  it('marks the admin role on the wire and leaves bookkeeping columns out', async () => {
    const rows = (await admin('GET', '/system/role/list')).body.rows as Array<Record<string, unknown>>;
    expect(rows.filter((r) => r.admin).map((r) => r.roleKey)).toEqual(['admin']);
    expect(rows[0]).not.toHaveProperty('delFlag');
    expect(rows[0]).not.toHaveProperty('createBy');
    // A client other than Orbit's web app reads RuoYi's date format (compat/ruoyiDates.test.ts).
    expect(rows[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await admin('GET', `/system/role/${roleIdOf.admin}`)).body.data.admin).toBe(true);
    expect((await admin('GET', `/system/role/${roleIdOf.sales_rep}`)).body.data.admin).toBe(false);
  });

  it('keeps role keys and names unique, with field errors', async () => {
    const key = await admin('POST', '/system/role', { roleName: 'Another', roleKey: 'sales_rep' });
    expect(key.status).toBe(400);
    expect(Object.keys(key.body.errors)).toEqual(['roleKey']);
    const name = await admin('POST', '/system/role', { roleName: 'Marketing', roleKey: 'mkt2' });
    expect(Object.keys(name.body.errors)).toEqual(['roleName']);
    const bad = await admin('POST', '/system/role', { roleName: 'x', roleKey: "x' or 1=1" });
    expect(bad.body.errors).toHaveProperty('roleKey');
  });

  it('protects the admin role', async () => {
    const adminRole = (await admin('GET', `/system/role/${roleIdOf.admin}`)).body.data;
    expect((await admin('PUT', '/system/role', { ...adminRole, roleName: 'Boss', menuIds: [] })).status).toBe(403);
    expect((await admin('PUT', '/system/role/changeStatus', { roleId: roleIdOf.admin, status: '1' })).status).toBe(403);
    expect((await admin('PUT', '/system/role/dataScope', { roleId: roleIdOf.admin, dataScope: '5' })).status).toBe(403);
    expect((await admin('DELETE', `/system/role/${roleIdOf.admin}`)).status).toBe(403);
  });

  it('refuses to delete a role that users hold, and says which', async () => {
    const res = await admin('DELETE', `/system/role/${roleIdOf.readonly}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Read Only is assigned to users and cannot be deleted');
  });

  it('grants menus and buttons: the tree shows them and the holder gets the permissions at once', async () => {
    const roleId = await createRole(admin, 'dict_keeper', [PERMISSIONS.dict.list, PERMISSIONS.dict.add], '1');
    const tree = await admin('GET', `/system/role/roleMenuTreeselect/${roleId}`);
    expect(tree.body.menus.length).toBeGreaterThan(5);
    const granted = await menuIdsFor(admin, [PERMISSIONS.dict.list, PERMISSIONS.dict.add]);
    // Linked checking: the Dictionaries page is the parent of its "add" button, so only leaves are sent.
    expect(tree.body.checkedKeys.every((k: number) => granted.includes(k))).toBe(true);
    expect(tree.body.checkedKeys).toHaveLength(granted.length - 1);
    expect((await admin('GET', `/system/menu/roleMenuTreeselect/${roleId}`)).body.checkedKeys).toEqual(tree.body.checkedKeys);
    await createUser(admin, 'dict.keeper', depts['Support']!, [roleId]);
    const keeper = caller(app, await loginAs(app, 'dict.keeper', NEW_USER_PASSWORD));
    expect((await keeper('GET', '/system/dict/type/list')).status).toBe(200);
    expect((await keeper('PUT', '/system/dict/type', { dictId: 1, dictName: 'x', dictType: 'x' })).status).toBe(403);

    const role = (await admin('GET', `/system/role/${roleId}`)).body.data;
    expect((await admin('PUT', '/system/role', { ...role, menuIds: [] })).body.code).toBe(200);
    expect((await keeper('GET', '/system/dict/type/list')).status).toBe(403);
    expect((await admin('PUT', '/system/role/changeStatus', { roleId, status: '1' })).body.code).toBe(200);
    expect((await admin('GET', `/system/role/${roleId}`)).body.data.status).toBe('1');
  });

  it('sets the data scope with custom departments and shows them in its tree', async () => {
    const roleId = await createRole(admin, 'custom_scope', [], '2', [depts['Sales West']!, depts['Marketing']!]);
    const tree = await admin('GET', `/system/role/deptTree/${roleId}`);
    expect(tree.body.depts[0].label).toBe('Head Office');
    expect(tree.body.checkedKeys.sort()).toEqual([depts['Sales West'], depts['Marketing']].sort());
    await admin('PUT', '/system/role/dataScope', { roleId, dataScope: '3', deptIds: [depts['Support']] });
    expect((await admin('GET', `/system/role/deptTree/${roleId}`)).body.checkedKeys).toEqual([]);
    expect((await admin('GET', `/system/role/${roleId}`)).body.data.dataScope).toBe('3');
    expect((await admin('PUT', '/system/role/dataScope', { roleId, dataScope: '9' })).status).toBe(400);
    expect((await admin('DELETE', `/system/role/${roleId}`)).body.code).toBe(200);
    expect((await admin('GET', `/system/role/${roleId}`)).status).toBe(404);
  });

  it('lists, adds and removes the holders of a role', async () => {
    const ids = await userIds(admin);
    const rep = roleIdOf.sales_rep!;
    const allocated = await admin('GET', `/system/role/authUser/allocatedList?roleId=${rep}`);
    expect(allocated.body.rows.map((u: { userName: string }) => u.userName).sort()).toEqual(['grace.hall', 'noah.king', 'olivia.park']);
    const unallocated = await admin('GET', `/system/role/authUser/unallocatedList?roleId=${rep}&userName=mia`);
    expect(unallocated.body.rows.map((u: { userName: string }) => u.userName)).toEqual(['mia.chen']);
    // The super administrator is never offered: their roles cannot be changed.
    const offered = await admin('GET', `/system/role/authUser/unallocatedList?roleId=${rep}&pageSize=100`);
    expect(offered.body.rows.map((u: { userId: number }) => u.userId)).not.toContain(1);
    expect(offered.body.rows.map((u: { userName: string }) => u.userName)).toContain('it.admin');
    expect((await admin('PUT', `/system/role/authUser/selectAll?roleId=${rep}&userIds=${ids['mia.chen']},${ids['lucas.wang']}`)).body.code).toBe(200);
    expect((await admin('GET', `/system/role/authUser/allocatedList?roleId=${rep}`)).body.total).toBe(5);
    expect((await admin('PUT', '/system/role/authUser/cancel', { roleId: rep, userId: ids['mia.chen'] })).body.code).toBe(200);
    expect((await admin('PUT', `/system/role/authUser/cancelAll?roleId=${rep}&userIds=${ids['lucas.wang']}`)).body.code).toBe(200);
    expect((await admin('GET', `/system/role/authUser/allocatedList?roleId=${rep}`)).body.total).toBe(3);
    // The super administrator's roles cannot be touched this way either.
    expect((await admin('PUT', `/system/role/authUser/cancel`, { roleId: roleIdOf.admin, userId: 1 })).status).toBe(403);
    expect((await admin('PUT', `/system/role/authUser/selectAll?roleId=${rep}&userIds=1`)).status).toBe(403);
  });

  it('a non-administrator cannot grant permissions or departments beyond their own', async () => {
    const editorRole = await createRole(admin, 'role_editor', [PERMISSIONS.role.list, PERMISSIONS.role.query, PERMISSIONS.role.add, PERMISSIONS.role.edit, PERMISSIONS.leads.list], '3');
    await createUser(admin, 'role.editor', depts['Sales East']!, [editorRole]);
    const editor = caller(app, await loginAs(app, 'role.editor', NEW_USER_PASSWORD));
    const leads = await menuIdsFor(admin, [PERMISSIONS.leads.list]);
    expect((await editor('POST', '/system/role', { roleName: 'Lead readers', roleKey: 'lead_readers', menuIds: leads })).body.code).toBe(200);
    const users = await menuIdsFor(admin, [PERMISSIONS.user.remove]);
    const escalate = await editor('POST', '/system/role', { roleName: 'Sneaky', roleKey: 'sneaky', menuIds: users });
    expect(escalate.status).toBe(400);
    expect(escalate.body.errors).toHaveProperty('menuIds');
    const created = (await admin('GET', '/system/role/list?roleKey=lead_readers')).body.rows[0].roleId;
    const outside = await editor('PUT', '/system/role/dataScope', { roleId: created, dataScope: '2', deptIds: [depts['Sales West']] });
    expect(outside.status).toBe(400);
    expect((await editor('PUT', '/system/role/dataScope', { roleId: created, dataScope: '2', deptIds: [depts['Sales East']] })).body.code).toBe(200);
    // Handing out a role beyond reach through its holder list is refused too, naming the role.
    const ids = await userIds(admin);
    const grant = await editor('PUT', `/system/role/authUser/selectAll?roleId=${roleIdOf.sales_manager}&userIds=${ids['olivia.park']}`);
    expect(grant.status).toBe(403);
    expect(grant.body.msg).toBe('You cannot change the role Sales Manager: it grants more than you hold');
  });
});
