import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller, deptIds, userIds } from '../helpers/adminApi';

type OperRow = { operId: number; title: string; businessType: number; requestMethod: string; operUrl: string; operName: string; deptName: string; operParam: string; jsonResult: string; status: number; errorMsg: string; costTime: number; operIp: string };

describe('operation log', () => {
  let app: TestApp;
  let token: string;
  let admin: ReturnType<typeof caller>;
  beforeAll(async () => {
    app = await createTestApp();
    token = await loginAs(app, 'admin');
    admin = caller(app, token);
  });
  afterAll(() => app.teardown());

  const latest = async (query = ''): Promise<OperRow> => (await admin('GET', `/monitor/operlog/list?pageSize=1${query}`)).body.rows[0];
  const everything = async (): Promise<string> => JSON.stringify((await admin('GET', '/monitor/operlog/list?pageSize=500')).body.rows);

  it('records every write with title, type, operator, department, parameters, result and time', async () => {
    const depts = await deptIds(admin);
    const created = await admin('POST', '/system/user', { userName: 'log.me', nickName: 'Log Me', password: 'Sup3r-Secret!', deptId: depts['Support'], roleIds: [] });
    const row = await latest();
    expect(row).toMatchObject({
      title: 'User', businessType: 1, requestMethod: 'POST', operUrl: '/dev-api/system/user', operName: 'admin', deptName: 'Head Office', status: 0, errorMsg: '',
    });
    expect(JSON.parse(row.operParam)).toMatchObject({ userName: 'log.me', password: '******' });
    expect(JSON.parse(row.jsonResult)).toEqual({ code: 200, msg: 'Operation successful', data: created.body.data });
    expect(row.costTime).toBeGreaterThanOrEqual(0);
    expect(row.operIp).toBeTruthy();

    const detail = await admin('GET', `/monitor/operlog/${row.operId}`);
    expect(detail.body.data.operId).toBe(row.operId);
  });

  it('never stores a password, token or code: user admin, sign-in, password change and reset', async () => {
    const ids = await userIds(admin);
    await admin('PUT', '/system/user/resetPwd', { userId: ids['noah.king'], password: 'Reset-Secret-1' });
    await app.inject({ method: 'POST', url: api('/login'), payload: { username: 'noah.king', password: 'Login-Secret-2', code: '4321', uuid: 'abc' } });
    const noah = await loginAs(app, 'noah.king', 'Reset-Secret-1');
    await app.inject({ method: 'PUT', url: api('/system/user/profile/updatePwd'), headers: bearer(noah), payload: { oldPassword: 'Reset-Secret-1', newPassword: 'Changed-Secret-3' } });
    await app.inject({ method: 'PUT', url: api('/resetPwd'), payload: { email: 'noah.king@example.com', code: '123456', password: 'Mail-Secret-4' } });
    await app.inject({ method: 'POST', url: api('/switchLogin'), payload: { email: 'noah.king@example.com', code: '654321' } });
    const all = await everything();
    for (const secret of ['Sup3r-Secret!', 'Reset-Secret-1', 'Login-Secret-2', 'Changed-Secret-3', 'Mail-Secret-4', '4321', '654321', '123456', noah, token]) {
      expect(all, secret).not.toContain(secret);
    }
    expect(all).toContain('******');
    const login = (await admin('GET', '/monitor/operlog/list?title=login&pageSize=50')).body.rows.find((r: OperRow) => r.status === 0);
    expect(JSON.parse(login.jsonResult).token).toBe('******');
  });

  it('stores no body for the sign-in, code, password and e-mail change routes, whatever its content type', async () => {
    const since = (await latest()).operId;
    const ids = await userIds(admin);
    const plain = (method: 'POST' | 'PUT', url: string, payload: string) =>
      app.inject({ method, url: api(url), headers: { ...bearer(token), 'content-type': 'text/plain' }, payload });
    expect((await plain('PUT', '/system/user/profile/updatePwd', '{"oldPassword":"Plain-Old-1","newPassword":"Plain-New-2"}')).statusCode).toBe(400);
    expect((await plain('POST', '/login', '{"username":"admin","password":"Plain-Login-3","code":"991177","uuid":"u"}')).statusCode).toBe(400);
    expect((await plain('PUT', '/resetPwd', '{"email":"noah.king@example.com","code":"776655","password":"Plain-Reset-4"}')).statusCode).toBe(400);
    expect((await plain('PUT', '/system/user/resetPwd', `{"userId":${ids['mia.chen']},"password":"Plain-Admin-5"}`)).statusCode).toBe(400);
    expect((await plain('POST', '/switchLogin', 'email=noah.king@example.com&code=445566')).statusCode).toBe(400);
    // As JSON too, answered or refused.
    expect((await admin('PUT', '/system/user/resetPwd', { userId: ids['mia.chen'], password: 'Json-Admin-6' })).status).toBe(200);
    await admin('POST', '/checkCode', { email: 'noah.king@example.com', code: '334455' });
    await admin('POST', '/email', { email: 'noah.king@example.com' });
    await admin('POST', '/system/user/profile/email', { email: 'alex.new@example.com', password: 'Wrong-Current-7' });
    await admin('PUT', '/system/user/profile/email', { email: 'alex.new@example.com', code: '123456' });
    const rows = (await admin('GET', '/monitor/operlog/list?pageSize=500')).body.rows.filter((r: OperRow) => r.operId > since) as OperRow[];
    expect(rows.map((r) => r.operUrl).sort()).toEqual(
      [
        '/checkCode', '/email', '/login', '/resetPwd', '/switchLogin', '/system/user/profile/updatePwd', '/system/user/resetPwd', '/system/user/resetPwd',
        '/system/user/profile/email', '/system/user/profile/email',
      ].map(api).sort(),
    );
    expect(rows.map((r) => r.operParam)).toEqual(rows.map(() => '{"body":"******"}'));
  });

  it('reads any text body as JSON and redacts it like an object; free text is withheld', async () => {
    const send = (method: 'POST' | 'PUT', url: string, payload: string, contentType = 'text/plain') =>
      app.inject({ method, url: api(url), headers: { ...bearer(token), 'content-type': contentType }, payload });
    expect((await send('PUT', '/system/user/profile', '{"nickName":"Plain Nick","password":"Plain-Profile-7"}')).statusCode).toBe(400);
    expect((await latest()).operParam).toBe('{"nickName":"Plain Nick","password":"******"}');
    expect((await send('POST', '/system/dept', 'deptName=x&password=Plain-Free-8')).statusCode).toBe(400);
    expect((await latest()).operParam).toBe('{"body":"******"}');
    expect((await send('POST', '/system/dept', '"Plain-Free-9"', 'application/json')).statusCode).toBe(400);
    expect((await latest()).operParam).toBe('{"body":"******"}');
    expect(await everything()).not.toMatch(/Plain-(Profile-7|Free-8|Free-9)/);
  });

  it('stores at most 2000 characters of a megabyte body', async () => {
    expect((await admin('POST', '/system/dept', { deptName: 'x'.repeat(1000 * 1000), parentId: 100, orderNum: 1 })).status).toBe(400);
    const row = await latest();
    expect(row.operParam).toHaveLength(2001);
    expect(row.operParam.startsWith('{"deptName":"xxx')).toBe(true);
    expect(row.operParam.endsWith('…')).toBe(true);
  });

  it('records failures with their message, and the GET status switches', async () => {
    await admin('DELETE', '/system/user/1');
    const failed = await latest();
    expect(failed).toMatchObject({ businessType: 3, requestMethod: 'DELETE', status: 1, errorMsg: 'You cannot delete your own account', jsonResult: '' });
    const ids = await userIds(admin);
    await admin('GET', `/changeUserStatus/${ids['mia.chen']}/1`);
    expect(await latest()).toMatchObject({ title: 'User', businessType: 2, requestMethod: 'GET', status: 0, operUrl: `/dev-api/changeUserStatus/${ids['mia.chen']}/1` });
    // Anonymous calls refused at the door are noise, not operations.
    const total = (await admin('GET', '/monitor/operlog/list')).body.total;
    expect((await app.inject({ method: 'POST', url: api('/system/user'), payload: { password: 'x' } })).statusCode).toBe(401);
    expect((await admin('GET', '/monitor/operlog/list')).body.total).toBe(total);
    // Plain reads are not operations.
    const before = (await admin('GET', '/monitor/operlog/list')).body.total;
    await admin('GET', '/system/user/list');
    expect((await admin('GET', '/monitor/operlog/list')).body.total).toBe(before);
  });

  it('filters by type, status and operator; refuses unknown sort columns', async () => {
    expect((await admin('GET', '/monitor/operlog/list?businessType=1')).body.rows.every((r: OperRow) => r.businessType === 1)).toBe(true);
    expect((await admin('GET', '/monitor/operlog/list?status=1')).body.rows.every((r: OperRow) => r.status === 1)).toBe(true);
    expect((await admin('GET', '/monitor/operlog/list?operName=admin&orderByColumn=costTime&isAsc=desc')).status).toBe(200);
    expect((await admin('GET', '/monitor/operlog/list?orderByColumn=oper_param')).status).toBe(400);
  });

  it('finds titles containing a text, in any case, with % and _ taken literally', async () => {
    const all = (await admin('GET', '/monitor/operlog/list?pageSize=500')).body.rows as OperRow[];
    const users = await admin('GET', '/monitor/operlog/list?title=SER&pageSize=500');
    expect(users.body.total).toBeGreaterThan(0);
    expect(users.body.rows.map((r: OperRow) => r.operId)).toEqual(all.filter((r) => r.title.toLowerCase().includes('ser')).map((r) => r.operId));
    expect((await admin('GET', '/monitor/operlog/list?title=%25')).body.total).toBe(0);
    expect((await admin('GET', '/monitor/operlog/list?title=_')).body.total).toBe(0);
    expect((await admin('GET', '/monitor/operlog/list?title=no%20such%20area')).body.total).toBe(0);
  });

  it('sorts by a column with repeated values, ties broken by id in the same direction', async () => {
    const all = (await admin('GET', '/monitor/operlog/list?pageSize=500')).body.rows as OperRow[];
    expect(all.map((r) => r.operId)).toEqual([...all].sort((a, b) => b.operId - a.operId).map((r) => r.operId));
    for (const [isAsc, sign] of [['asc', 1], ['desc', -1]] as const) {
      const rows = (await admin('GET', `/monitor/operlog/list?pageSize=500&orderByColumn=businessType&isAsc=${isAsc}`)).body.rows as OperRow[];
      const expected = [...all].sort((a, b) => sign * (a.businessType - b.businessType || a.operId - b.operId));
      expect(rows.map((r) => r.operId)).toEqual(expected.map((r) => r.operId));
    }
  });

  it('deletes rows and cleans the log (the clean itself is then recorded)', async () => {
    const row = await latest();
    expect((await admin('DELETE', `/monitor/operlog/${row.operId}`)).body.code).toBe(200);
    expect((await admin('GET', `/monitor/operlog/${row.operId}`)).status).toBe(404);
    expect((await admin('DELETE', '/monitor/operlog/clean')).body.code).toBe(200);
    const after = await admin('GET', '/monitor/operlog/list');
    expect(after.body.total).toBe(1);
    expect(after.body.rows[0]).toMatchObject({ title: 'Operation log', businessType: 9 });
  });

  it('records a clean sent with a body nested 100,000 deep, its parameters withheld', async () => {
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const res = await app.inject({ method: 'DELETE', url: api('/monitor/operlog/clean'), headers: { ...bearer(token), 'content-type': 'application/json' }, payload: deep });
    expect(res.json().code).toBe(200);
    const after = await admin('GET', '/monitor/operlog/list');
    expect(after.body.total).toBe(1);
    expect(after.body.rows[0]).toMatchObject({ title: 'Operation log', businessType: 9, operParam: '******', status: 0 });
  });
});
