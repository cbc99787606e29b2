import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysLogininfor } from '../../src/db/schema/logs';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { CHROME_UA, get, loginLog, post, sessionCount, userRow, ZH } from './authTestUtils';

describe('POST /logout', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  it('revokes the session: the same token then gets 401 on /getInfo', async () => {
    const token = await loginAs(app, 'emma.stone');
    const { userId } = await userRow(app, 'emma.stone');
    expect((await get(app, '/getInfo', bearer(token))).status).toBe(200);
    const sessionsBefore = await sessionCount(app, userId);

    const res = await post(app, '/logout', undefined, bearer(token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200 });
    expect(await sessionCount(app, userId)).toBe(sessionsBefore - 1);

    const after = await get(app, '/getInfo', bearer(token));
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 401, msg: 'Your session has expired, please sign in again' });
    expect((await get(app, '/getRouters', bearer(token))).status).toBe(401);
    const zh = await get(app, '/getInfo', { ...bearer(token), ...ZH });
    expect(zh.body).toEqual({ code: 401, msg: '登录状态已过期，请重新登录' });
  });

  it('writes a status 0 login-log row for the user', async () => {
    const token = await loginAs(app, 'liam.brooks');
    await post(app, '/logout', undefined, { ...bearer(token), 'user-agent': CHROME_UA });
    const [row] = await loginLog(app, 'liam.brooks');
    expect(row).toMatchObject({ userName: 'liam.brooks', status: '0', msg: 'Signed out', ipaddr: '127.0.0.1', browser: 'Chrome 120', os: 'Windows 10' });
  });

  it('signs out only that session: another token of the same user keeps working', async () => {
    const phone = await loginAs(app, 'olivia.park');
    const laptop = await loginAs(app, 'olivia.park');
    await post(app, '/logout', undefined, bearer(phone));
    expect((await get(app, '/getInfo', bearer(phone))).status).toBe(401);
    expect((await get(app, '/getInfo', bearer(laptop))).status).toBe(200);
  });

  it('logging out twice, or with no, unknown or malformed token, answers 200 and logs nothing', async () => {
    const token = await loginAs(app, 'mia.chen');
    await post(app, '/logout', undefined, bearer(token));
    const rowsBefore = (await app.db.select().from(sysLogininfor)).length;
    for (const headers of [bearer(token), {}, bearer('not-a-real-token'), { authorization: 'Basic abc' }]) {
      const res = await post(app, '/logout', undefined, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.body.code).toBe(200);
    }
    expect((await app.db.select().from(sysLogininfor)).length).toBe(rowsBefore);
  });

  it('a request without a valid bearer token gets 401 on every signed-in route', async () => {
    const cases: Array<Record<string, string>> = [{}, bearer('x'.repeat(43)), { authorization: 'Token abc' }, { authorization: 'Bearer' }];
    for (const headers of cases) {
      for (const url of ['/getInfo', '/getRouters', '/system/user/unResetPwd']) {
        const res = await app.inject({ method: 'GET', url: api(url), headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json().code).toBe(401);
      }
    }
  });

  it('the scheme is case-insensitive (bearer / Bearer)', async () => {
    const token = await loginAs(app, 'lucas.wang');
    expect((await get(app, '/getInfo', { authorization: `bearer ${token}` })).status).toBe(200);
  });
});
