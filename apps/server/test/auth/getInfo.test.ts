import { eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_AGE_HINT_DAYS } from '@orbit/shared/constants';
import type { GetInfoResponse } from '@orbit/shared/contract/auth';
import { sysSession } from '../../src/db/schema/auth';
import { sysMenu, sysRoleMenu } from '../../src/db/schema/menu';
import { sysDept, sysRole, sysUser, sysUserRole } from '../../src/db/schema/organisation';
import { bearer, loginAs, orbitWeb, type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';
import { get, updateUser, userRow, ZH } from './authTestUtils';

const DAY_MS = 86_400_000;

describe('GET /getInfo', () => {
  let app: TestApp;
  let adminToken: string;
  let repToken: string;
  beforeAll(async () => void ({ app, tokens: { admin: adminToken, 'olivia.park': repToken } } = await signedInApp(['admin', 'olivia.park'])));
  afterAll(() => app.teardown());
  afterEach(async () => {
    await updateUser(app, 'olivia.park', { mustChangePwd: false, pwdUpdateDate: new Date(), pwdHintPostponedAt: null, status: '0' });
  });

  // As Orbit's web app asks (its dates are ISO instants; a RuoYi client's are compat/ruoyiDates.test.ts's).
  const info = async (token: string) => {
    const res = await get(app, '/getInfo', { ...bearer(token), ...orbitWeb });
    expect(res.status).toBe(200);
    return res.body as unknown as GetInfoResponse;
  };

  it('admin: the full shape, roles ["admin"] and permissions ["*:*:*"]', async () => {
    const body = await info(adminToken);
    const admin = await userRow(app, 'admin');
    const [dept] = await app.db.select().from(sysDept).where(eq(sysDept.deptId, admin.deptId!));
    expect(body).toEqual({
      code: 200,
      msg: 'Operation successful',
      user: {
        userId: admin.userId,
        userName: 'admin',
        nickName: 'Alex Admin',
        email: 'admin@example.com',
        phonenumber: '15888888888',
        sex: '0',
        avatar: '',
        introduction: '',
        deptId: admin.deptId,
        dept: { deptId: admin.deptId, deptName: dept!.deptName },
        loginDate: expect.any(String),
        createTime: admin.createTime.toISOString(),
      },
      // SPEC §7 reads these at the top level: the name shown (the nickname), the avatar, the introduction.
      name: 'Alex Admin',
      avatar: '',
      introduction: '',
      roles: ['admin'],
      permissions: ['*:*:*'],
      isAdmin: true,
      isDefaultModifyPwd: false,
      isPasswordExpired: false,
      pwdChrtype: '0',
      // The administrator's role has no landing dashboard: `/` stays the home page (docs/web-shell.md).
      defaultDashboardId: null,
      organisationCurrency: 'USD',
    });
    expect(dept!.deptName).toBe('Head Office');
    // Secrets and internals never leave the server.
    const text = JSON.stringify(body);
    for (const secret of ['password', 'argon2', 'failedLoginCount', 'lockedUntil', 'tokenHash']) expect(text).not.toContain(secret);
  });

  it('name, avatar and introduction follow the profile', async () => {
    const me = { ...bearer(repToken), 'content-type': 'application/json' };
    const put = await app.inject({ method: 'PUT', url: '/dev-api/system/user/profile', headers: me, payload: { nickName: 'Olivia P.', introduction: 'Sales East, key accounts since 2021.' } });
    expect(put.json().code).toBe(200);
    await updateUser(app, 'olivia.park', { avatar: '/profile/avatar/0123456789abcdef0123456789abcdef.png' });
    try {
      const body = await info(repToken);
      expect(body).toMatchObject({ name: 'Olivia P.', avatar: '/profile/avatar/0123456789abcdef0123456789abcdef.png', introduction: 'Sales East, key accounts since 2021.' });
      expect(body.user).toMatchObject({ nickName: 'Olivia P.', avatar: body.avatar });
    } finally {
      await updateUser(app, 'olivia.park', { nickName: 'Olivia Park', avatar: '', introduction: '' });
    }
  });

  it('the msg is translated', async () => {
    const res = await get(app, '/getInfo', { ...bearer(adminToken), ...ZH });
    expect(res.body.msg).toBe('操作成功');
  });

  it('a sales_rep: its role key, exactly the permissions its menus grant, not admin', async () => {
    const body = await info(repToken);
    expect(body.isAdmin).toBe(false);
    expect(body.roles).toEqual(['sales_rep']);
    expect(body.user).toMatchObject({ userName: 'olivia.park', nickName: 'Olivia Park', dept: { deptName: 'Sales East' } });

    const [role] = await app.db.select().from(sysRole).where(eq(sysRole.roleKey, 'sales_rep'));
    const granted = await app.db
      .select({ perms: sysMenu.perms })
      .from(sysRoleMenu)
      .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
      .where(eq(sysRoleMenu.roleId, role!.roleId));
    const expected = [...new Set(granted.flatMap((g) => (g.perms ? [g.perms] : [])))].sort();
    expect([...body.permissions].sort()).toEqual(expected);
    expect(body.permissions).toEqual(expect.arrayContaining(['crm:leads:list', 'crm:leads:add', 'crm:leads:convert', 'crm:campaign:query']));
    expect(body.permissions).not.toContain('*:*:*');
    expect(body.permissions).not.toContain('crm:campaign:add');
    expect(body.permissions.some((p) => p.startsWith('system:'))).toBe(false);
  });

  it('a second admin-role user is admin too, with "*:*:*"', async () => {
    const body = await info(await loginAs(app, 'it.admin'));
    expect(body).toMatchObject({ isAdmin: true, roles: ['admin'], permissions: ['*:*:*'] });
  });

  it('a user without any role gets a placeholder role and no permissions', async () => {
    const { userId } = await userRow(app, 'ethan.cole');
    const roles = await app.db.select().from(sysUserRole).where(eq(sysUserRole.userId, userId));
    await app.db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
    try {
      const body = await info(await loginAs(app, 'ethan.cole'));
      expect(body).toMatchObject({ roles: ['ROLE_DEFAULT'], permissions: [], isAdmin: false });
    } finally {
      await app.db.insert(sysUserRole).values(roles);
    }
  });

  it('a disabled role grants nothing', async () => {
    await app.db.update(sysRole).set({ status: '1' }).where(eq(sysRole.roleKey, 'readonly'));
    try {
      const body = await info(await loginAs(app, 'sophia.reed'));
      expect(body.roles).toEqual(['ROLE_DEFAULT']);
      expect(body.permissions).toEqual([]);
    } finally {
      await app.db.update(sysRole).set({ status: '0' }).where(eq(sysRole.roleKey, 'readonly'));
    }
  });

  it('isDefaultModifyPwd mirrors must_change_pwd', async () => {
    expect((await info(repToken)).isDefaultModifyPwd).toBe(false);
    await updateUser(app, 'olivia.park', { mustChangePwd: true });
    expect((await info(repToken)).isDefaultModifyPwd).toBe(true);
  });

  it(`isPasswordExpired: true once the password is older than ${PASSWORD_AGE_HINT_DAYS} days`, async () => {
    await updateUser(app, 'olivia.park', { pwdUpdateDate: new Date(Date.now() - (PASSWORD_AGE_HINT_DAYS - 1) * DAY_MS) });
    expect((await info(repToken)).isPasswordExpired).toBe(false);
    await updateUser(app, 'olivia.park', { pwdUpdateDate: new Date(Date.now() - (PASSWORD_AGE_HINT_DAYS + 1) * DAY_MS) });
    expect((await info(repToken)).isPasswordExpired).toBe(true);
  });

  it('GET /system/user/unResetPwd postpones the suggestion', async () => {
    await updateUser(app, 'olivia.park', { pwdUpdateDate: new Date(Date.now() - 200 * DAY_MS) });
    expect((await info(repToken)).isPasswordExpired).toBe(true);
    const res = await get(app, '/system/user/unResetPwd', bearer(repToken));
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect((await userRow(app, 'olivia.park')).pwdHintPostponedAt).not.toBeNull();
    expect((await info(repToken)).isPasswordExpired).toBe(false);
    // Only this user's suggestion was postponed.
    const postponed = await app.db.select({ userName: sysUser.userName }).from(sysUser).where(isNotNull(sysUser.pwdHintPostponedAt));
    expect(postponed).toEqual([{ userName: 'olivia.park' }]);
  });

  it(`a postponement lasts another ${PASSWORD_AGE_HINT_DAYS} days, then the suggestion returns`, async () => {
    await updateUser(app, 'olivia.park', {
      pwdUpdateDate: new Date(Date.now() - 300 * DAY_MS),
      pwdHintPostponedAt: new Date(Date.now() - (PASSWORD_AGE_HINT_DAYS + 1) * DAY_MS),
    });
    expect((await info(repToken)).isPasswordExpired).toBe(true);
  });

  it('a forced change cannot be postponed', async () => {
    await updateUser(app, 'olivia.park', { mustChangePwd: true });
    const res = await get(app, '/system/user/unResetPwd', bearer(repToken));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, msg: 'Please set your own password before going on' });
    expect((await userRow(app, 'olivia.park')).pwdHintPostponedAt).toBeNull();
    expect((await info(repToken)).isDefaultModifyPwd).toBe(true);
  });

  it('a user disabled while signed in loses the session at once (401, session removed)', async () => {
    const token = await loginAs(app, 'noah.king');
    const { userId } = await userRow(app, 'noah.king');
    await updateUser(app, 'noah.king', { status: '1' });
    try {
      const res = await get(app, '/getInfo', bearer(token));
      expect(res.status).toBe(401);
      expect(await app.db.select().from(sysSession).where(inArray(sysSession.userId, [userId]))).toEqual([]);
    } finally {
      await updateUser(app, 'noah.king', { status: '0' });
    }
  });
});
