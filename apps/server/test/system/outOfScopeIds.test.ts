import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { roles as seededRoles } from '../../src/db/seed/organisation';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, createRole, createUser, deptIds, userIds, type Answer, NEW_USER_PASSWORD } from '../helpers/adminApi';

type Call = ReturnType<typeof caller>;
const { user: U, dept: D, role: R } = PERMISSIONS;
const MISSING = 999_999;

/**
 * An id outside the caller's data scope answers exactly as an id that does not exist, on every
 * route that addresses one: otherwise the answers tell which ids exist beyond the caller's reach.
 */
describe('out-of-scope ids answer as missing ones', () => {
  let app: TestApp;
  let admin: Call;
  let east: Call;
  let depts: Record<string, number>;
  let outsider: number;
  let team: number;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    depts = await deptIds(admin);
    const salesRep = seededRoles.find((r) => r.key === 'sales_rep')!.permissions;
    const perms = [...Object.values(U), ...Object.values(D), R.list, R.query, R.edit, ...salesRep];
    const eastAdmin = await createRole(admin, 'east_admin', perms, '3');
    team = await createRole(admin, 'east_team', [PERMISSIONS.leads.list], '5');
    await createUser(admin, 'east.admin', depts['Sales East']!, [eastAdmin]);
    east = caller(app, await loginAs(app, 'east.admin', NEW_USER_PASSWORD));
    outsider = (await userIds(admin))['noah.king']!;
  });
  afterAll(() => app.teardown());

  /** The same call for an out-of-scope id and for a missing one: both answer `status`, with equal bodies. */
  async function sameAsMissing(status: number, outside: number, call: (id: number) => Promise<Answer>) {
    const out = await call(outside);
    const missing = await call(MISSING);
    expect(missing.status).toBe(status);
    expect(out).toEqual(missing);
  }

  it('users: read, edit, reset, status, roles and delete', async () => {
    const read = await admin('GET', `/system/user/${outsider}`);
    const payload = { ...read.body.data, roleIds: read.body.roleIds };
    await sameAsMissing(404, outsider, (id) => east('GET', `/system/user/${id}`));
    await sameAsMissing(404, outsider, (id) => east('GET', `/system/user/authRole/${id}`));
    await sameAsMissing(404, outsider, (id) => east('PUT', '/system/user', { ...payload, userId: id, nickName: 'Changed' }));
    await sameAsMissing(404, outsider, (id) => east('PUT', '/system/user/resetPwd', { userId: id, password: 'taken-over-1' }));
    await sameAsMissing(404, outsider, (id) => east('PUT', '/system/user/changeStatus', { userId: id, status: '1' }));
    await sameAsMissing(404, outsider, (id) => east('GET', `/changeUserStatus/${id}/1`));
    await sameAsMissing(404, outsider, (id) => east('PUT', `/system/user/authRole?userId=${id}&roleIds=`));
    await sameAsMissing(404, outsider, (id) => east('DELETE', `/system/user/${id}`));
    expect((await admin('GET', `/system/user/${outsider}`)).body.data).toEqual(read.body.data);
  });

  it('the holders of a role: add and remove', async () => {
    await sameAsMissing(404, outsider, (id) => east('PUT', `/system/role/authUser/selectAll?roleId=${team}&userIds=${id}`));
    await sameAsMissing(404, outsider, (id) => east('PUT', '/system/role/authUser/cancel', { roleId: team, userId: id }));
    await sameAsMissing(404, outsider, (id) => east('PUT', `/system/role/authUser/cancelAll?roleId=${team}&userIds=${id}`));
    expect((await admin('GET', `/system/role/authUser/allocatedList?roleId=${team}`)).body.total).toBe(0);
  });

  it('departments: read, edit, delete, the parent picker, and as a parent, a home or a custom scope', async () => {
    const outside = depts['Sales West']!;
    const west = (await admin('GET', `/system/dept/${outside}`)).body.data;
    const salesEast = (await admin('GET', `/system/dept/${depts['Sales East']}`)).body.data;
    await sameAsMissing(404, outside, (id) => east('GET', `/system/dept/${id}`));
    await sameAsMissing(404, outside, (id) => east('GET', `/system/dept/list/exclude/${id}`));
    await sameAsMissing(404, outside, (id) => east('PUT', '/system/dept', { ...west, deptId: id, deptName: 'Taken' }));
    await sameAsMissing(404, outside, (id) => east('DELETE', `/system/dept/${id}`));
    await sameAsMissing(400, outside, (id) => east('POST', '/system/dept', { parentId: id, deptName: 'Sneaky', orderNum: 1 }));
    await sameAsMissing(400, outside, (id) => east('PUT', '/system/dept', { ...salesEast, parentId: id }));
    await sameAsMissing(400, outside, (id) => east('POST', '/system/user', { userName: `placed.${id}`, nickName: 'x', password: 'welcome-1', deptId: id, roleIds: [] }));
    await sameAsMissing(400, outside, (id) => east('PUT', '/system/role/dataScope', { roleId: team, dataScope: '2', deptIds: [id] }));
    expect((await admin('GET', `/system/dept/${outside}`)).body.data).toEqual(west);
  });
});
