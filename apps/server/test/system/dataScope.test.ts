import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { dataScopeFilter } from '../../src/lib/dataScope';
import type { CurrentUser } from '../../src/modules/auth/currentUser';
import { sysUser } from '../../src/db/schema/organisation';
import { roles as seededRoles } from '../../src/db/seed/organisation';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, createRole, createUser, deptIds, userIds, NEW_USER_PASSWORD } from '../helpers/adminApi';

const U = PERMISSIONS.user;
// User administration, and every permission of the sales representatives they manage (so those accounts are within reach).
const USER_ADMIN = [U.list, U.query, U.edit, U.remove, U.resetPwd, ...seededRoles.find((r) => r.key === 'sales_rep')!.permissions];

/**
 * The five data scopes on the seeded tree: Head Office → Sales East (→ Key Accounts East),
 * Sales West, Marketing, Support. The tester sits in Sales East and holds one temporary role at
 * a time; the user list shows what each scope lets them see.
 */
describe('data scope on the user list', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  let tester: ReturnType<typeof caller>;
  let testerId: number;
  let depts: Record<string, number>;
  let ids: Record<string, number>;
  const roles: Record<string, number> = {};

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    depts = await deptIds(admin);
    roles.all = await createRole(admin, 'scope_all', USER_ADMIN, '1');
    roles.custom = await createRole(admin, 'scope_custom', USER_ADMIN, '2', [depts['Sales West']!, depts['Support']!]);
    roles.own = await createRole(admin, 'scope_dept', USER_ADMIN, '3');
    roles.below = await createRole(admin, 'scope_below', USER_ADMIN, '4');
    roles.self = await createRole(admin, 'scope_self', USER_ADMIN, '5');
    testerId = await createUser(admin, 'scope.tester', depts['Sales East']!, [roles.self]);
    tester = caller(app, await loginAs(app, 'scope.tester', NEW_USER_PASSWORD));
    ids = await userIds(admin);
  });
  afterAll(() => app.teardown());

  async function holdOnly(...roleIds: number[]) {
    const res = await admin('PUT', `/system/user/authRole?userId=${testerId}&roleIds=${roleIds.join(',')}`);
    expect(res.body.code).toBe(200);
  }

  async function visible(): Promise<string[]> {
    const res = await tester('GET', '/system/user/list?pageSize=500');
    expect(res.body.code).toBe(200);
    const names = (res.body.rows as Array<{ userName: string }>).map((r) => r.userName).sort();
    expect(res.body.total).toBe(names.length);
    return names;
  }

  it('1 all: every user', async () => {
    await holdOnly(roles.all!);
    expect(await visible()).toHaveLength(14);
  });

  it('2 custom departments: only the departments listed in sys_role_dept', async () => {
    await holdOnly(roles.custom!);
    expect(await visible()).toEqual(['ethan.cole', 'liam.brooks', 'noah.king', 'sophia.reed']);
  });

  it('3 own department: Sales East only, not its sub-department', async () => {
    await holdOnly(roles.own!);
    expect(await visible()).toEqual(['emma.stone', 'olivia.park', 'scope.tester']);
  });

  it('4 own department and below: Sales East and Key Accounts East', async () => {
    await holdOnly(roles.below!);
    expect(await visible()).toEqual(['emma.stone', 'grace.hall', 'olivia.park', 'scope.tester']);
  });

  it('5 own records only: the tester alone', async () => {
    await holdOnly(roles.self!);
    expect(await visible()).toEqual(['scope.tester']);
  });

  it('several roles combine with OR', async () => {
    await holdOnly(roles.own!, roles.custom!);
    expect(await visible()).toEqual(['emma.stone', 'ethan.cole', 'liam.brooks', 'noah.king', 'olivia.park', 'scope.tester', 'sophia.reed']);
  });

  it('applies to read, update, delete and password reset, not only to the list (out of scope answers as missing)', async () => {
    await holdOnly(roles.below!);
    const outside = ids['noah.king']!;
    const inside = ids['grace.hall']!;
    expect((await tester('GET', `/system/user/${inside}`)).status).toBe(200);
    expect((await tester('GET', `/system/user/${outside}`)).status).toBe(404);
    const read = await admin('GET', `/system/user/${outside}`);
    const { data } = read.body;
    const update = await tester('PUT', '/system/user', { ...data, nickName: 'Hacked', roleIds: read.body.roleIds });
    expect(update.status).toBe(404);
    expect((await tester('PUT', '/system/user/resetPwd', { userId: outside, password: 'newpass123' })).status).toBe(404);
    expect((await tester('GET', `/system/user/changeUserStatus/${outside}/1`)).status).toBe(404);
    expect((await tester('DELETE', `/system/user/${inside},${outside}`)).status).toBe(404);
    const still = await admin('GET', `/system/user/${outside}`);
    expect(still.body.data.nickName).toBe('Noah King');
    expect(still.body.data.status).toBe('0');
  });

  it('limits the department tree and the departments a user can be placed in', async () => {
    await holdOnly(roles.below!);
    const tree = await tester('GET', '/system/user/deptTree');
    expect(tree.body.data).toEqual([{ id: depts['Sales East'], label: 'Sales East', children: [{ id: depts['Key Accounts East'], label: 'Key Accounts East' }] }]);
    const read = await admin('GET', `/system/user/${ids['grace.hall']}`);
    const move = await tester('PUT', '/system/user', { ...read.body.data, deptId: depts['Sales West'], roleIds: read.body.roleIds });
    expect(move.status).toBe(400);
    expect(move.body.errors.deptId).toBeTruthy();
  });

  it('the filter binds every value as a parameter and lets administrators through', () => {
    const base = { userId: 7, userName: 'x', nickName: 'x', deptId: 101, deptName: '', permissions: new Set<string>(), mustChangePwd: false };
    const none: CurrentUser = { ...base, roles: [], isAdmin: false };
    const adminUser: CurrentUser = { ...base, roles: [], isAdmin: true };
    const mixed: CurrentUser = { ...base, isAdmin: false, roles: [{ roleId: 3, roleKey: 'a', dataScope: '3' }, { roleId: 4, roleKey: 'b', dataScope: '5' }] };
    expect(dataScopeFilter(adminUser, { dept: sysUser.deptId, owner: sysUser.userId })).toBeUndefined();
    const q = (s: ReturnType<typeof dataScopeFilter>) => app.db.select().from(sysUser).where(s).toSQL();
    expect(q(dataScopeFilter(none, { dept: sysUser.deptId })).sql).toContain('false');
    const built = q(dataScopeFilter(mixed, { dept: sysUser.deptId, owner: sysUser.userId }));
    expect(built.sql).toMatch(/"dept_id" = \$1 or "sys_user"."user_id" = \$2/);
    expect(built.params).toEqual([101, 7]);
  });
});
