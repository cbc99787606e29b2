import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, createRole, createUser, deptIds, FORBIDDEN_EN, NEW_USER_PASSWORD } from '../helpers/adminApi';

/** One representative route per administration area. */
const AREAS: Array<[string, string]> = [
  ['users', '/system/user/list'],
  ['roles', '/system/role/list'],
  ['departments', '/system/dept/list'],
  ['menus', '/system/menu/list'],
  ['dictionaries', '/system/dict/type/list'],
  ['login log', '/monitor/logininfor/list'],
  ['operation log', '/monitor/operlog/list'],
];

/** One seeded user per seeded role. */
const ROLE_USERS: Array<[string, string]> = [
  ['admin', 'it.admin'],
  ['sales_manager', 'emma.stone'],
  ['sales_rep', 'olivia.park'],
  ['marketing', 'mia.chen'],
  ['readonly', 'sophia.reed'],
];

describe('permission matrix: seeded roles × administration areas', () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    app = await createTestApp();
    for (const [, user] of ROLE_USERS) tokens[user] = await loginAs(app, user);
  });
  afterAll(() => app.teardown());

  for (const [role, user] of ROLE_USERS) {
    for (const [area, url] of AREAS) {
      const allowed = role === 'admin';
      it(`${role} ${allowed ? 'may' : 'may not'} open ${area}`, async () => {
        const res = await caller(app, tokens[user]!)('GET', url);
        if (allowed) {
          expect(res.status).toBe(200);
          expect(res.body.code).toBe(200);
        } else {
          expect(res.status).toBe(403);
          expect(res.body).toMatchObject({ code: 403, msg: FORBIDDEN_EN });
        }
      });
    }
  }

  it('refuses writes too, before reading the body', async () => {
    const res = await caller(app, tokens['olivia.park']!)('POST', '/system/user', { userName: 'x' });
    expect(res.status).toBe(403);
    const del = await caller(app, tokens['sophia.reed']!)('DELETE', '/monitor/operlog/clean');
    expect(del.status).toBe(403);
  });

  it('says it in Chinese to a Chinese client', async () => {
    const res = await caller(app, tokens['mia.chen']!)('GET', '/system/role/list', undefined, { 'accept-language': 'zh-CN' });
    expect(res.body.msg).toBe('抱歉，您没有访问此地址的权限，请联系 IT 服务部门，谢谢！');
  });

  it('every signed-in role reads dictionaries by type', async () => {
    for (const [, user] of ROLE_USERS) {
      const res = await caller(app, tokens[user]!)('GET', '/system/dict/data/type/sys_normal_disable');
      expect(res.body.code).toBe(200);
    }
  });

  it('a granted permission opens exactly its route, and *:*:* opens everything', async () => {
    const admin = caller(app, await loginAs(app, 'admin'));
    const roleId = await createRole(admin, 'dept_viewer', [PERMISSIONS.dept.list], '1');
    await createUser(admin, 'dept.viewer', (await deptIds(admin))['Support']!, [roleId]);
    const viewer = caller(app, await loginAs(app, 'dept.viewer', NEW_USER_PASSWORD));
    expect((await viewer('GET', '/system/dept/list')).status).toBe(200);
    expect((await viewer('GET', '/system/dept/100')).status).toBe(403);
    expect((await viewer('GET', '/system/user/list')).status).toBe(403);
    for (const [, url] of AREAS) expect((await admin('GET', url)).status).toBe(200);
  });
});
