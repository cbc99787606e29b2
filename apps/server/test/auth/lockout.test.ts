import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@orbit/shared/constants';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { loginLog, post, updateUser, userRow, ZH } from './authTestUtils';

const LOCKED_EN = 'Too many failed attempts: this account is locked for 10 minutes';
const BAD_EN = 'The user name or password is wrong';

describe('lock-out after repeated wrong passwords', () => {
  let app: TestApp;
  const user = 'grace.hall';
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());
  beforeEach(async () => {
    await updateUser(app, user, { failedLoginCount: 0, lastFailedLoginAt: null, lockedUntil: null });
  });

  const login = (password: string, headers: Record<string, string> = {}) => post(app, '/login', { username: user, password }, headers);

  it(`${LOGIN_MAX_FAILURES} wrong passwords lock the account for ${LOGIN_LOCK_MINUTES} minutes; the right one is then refused`, async () => {
    expect(LOGIN_MAX_FAILURES).toBe(5);
    expect(LOGIN_LOCK_MINUTES).toBe(10);
    for (let attempt = 1; attempt < LOGIN_MAX_FAILURES; attempt++) {
      const res = await login('wrong-password');
      expect(res.status, `attempt ${attempt}`).toBe(400);
      expect(res.body.msg).toBe(BAD_EN);
      expect((await userRow(app, user)).failedLoginCount).toBe(attempt);
    }
    const before = Date.now();
    const fifth = await login('wrong-password');
    expect(fifth.status).toBe(403);
    expect(fifth.body).toEqual({ code: 403, msg: LOCKED_EN });

    const locked = await userRow(app, user);
    const lockMs = locked.lockedUntil!.getTime() - before;
    expect(lockMs).toBeGreaterThan(LOGIN_LOCK_MINUTES * 60_000 - 5_000);
    expect(lockMs).toBeLessThan(LOGIN_LOCK_MINUTES * 60_000 + 5_000);

    const right = await login('admin123');
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ code: 403, msg: LOCKED_EN });
    expect(right.body.token).toBeUndefined();

    const zh = await login('admin123', ZH);
    expect(zh.body).toEqual({ code: 403, msg: '密码错误次数过多，账号已锁定 10 分钟' });
  });

  it('every attempt, including those refused while locked, is in the login log', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login('wrong-password');
    await login('admin123');
    const rows = (await loginLog(app, user)).slice(0, LOGIN_MAX_FAILURES + 1).reverse();
    expect(rows.map((r) => [r.status, r.msg])).toEqual([
      ...Array.from({ length: LOGIN_MAX_FAILURES - 1 }, () => ['1', BAD_EN]),
      ['1', LOCKED_EN],
      ['1', LOCKED_EN],
    ]);
  });

  it('once the lock has passed, the right password works and clears the lock', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login('wrong-password');
    expect((await login('admin123')).status).toBe(403);
    await updateUser(app, user, { lockedUntil: new Date(Date.now() - 1000) });
    const res = await login('admin123');
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    const row = await userRow(app, user);
    expect(row.lockedUntil).toBeNull();
    expect(row.failedLoginCount).toBe(0);
  });

  it('after the lock passes, the user again has the full number of tries', async () => {
    await updateUser(app, user, { lockedUntil: new Date(Date.now() - 1000) });
    for (let attempt = 1; attempt < LOGIN_MAX_FAILURES; attempt++) {
      expect((await login('wrong-password')).body.msg, `attempt ${attempt}`).toBe(BAD_EN);
    }
    expect((await login('wrong-password')).body.msg).toBe(LOCKED_EN);
  });

  it('a successful sign-in resets the count of wrong passwords', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await login('wrong-password');
    expect((await login('admin123')).status).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await login('wrong-password')).body.msg).toBe(BAD_EN);
    expect((await login('admin123')).status).toBe(200);
  });

  it('wrong passwords spread out further than the lock period never add up to a lock', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await login('wrong-password');
    expect((await userRow(app, user)).failedLoginCount).toBe(LOGIN_MAX_FAILURES - 1);
    // The last failure was longer ago than the lock period: the next one starts a new run.
    await updateUser(app, user, { lastFailedLoginAt: new Date(Date.now() - (LOGIN_LOCK_MINUTES * 60_000 + 1000)) });
    const res = await login('wrong-password');
    expect(res.body.msg).toBe(BAD_EN);
    expect((await userRow(app, user)).failedLoginCount).toBe(1);
    expect((await login('admin123')).status).toBe(200);
  });

  it('a lock is per user: others still sign in', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login('wrong-password');
    expect((await login('admin123')).status).toBe(403);
    expect((await post(app, '/login', { username: 'noah.king', password: 'admin123' })).status).toBe(200);
  });

  it('wrong passwords for an unknown user name lock nothing and always answer the same', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i++) {
      const res = await post(app, '/login', { username: 'nobody.here', password: 'x' });
      expect(res.body).toEqual({ code: 400, msg: BAD_EN });
    }
  });
});
