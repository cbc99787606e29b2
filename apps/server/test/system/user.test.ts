import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@orbit/shared/constants';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { sysUser } from '../../src/db/schema/organisation';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, createRole, createUser, deptIds, userIds, type Answer, NEW_USER_PASSWORD } from '../helpers/adminApi';

const U = PERMISSIONS.user;

describe('user administration', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  let itAdmin: ReturnType<typeof caller>;
  let depts: Record<string, number>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    itAdmin = caller(app, await loginAs(app, 'it.admin'));
    depts = await deptIds(admin);
    ids = await userIds(admin);
  });
  afterAll(() => app.teardown());

  const payloadOf = async (userId: number) => {
    const res = await admin('GET', `/system/user/${userId}`);
    return { ...res.body.data, roleIds: res.body.roleIds };
  };

  it('lists with RuoYi paging, filters and the department with its sub-departments', async () => {
    const page = await admin('GET', '/system/user/list?pageNum=2&pageSize=4&orderByColumn=userName&isAsc=ascending');
    expect(page.body).toMatchObject({ code: 200, total: 13 });
    expect(page.body.rows.map((r: { userName: string }) => r.userName)).toEqual(['grace.hall', 'it.admin', 'liam.brooks', 'lucas.wang']);
    expect(page.body.rows[0]).not.toHaveProperty('password');
    const east = await admin('GET', `/system/user/list?deptId=${depts['Sales East']}`);
    expect(east.body.rows.map((r: { userName: string }) => r.userName).sort()).toEqual(['emma.stone', 'grace.hall', 'olivia.park']);
    const name = await admin('GET', '/system/user/list?userName=LIAM&phonenumber=8803&status=0');
    expect(name.body.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const created = await admin('GET', `/system/user/list?params%5BbeginTime%5D=${today}&params%5BendTime%5D=${today}`);
    expect(created.body.total).toBe(13);
    const past = await admin('GET', '/system/user/list?beginTime=2001-01-01&endTime=2001-01-02');
    expect(past.body.total).toBe(0);
  });

  it('lists newest first by default, the id breaking ties, and breaks the ties of a sort the same way', async () => {
    const names = (res: Answer): string[] => res.body.rows.map((r: { userName: string }) => r.userName);
    const byId = names(await admin('GET', '/system/user/list?pageSize=100&orderByColumn=userId&isAsc=desc'));
    // The demo users are created together: the same time, so the higher id comes first.
    expect(names(await admin('GET', '/system/user/list?pageSize=100'))).toEqual(byId);
    const twoUsers = inArray(sysUser.userName, ['liam.brooks', 'emma.stone']);
    // One statement, so both get the same (later) time and their ids decide between them.
    await app.db.update(sysUser).set({ createTime: sql`now() + interval '1 minute'` }).where(twoUsers);
    try {
      const newest = names(await admin('GET', '/system/user/list?pageSize=100'));
      expect(newest.slice(0, 2)).toEqual(ids['liam.brooks']! > ids['emma.stone']! ? ['liam.brooks', 'emma.stone'] : ['emma.stone', 'liam.brooks']);
      expect(newest.slice(2)).toEqual(byId.filter((n) => n !== 'liam.brooks' && n !== 'emma.stone'));
      // Sorted by a column with equal values, ties follow the default order in the sort's direction.
      const byStatus = await admin('GET', '/system/user/list?pageSize=100&orderByColumn=status&isAsc=desc');
      const rows = byStatus.body.rows as { userName: string; status: string }[];
      const expected = ['1', '0'].flatMap((status) => newest.filter((n) => rows.find((r) => r.userName === n)!.status === status));
      expect(names(byStatus)).toEqual(expected);
    } finally {
      await app.db.update(sysUser).set({ createTime: sql`(select create_time from sys_user where user_name = 'admin')` }).where(twoUsers);
    }
  });

  it('refuses sort keys outside the whitelist and neutralises SQL in filters', async () => {
    for (const bad of ['user_name;drop table sys_user', 'password', '(select 1)', 'userName desc, password']) {
      const res = await admin('GET', `/system/user/list?orderByColumn=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors.orderByColumn).toBeTruthy();
    }
    const dir = await admin('GET', `/system/user/list?orderByColumn=userName&isAsc=${encodeURIComponent('asc; delete from sys_user')}`);
    expect(dir.status).toBe(400);
    for (const text of ["' or '1'='1", "%' or 1=1 --", '%', '_']) {
      const res = await admin('GET', `/system/user/list?userName=${encodeURIComponent(text)}`);
      expect(res.status).toBe(200);
      expect(res.body.total, text).toBe(0);
    }
    expect((await admin('GET', '/system/user/list?deptId=1%20or%201=1')).status).toBe(400);
    expect((await admin('GET', '/system/user/list?status=0%27%20or%20%271')).status).toBe(400);
    const all = await admin('GET', '/system/user/list?pageSize=100');
    expect(all.body.total).toBe(13);
  });

  it('caps pageSize at MAX_PAGE_SIZE', async () => {
    const res = await admin('GET', '/system/user/list?pageSize=1000000000');
    expect(res.status).toBe(200);
    expect(res.body.rows.length).toBeLessThanOrEqual(MAX_PAGE_SIZE);
    expect((await admin('GET', '/system/user/list?pageSize=0')).status).toBe(400);
  });

  it('answers the dialogs in RuoYi shapes', async () => {
    const blank = await admin('GET', '/system/user/');
    expect(blank.body.roles.map((r: { roleKey: string }) => r.roleKey)).toContain('sales_rep');
    const one = await admin('GET', `/system/user/${ids['emma.stone']}`);
    expect(one.body.data).toMatchObject({ userName: 'emma.stone', dept: { deptName: 'Sales East' } });
    expect(one.body.roleIds).toHaveLength(1);
    expect(one.body.roles.length).toBeGreaterThan(1);
    const tree = await admin('GET', '/system/user/deptTree');
    expect(tree.body.data[0]).toMatchObject({ id: depts['Head Office'], label: 'Head Office' });
    expect(tree.body.data[0].children).toHaveLength(4);
    expect((await admin('GET', '/system/user/999999')).status).toBe(404);
  });

  it('creates a user who must change the password, with a unique name and e-mail (phone numbers may repeat)', async () => {
    const base = { nickName: 'Zoe', password: 'welcome-aboard-7', deptId: depts['Support'], roleIds: [] };
    const ok = await admin('POST', '/system/user', { ...base, userName: 'zoe.ng', email: 'zoe@example.com', phonenumber: '13900000001' });
    expect(ok.body.code).toBe(200);
    const zoe = caller(app, await loginAs(app, 'zoe.ng', 'welcome-aboard-7'));
    expect((await zoe('GET', '/getInfo')).body.isDefaultModifyPwd).toBe(true);

    const name = await admin('POST', '/system/user', { ...base, userName: 'ZOE.NG' });
    expect(name.status).toBe(400);
    expect(name.body.errors).toHaveProperty('userName');
    expect(name.body.msg).toContain('ZOE.NG');
    const email = await admin('POST', '/system/user', { ...base, userName: 'zoe2', email: 'ZOE@example.com' });
    expect(Object.keys(email.body.errors)).toEqual(['email']);
    const phone = await admin('POST', '/system/user', { ...base, userName: 'zoe3', phonenumber: '13900000001' });
    expect(phone.body.code).toBe(200);
    const edit = await admin('PUT', '/system/user', { ...(await payloadOf(ids['noah.king']!)), email: 'zoe@example.com' });
    expect(Object.keys(edit.body.errors)).toEqual(['email']);
    const invalid = await admin('POST', '/system/user', { userName: '', nickName: 'x'.repeat(31), password: '1', email: 'nope' });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['email', 'nickName', 'password', 'userName']);
  });

  it('nobody edits, disables, resets or deletes the super administrator', async () => {
    const superAdmin = await payloadOf(1);
    for (const who of [admin, itAdmin]) {
      expect((await who('PUT', '/system/user', { ...superAdmin, nickName: 'Changed' })).status).toBe(403);
      expect((await who('PUT', '/system/user/changeStatus', { userId: 1, status: '1' })).status).toBe(403);
      expect((await who('GET', '/changeUserStatus/1/1')).status).toBe(403);
      expect((await who('PUT', '/system/user/resetPwd', { userId: 1, password: 'whatever1' })).status).toBe(403);
      expect((await who('PUT', '/system/user/authRole?userId=1&roleIds=')).status).toBe(403);
    }
    expect((await itAdmin('DELETE', '/system/user/1')).status).toBe(403);
    const msg = await itAdmin('DELETE', `/system/user/${ids['noah.king']},1`);
    expect(msg.body.msg).toBe('The super administrator cannot be changed by anyone');
    expect((await admin('GET', '/system/user/1')).body.data).toMatchObject({ nickName: 'Alex Admin', status: '0', admin: true });
    expect((await admin('GET', `/system/user/${ids['noah.king']}`)).status).toBe(200);
  });

  it('nobody deletes themselves', async () => {
    const res = await itAdmin('DELETE', `/system/user/${ids['it.admin']}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('You cannot delete your own account');
    expect((await admin('DELETE', '/system/user/1')).status).toBe(400);
  });

  it('enables and disables through all three status endpoints; a disabled user is signed out', async () => {
    const lucas = await loginAs(app, 'lucas.wang');
    const id = ids['lucas.wang']!;
    expect((await admin('GET', `/changeUserStatus/${id}/1`)).body.code).toBe(200);
    expect((await caller(app, lucas)('GET', '/getInfo')).status).toBe(401);
    expect((await admin('GET', `/system/user/changeUserStatus/${id}/0`)).body.code).toBe(200);
    expect((await admin('PUT', '/system/user/changeStatus', { userId: id, status: '1' })).body.code).toBe(200);
    expect((await admin('GET', `/system/user/${id}`)).body.data.status).toBe('1');
    expect((await admin('GET', `/changeUserStatus/${id}/2`)).status).toBe(400);
    await admin('PUT', '/system/user/changeStatus', { userId: id, status: '0' });
  });

  it('disabling ends the user’s sessions at once: enabled again before their next request, the old token stays dead', async () => {
    const id = ids['lucas.wang']!;
    const payload = await payloadOf(id);
    const setStatus: Array<(status: string) => Promise<Answer>> = [
      (status) => admin('PUT', '/system/user/changeStatus', { userId: id, status }),
      (status) => admin('PUT', '/system/user', { ...payload, status }),
    ];
    for (const set of setStatus) {
      const token = await loginAs(app, 'lucas.wang');
      expect((await set('1')).body.code).toBe(200);
      expect((await set('0')).body.code).toBe(200);
      expect((await caller(app, token)('GET', '/getInfo')).status).toBe(401);
      expect((await caller(app, await loginAs(app, 'lucas.wang'))('GET', '/getInfo')).status).toBe(200);
    }
  });

  it('resetting a password forces a change and ends that user’s sessions', async () => {
    const token = await loginAs(app, 'ethan.cole');
    const res = await admin('PUT', '/system/user/resetPwd', { userId: ids['ethan.cole'], password: 'fresh-pass-1' });
    expect(res.body.code).toBe(200);
    expect((await caller(app, token)('GET', '/getInfo')).status).toBe(401);
    const again = caller(app, await loginAs(app, 'ethan.cole', 'fresh-pass-1'));
    expect((await again('GET', '/getInfo')).body.isDefaultModifyPwd).toBe(true);
  });

  it('nobody resets their own password here: a stolen administrator session cannot take the account over for good (en and zh)', async () => {
    const token = await loginAs(app, 'it.admin');
    const self = caller(app, token);
    const before = (await app.db.select({ password: sysUser.password }).from(sysUser).where(inArray(sysUser.userId, [ids['it.admin']!])))[0]!.password;
    const res = await self('PUT', '/system/user/resetPwd', { userId: ids['it.admin'], password: 'Taken-Over-Lantern-9' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, msg: 'You cannot reset your own password here: change it in your profile, which asks for the current one' });
    const zh = await self('PUT', '/system/user/resetPwd', { userId: ids['it.admin'], password: 'Taken-Over-Lantern-9' }, { 'accept-language': 'zh' });
    expect(zh.body.msg).toBe('不能在此重置自己的密码：请在个人中心修改密码（需要输入当前密码）');
    // The super administrator too: their own password changes only where the current one is asked.
    expect((await admin('PUT', '/system/user/resetPwd', { userId: 1, password: 'Taken-Over-Lantern-9' })).body.msg).toBe(res.body.msg);
    const after = (await app.db.select({ password: sysUser.password }).from(sysUser).where(inArray(sysUser.userId, [ids['it.admin']!])))[0]!.password;
    expect(after).toBe(before);
    expect((await self('GET', '/getInfo')).body.isDefaultModifyPwd).toBe(false);
    // The way that asks for the current password still works.
    expect((await self('PUT', '/system/user/profile/updatePwd', { oldPassword: 'admin123', newPassword: 'Taken-Over-Lantern-9' })).body.code).toBe(200);
    await self('PUT', '/system/user/profile/updatePwd', { oldPassword: 'Taken-Over-Lantern-9', newPassword: 'Lantern-Orchid-84' });
  });

  it('updates and deletes users; a deleted user can no longer sign in', async () => {
    const id = await createUser(admin, 'temp.user', depts['Marketing']!, []);
    const payload = await payloadOf(id);
    expect((await admin('PUT', '/system/user', { ...payload, nickName: 'Temporary', deptId: depts['Support'] })).body.code).toBe(200);
    expect((await admin('GET', `/system/user/${id}`)).body.data).toMatchObject({ nickName: 'Temporary', deptId: depts['Support'] });
    expect((await admin('DELETE', `/system/user/${id}`)).body.code).toBe(200);
    expect((await admin('GET', `/system/user/${id}`)).status).toBe(404);
    await expect(loginAs(app, 'temp.user', NEW_USER_PASSWORD)).rejects.toThrow();
  });

  it('a non-administrator assigns only roles and departments within reach', async () => {
    const managerRole = await createRole(admin, 'user_manager', [U.list, U.query, U.add, U.edit, PERMISSIONS.leads.list], '4');
    const repRole = await createRole(admin, 'lead_viewer', [PERMISSIONS.leads.list], '5');
    await createUser(admin, 'hr.east', depts['Sales East']!, [managerRole]);
    const hr = caller(app, await loginAs(app, 'hr.east', NEW_USER_PASSWORD));
    const offered = (await hr('GET', '/system/user/')).body.roles.map((r: { roleKey: string }) => r.roleKey);
    expect(offered).toContain('lead_viewer');
    expect(offered).not.toContain('admin');
    expect(offered).not.toContain('sales_rep');

    const base = { nickName: 'New', password: 'welcome-aboard-7', deptId: depts['Key Accounts East'] };
    expect((await hr('POST', '/system/user', { ...base, userName: 'ok.one', roleIds: [repRole] })).body.code).toBe(200);
    const adminRole = (await admin('GET', '/system/role/list')).body.rows.find((r: { roleKey: string }) => r.roleKey === 'admin').roleId;
    const escalate = await hr('POST', '/system/user', { ...base, userName: 'bad.one', roleIds: [adminRole] });
    expect(escalate.status).toBe(400);
    expect(escalate.body.errors).toHaveProperty('roleIds');
    const wider = (await admin('GET', '/system/role/list')).body.rows.find((r: { roleKey: string }) => r.roleKey === 'sales_manager').roleId;
    expect((await hr('POST', '/system/user', { ...base, userName: 'bad.two', roleIds: [wider] })).status).toBe(400);
    const west = await hr('POST', '/system/user', { ...base, userName: 'bad.three', roleIds: [], deptId: depts['Sales West'] });
    expect(west.body.errors).toHaveProperty('deptId');
    expect((await hr('POST', '/system/user', { ...base, userName: 'bad.four', roleIds: [], deptId: null })).status).toBe(400);
    // it.admin sits in Head Office, outside hr's data scope: as if they did not exist.
    const itAdminPayload = await payloadOf(ids['it.admin']!);
    expect((await hr('PUT', '/system/user', { ...itAdminPayload, nickName: 'x' })).status).toBe(404);
  });
});
