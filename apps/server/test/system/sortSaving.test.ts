import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { caller, createRole, createUser, deptIds, NEW_USER_PASSWORD } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;

describe('sort saving: PUT /system/dept/updateSort and /system/menu/updateSort', () => {
  let app: TestApp;
  let admin: Call;
  let depts: Record<string, number>;
  const deptOrder = async (as: Call) =>
    Object.fromEntries(((await as('GET', '/system/dept/list')).body.data as Array<{ deptName: string; orderNum: number }>).map((d) => [d.deptName, d.orderNum]));
  const menus = async () => (await admin('GET', '/system/menu/list')).body.data as Array<{ menuId: number; menuName: string; orderNum: number; perms: string | null; parentId: number }>;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    depts = await deptIds(admin);
  });
  afterAll(() => app.teardown());

  it('saves department orders as RuoYi sends them (comma lists) or as arrays', async () => {
    const res = await admin('PUT', '/system/dept/updateSort', { deptIds: `${depts['Sales East']},${depts['Sales West']}`, orderNums: '9,8' });
    expect(res.body.code).toBe(200);
    expect(await deptOrder(admin)).toMatchObject({ 'Sales East': 9, 'Sales West': 8 });
    expect((await admin('PUT', '/system/dept/updateSort', { deptIds: [depts.Marketing], orderNums: [0] })).body.code).toBe(200);
    expect((await deptOrder(admin)).Marketing).toBe(0);
  });

  it('saves menu orders', async () => {
    const system = (await menus()).filter((m) => ['Users', 'Roles'].includes(m.menuName) && m.perms?.endsWith(':list'));
    const body = { menuIds: system.map((m) => m.menuId).join(','), orderNums: '20,10' };
    expect((await admin('PUT', '/system/menu/updateSort', body)).body.code).toBe(200);
    const after = await menus();
    expect(system.map((m) => after.find((a) => a.menuId === m.menuId)!.orderNum)).toEqual([20, 10]);
  });

  it('refuses mismatched, repeated, negative or malformed input and changes nothing', async () => {
    const before = await deptOrder(admin);
    const east = depts['Sales East'];
    const bad: unknown[] = [
      { deptIds: `${east}`, orderNums: '1,2' },
      { deptIds: `${east},${east}`, orderNums: '1,2' },
      { deptIds: `${east}`, orderNums: '-1' },
      { deptIds: `${east}`, orderNums: '10000' },
      { deptIds: `${east}; drop table sys_dept`, orderNums: '1' },
      { deptIds: [east], orderNums: [1.5] },
      { orderNums: '1' },
    ];
    for (const body of bad) {
      const res = await admin('PUT', '/system/dept/updateSort', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin('PUT', '/system/dept/updateSort', { deptIds: `${east}`, orderNums: '1,2' })).body.errors).toEqual({
      orderNums: 'Every id needs one order number (a whole number from 0 to 9999)',
    });
    // An unknown id among known ones: 404, and the known ones keep their order.
    expect((await admin('PUT', '/system/dept/updateSort', { deptIds: `${east},999999`, orderNums: '1,2' })).status).toBe(404);
    expect((await admin('PUT', '/system/menu/updateSort', { menuIds: '999999', orderNums: '1' })).status).toBe(404);
    expect(await deptOrder(admin)).toEqual(before);
  });

  it('within reach only: departments beyond the data scope answer 404, menus of roles beyond reach 403; no permission 403', async () => {
    const roleId = await createRole(admin, 'east_sorter', [PERMISSIONS.dept.list, PERMISSIONS.dept.edit, PERMISSIONS.menu.list, PERMISSIONS.menu.edit], '4');
    await createUser(admin, 'east.sorter', depts['Sales East']!, [roleId]);
    const east = caller(app, await loginAs(app, 'east.sorter', NEW_USER_PASSWORD));
    expect((await east('PUT', '/system/dept/updateSort', { deptIds: `${depts['Key Accounts East']}`, orderNums: '3' })).body.code).toBe(200);
    const before = await deptOrder(admin);
    expect((await east('PUT', '/system/dept/updateSort', { deptIds: `${depts['Key Accounts East']},${depts.Marketing}`, orderNums: '4,4' })).status).toBe(404);
    expect(await deptOrder(admin)).toEqual(before);
    const leads = (await menus()).find((m) => m.perms === PERMISSIONS.leads.list)!;
    expect((await east('PUT', '/system/menu/updateSort', { menuIds: `${leads.menuId}`, orderNums: '1' })).status).toBe(403);
    const reader = caller(app, await loginAs(app, 'sophia.reed'));
    expect((await reader('PUT', '/system/dept/updateSort', { deptIds: `${depts.Marketing}`, orderNums: '1' })).status).toBe(403);
    expect((await reader('PUT', '/system/menu/updateSort', { menuIds: `${leads.menuId}`, orderNums: '1' })).status).toBe(403);
  });
});
