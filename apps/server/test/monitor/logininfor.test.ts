import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';
import { caller } from '../helpers/adminApi';

describe('login log', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  beforeAll(async () => void ({ app, as: { admin } } = await signedInApp(['admin'])));
  afterAll(() => app.teardown());

  const tryLogin = (username: string, password: string) => app.inject({ method: 'POST', url: api('/login'), payload: { username, password } });

  it('lists attempts newest first, filtered and sorted by whitelisted columns', async () => {
    await tryLogin('noah.king', 'wrong-one');
    const list = await admin('GET', '/monitor/logininfor/list?userName=noah');
    expect(list.body.total).toBe(1);
    expect(list.body.rows[0]).toMatchObject({ userName: 'noah.king', status: '1', msg: 'The user name or password is wrong' });
    expect((await admin('GET', '/monitor/logininfor/list?status=0')).body.rows[0].userName).toBe('admin');
    expect((await admin('GET', '/monitor/logininfor/list?orderByColumn=loginTime&isAsc=asc')).status).toBe(200);
    expect((await admin('GET', '/monitor/logininfor/list?orderByColumn=msg')).status).toBe(400);
  });

  it('unlocks an account locked by failed sign-ins', async () => {
    for (let i = 0; i < 5; i++) await tryLogin('liam.brooks', 'wrong-pass');
    expect((await tryLogin('liam.brooks', 'admin123')).json().code).toBe(429);
    const res = await admin('GET', '/monitor/logininfor/unlock/liam.brooks');
    expect(res.body).toMatchObject({ code: 200, msg: 'The account liam.brooks is unlocked' });
    expect((await tryLogin('liam.brooks', 'admin123')).json().code).toBe(200);
    expect((await admin('GET', '/monitor/logininfor/unlock/nobody.here')).status).toBe(404);
    const logged = await admin('GET', '/monitor/operlog/list?title=Login%20log');
    expect(logged.body.rows[0]).toMatchObject({ requestMethod: 'GET', operUrl: '/dev-api/monitor/logininfor/unlock/nobody.here', status: 1 });
  });

  it('deletes rows and cleans the log', async () => {
    const list = await admin('GET', '/monitor/logininfor/list');
    const first = list.body.rows[0].infoId;
    expect((await admin('DELETE', `/monitor/logininfor/${first}`)).body.code).toBe(200);
    expect((await admin('GET', '/monitor/logininfor/list')).body.total).toBe(list.body.total - 1);
    expect((await admin('DELETE', '/monitor/logininfor/1;drop')).status).toBe(400);
    expect((await admin('DELETE', '/monitor/logininfor/clean')).body.code).toBe(200);
    expect((await admin('GET', '/monitor/logininfor/list')).body.total).toBe(0);
  });
});
