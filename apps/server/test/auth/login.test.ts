import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sysSession } from '../../src/db/schema/auth';
import { sysLogininfor } from '../../src/db/schema/logs';
import { api, bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { CHROME_UA, clearThrottle, failuresFrom, get, loginLog, post, updateUser, userRow, ZH } from './authTestUtils';

describe('POST /login', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());
  afterEach(async () => {
    await updateUser(app, 'noah.king', { status: '0', delFlag: '0' });
    await clearThrottle(app);
  });

  const login = (username: unknown, password: unknown, headers: Record<string, string> = {}) =>
    post(app, '/login', { username, password }, headers);

  it('answers an opaque token that opens /getInfo; only its SHA-256 is stored', async () => {
    const res = await login('admin', 'admin123');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, msg: 'Operation successful' });
    const token = res.body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const info = await get(app, '/getInfo', bearer(token));
    expect(info.body).toMatchObject({ code: 200, user: { userName: 'admin' } });

    const hash = createHash('sha256').update(token).digest('hex');
    const [session] = await app.db.select().from(sysSession).where(eq(sysSession.tokenHash, hash));
    expect(session!.userId).toBe((await userRow(app, 'admin')).userId);
    const stored = JSON.stringify(await app.db.select().from(sysSession));
    expect(stored).not.toContain(token);
  });

  it('two sign-ins give two different tokens, both valid', async () => {
    const a = (await login('emma.stone', 'admin123')).body.token as string;
    const b = (await login('emma.stone', 'admin123')).body.token as string;
    expect(a).not.toBe(b);
    expect((await get(app, '/getInfo', bearer(a))).status).toBe(200);
    expect((await get(app, '/getInfo', bearer(b))).status).toBe(200);
  });

  it('trims the user name and matches it in any letter case', async () => {
    for (const name of ['  admin  ', '\tadmin\n', 'ADMIN', ' Admin ']) {
      const res = await login(name, 'admin123');
      expect(res.body.code, JSON.stringify(name)).toBe(200);
    }
  });

  it('never trims the password', async () => {
    const res = await login('admin', ' admin123 ');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('The user name or password is wrong');
  });

  it('records the sign-in on the user (date, ip); a right password is not counted as a failure', async () => {
    await updateUser(app, 'noah.king', { loginDate: null, loginIp: '' });
    await login('noah.king', 'wrong-password');
    const before = Date.now();
    expect((await login('noah.king', 'admin123')).body.code).toBe(200);
    expect(await failuresFrom(app, 'noah.king')).toBe(1);
    const user = await userRow(app, 'noah.king');
    expect(user.loginIp).toBe('127.0.0.1');
    expect(user.loginDate!.getTime()).toBeGreaterThanOrEqual(before - 2000);
  });

  describe('by e-mail address (SPEC §7: the payload\'s `email`)', () => {
    const byEmail = (email: unknown, password: unknown, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      post(app, '/login', { email, password, ...extra }, headers);

    it('signs in with the account’s address in place of the user name, in any spelling of it', async () => {
      for (const email of ['noah.king@example.com', ' Noah.King@EXAMPLE.com ', 'ｎｏａｈ.king@example.com']) {
        const res = await byEmail(email, 'admin123');
        expect(res.body.code, email).toBe(200);
        expect((await get(app, '/getInfo', bearer(res.body.token as string))).body).toMatchObject({ user: { userName: 'noah.king' } });
      }
      const [row] = await loginLog(app, 'noah.king');
      expect(row).toMatchObject({ status: '0', msg: 'Signed in' });
    });

    it('a wrong password or an unknown address answers exactly like a wrong user name, and is logged', async () => {
      const wrong = await byEmail('noah.king@example.com', 'wrong-password');
      const unknown = await byEmail('nobody@example.com', 'admin123');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ code: 400, msg: 'The user name or password is wrong' });
      expect(unknown.body).toEqual(wrong.body);
      expect((await loginLog(app, 'noah.king'))[0]).toMatchObject({ status: '1' });
      expect((await loginLog(app, 'nobody@example.com'))[0]).toMatchObject({ status: '1' });
    });

    it('shares the account’s lock with sign-in by user name: the address is not a second budget of guesses', async () => {
      for (let i = 0; i < 3; i++) await login('noah.king', `wrong-${i}`);
      for (let i = 0; i < 2; i++) await byEmail('noah.king@example.com', `wrong-e${i}`);
      expect(await failuresFrom(app, 'noah.king')).toBe(5);
      const locked = await byEmail('noah.king@example.com', 'admin123');
      expect(locked.status).toBe(429);
      expect((await login('noah.king', 'admin123')).status).toBe(429);
    });

    it('a disabled account is refused by address too', async () => {
      await updateUser(app, 'noah.king', { status: '1' });
      const res = await byEmail('noah.king@example.com', 'admin123');
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('This account has been disabled, please contact your administrator');
    });

    it('one or the other: both a user name and an address are refused on the field (en and zh); neither asks for the user name', async () => {
      const both = await byEmail('noah.king@example.com', 'admin123', { username: 'noah.king' });
      expect(both.status).toBe(400);
      expect(both.body).toEqual({ code: 400, msg: 'Sign in with a user name or an e-mail address, not both', errors: { email: 'Sign in with a user name or an e-mail address, not both' } });
      expect((await byEmail('noah.king@example.com', 'admin123', { username: 'noah.king' }, ZH)).body.errors).toEqual({ email: '请使用用户名或邮箱登录，不能同时填写' });
      expect((await byEmail('', '', { username: '' })).body.errors).toEqual({ username: 'User name is required', password: 'Password is required' });
      // An empty address beside a user name is no address (clients that always send the field).
      expect((await byEmail('', 'admin123', { username: 'noah.king' })).body.code).toBe(200);
    });

    it('refuses a malformed or over-long address on the field', async () => {
      expect((await byEmail('not-an-address', 'admin123')).body.errors).toEqual({ email: 'wrong format' });
      expect((await byEmail(`${'a'.repeat(95)}@x.com`, 'admin123')).body.errors).toEqual({ email: 'E-mail must be at most 100 characters' });
    });
  });

  describe('bad input', () => {
    it('missing fields: 400 with a translated message per field', async () => {
      const en = await post(app, '/login', {});
      expect(en.status).toBe(400);
      expect(en.body).toEqual({
        code: 400,
        msg: 'User name is required',
        errors: { username: 'User name is required', password: 'Password is required' },
      });
      const zh = await post(app, '/login', {}, ZH);
      expect(zh.status).toBe(400);
      expect(zh.body).toEqual({ code: 400, msg: '用户名不能为空', errors: { username: '用户名不能为空', password: '密码不能为空' } });
    });

    it('blank user name and empty password count as missing', async () => {
      const res = await login('   ', '');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ username: 'User name is required', password: 'Password is required' });
    });

    it('over-long fields: 400 naming the limit, in en and zh', async () => {
      const en = await login('u'.repeat(31), 'p'.repeat(65));
      expect(en.status).toBe(400);
      expect(en.body.errors).toEqual({
        username: 'User name must be at most 30 characters',
        password: 'Password must be at most 64 characters',
      });
      expect(en.body.msg).toBe('User name must be at most 30 characters');
      const zh = await login('u'.repeat(31), 'p'.repeat(65), ZH);
      expect(zh.body.errors).toEqual({ username: '用户名长度不能超过 30 个字符', password: '密码长度不能超过 64 个字符' });
    });

    it('values at the limits are accepted as input (and then checked as credentials)', async () => {
      const res = await login('u'.repeat(30), 'p'.repeat(64));
      expect(res.status).toBe(400);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.msg).toBe('The user name or password is wrong');
    });

    it('wrong types are refused per field', async () => {
      const res = await login(42, { nested: true });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors as object).sort()).toEqual(['password', 'username']);
    });

    it('no body, or a body that is not an object: 400 with a readable message, no raw keys', async () => {
      const none = await app.inject({ method: 'POST', url: api('/login') });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ code: 400, msg: 'The request is invalid' });
      const list = await app.inject({ method: 'POST', url: api('/login'), payload: [1, 2] as unknown as object });
      expect(list.statusCode).toBe(400);
      expect(list.json().msg).toBe('The request is invalid');
      const zh = await app.inject({ method: 'POST', url: api('/login'), headers: ZH });
      expect(zh.json().msg).toBe('请求无效');
    });

    it('malformed JSON: 400 with a generic message', async () => {
      const res = await app.inject({
        method: 'POST',
        url: api('/login'),
        payload: '{"username": "admin",',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: 'The request is invalid' });
    });
  });

  describe('refusals', () => {
    it('wrong password: 400 with the same message as an unknown user, in en and zh', async () => {
      const wrong = await login('noah.king', 'nope-nope');
      const unknown = await login('no.such.user', 'admin123');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ code: 400, msg: 'The user name or password is wrong' });
      expect(unknown.body).toEqual(wrong.body);
      const zh = await login('noah.king', 'nope-nope', ZH);
      expect(zh.body).toEqual({ code: 400, msg: '用户名或密码错误' });
      expect(await failuresFrom(app, 'noah.king')).toBe(2);
    });

    it('disabled user (status 1): refused with its own message even with the right password', async () => {
      await updateUser(app, 'noah.king', { status: '1' });
      const en = await login('noah.king', 'admin123');
      expect(en.status).toBe(403);
      expect(en.body).toEqual({ code: 403, msg: 'This account has been disabled, please contact your administrator' });
      const zh = await login('noah.king', 'admin123', ZH);
      expect(zh.body.msg).toBe('该账号已停用，请联系管理员');
      expect(en.body.token).toBeUndefined();
    });

    it('deleted user (del_flag 2): treated as unknown', async () => {
      await updateUser(app, 'noah.king', { delFlag: '2' });
      const res = await login('noah.king', 'admin123');
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('The user name or password is wrong');
    });
  });

  describe('login log', () => {
    it('a success writes user, ip, browser, os, status 0 and message', async () => {
      const before = Date.now();
      await login('mia.chen', 'admin123', { 'user-agent': CHROME_UA });
      const [row] = await loginLog(app, 'mia.chen');
      expect(row).toMatchObject({ userName: 'mia.chen', ipaddr: '127.0.0.1', browser: 'Chrome 120', os: 'Windows 10', status: '0', msg: 'Signed in' });
      expect(row!.loginTime.getTime()).toBeGreaterThanOrEqual(before - 2000);
    });

    it('the trimmed user name is logged, in the case stored for the account', async () => {
      await login('  MIA.CHEN ', 'admin123');
      const [row] = await loginLog(app, 'mia.chen');
      expect(row).toMatchObject({ userName: 'mia.chen', status: '0' });
    });

    it('each failure writes a status 1 row with the reason (in English for the administrator)', async () => {
      await login('mia.chen', 'wrong-password', { ...ZH, 'user-agent': CHROME_UA });
      const [wrong] = await loginLog(app, 'mia.chen');
      expect(wrong).toMatchObject({ status: '1', msg: 'The user name or password is wrong', browser: 'Chrome 120', os: 'Windows 10', ipaddr: '127.0.0.1' });

      await login('ghost.user', 'admin123');
      const [unknown] = await loginLog(app, 'ghost.user');
      expect(unknown).toMatchObject({ status: '1', msg: 'The user name or password is wrong' });

      await updateUser(app, 'noah.king', { status: '1' });
      await login('noah.king', 'admin123');
      const [disabled] = await loginLog(app, 'noah.king');
      expect(disabled).toMatchObject({ status: '1', msg: 'This account has been disabled, please contact your administrator' });
    });

    it('a client without a user agent is logged as Unknown', async () => {
      await login('lucas.wang', 'admin123', { 'user-agent': '' });
      const [row] = await loginLog(app, 'lucas.wang');
      expect(row).toMatchObject({ ipaddr: '127.0.0.1', browser: 'Unknown', os: 'Unknown', status: '0' });
    });

    it('validation failures are not credential attempts and write no row', async () => {
      const count = async () => (await app.db.select().from(sysLogininfor)).length;
      const before = await count();
      await post(app, '/login', {});
      expect(await count()).toBe(before);
    });
  });
});
