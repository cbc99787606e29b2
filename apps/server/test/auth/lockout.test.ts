import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_MAX_FAILURES, LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@orbit/shared/constants';
import { sysThrottle } from '../../src/db/schema/auth';
import { bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller } from '../helpers/adminApi';
import { clearEmailCodes, clearThrottle, codeFromLastMail, loginLog, post, updateUser, ZH } from './authTestUtils';

const LOCKED_EN = 'Too many failed attempts: please try again in 10 minutes';
const BAD_EN = 'The user name or password is wrong';
const ATTACKER = '203.0.113.66';

describe('sign-in protection: wrong passwords per account and address, and per account', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());
  beforeEach(async () => {
    await clearThrottle(app);
    await updateUser(app, 'grace.hall', { loginIp: '' });
  });

  const login = (username: string, password: string, from?: string, headers: Record<string, string> = {}) =>
    post(app, '/login', { username, password }, headers, from);
  /** Moves every counter's window back in time. */
  const ageWindows = (seconds: number) =>
    app.db.update(sysThrottle).set({ windowStart: sql`${sysThrottle.windowStart} - make_interval(secs => ${seconds}::int)` });

  it(`${LOGIN_MAX_FAILURES} wrong passwords from one address: then even the right one is refused there, for the rest of ${LOGIN_LOCK_MINUTES} minutes`, async () => {
    expect([LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES]).toEqual([5, 10]);
    for (let attempt = 1; attempt <= LOGIN_MAX_FAILURES; attempt++) {
      const res = await login('grace.hall', 'wrong-password');
      expect(res.status, `attempt ${attempt}`).toBe(400);
      expect(res.body.msg).toBe(BAD_EN);
    }
    const right = await login('grace.hall', 'admin123');
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ code: 429, msg: LOCKED_EN });
    const zh = await login('grace.hall', 'admin123', undefined, ZH);
    expect(zh.body).toEqual({ code: 429, msg: '密码错误次数过多，请 10 分钟后再试' });

    await ageWindows(5 * 60);
    expect((await login('grace.hall', 'admin123')).body.msg).toBe('Too many failed attempts: please try again in 5 minutes');
    await ageWindows(5 * 60 + 1);
    const after = await login('grace.hall', 'admin123');
    expect(after.status).toBe(200);
    expect(after.body.token).toEqual(expect.any(String));
  });

  it('every attempt, refused ones included, is in the login log', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login('grace.hall', 'wrong-password');
    await login('grace.hall', 'admin123');
    const rows = (await loginLog(app, 'grace.hall')).slice(0, LOGIN_MAX_FAILURES + 1).reverse();
    expect(rows.map((r) => [r.status, r.msg])).toEqual([...Array.from({ length: LOGIN_MAX_FAILURES }, () => ['1', BAD_EN]), ['1', LOCKED_EN]]);
  });

  it('a stranger cannot lock the super administrator out: the lock holds only at the stranger’s address', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES + 3; i++) await login('admin', 'guess-guess', ATTACKER);
    expect((await login('admin', 'admin123', ATTACKER)).status).toBe(429);
    const owner = await login('admin', 'admin123');
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
  });

  it('a right password is not counted: four wrong and one right leave one more try', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await login('grace.hall', 'wrong-password');
    expect((await login('grace.hall', 'admin123')).status).toBe(200);
    expect((await login('grace.hall', 'wrong-password')).body.msg).toBe(BAD_EN);
    expect((await login('grace.hall', 'admin123')).status).toBe(429);
  });

  it(`${LOGIN_ACCOUNT_MAX_FAILURES} wrong passwords from many addresses slow the account down everywhere but at the address it last signed in from; a code sign-in still works`, async () => {
    await loginAs(app, 'grace.hall'); // from 127.0.0.1, now the account's own address
    const addresses = Array.from({ length: LOGIN_ACCOUNT_MAX_FAILURES / LOGIN_MAX_FAILURES }, (_, i) => `198.51.100.${i + 1}`);
    for (const address of addresses) {
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login('grace.hall', 'wrong-password', address)).body.msg).toBe(BAD_EN);
    }
    // A fresh address gets no try at all: the account's budget is spent.
    const elsewhere = await login('grace.hall', 'admin123', '198.51.100.99');
    expect(elsewhere).toMatchObject({ status: 429, body: { msg: LOCKED_EN } });
    // The owner's usual address keeps its own tries.
    expect((await login('grace.hall', 'admin123')).status).toBe(200);
    // And the mailbox is always a way in.
    await clearEmailCodes(app);
    expect((await post(app, '/email', { email: 'grace.hall@example.com' }, {}, '198.51.100.99')).body.code).toBe(200);
    const code = codeFromLastMail(app, 'grace.hall@example.com');
    const byCode = await post(app, '/switchLogin', { email: 'grace.hall@example.com', code }, {}, '198.51.100.99');
    expect(byCode.status).toBe(200);
    expect(byCode.body.token).toEqual(expect.any(String));
  });

  it('known and unknown user names get the same answers, in the same order, and take about as long', async () => {
    const answers = async (name: string, from: string) => {
      const out: Array<[number, string]> = [];
      for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i++) {
        const res = await login(i % 2 ? name.toUpperCase() : name, i === LOGIN_MAX_FAILURES ? 'admin123' : 'wrong-password', from);
        out.push([res.status, res.body.msg]);
      }
      return out;
    };
    const known = await answers('grace.hall', '192.0.2.1');
    const unknown = await answers('grace.hal', '192.0.2.2');
    expect(unknown).toEqual(known);
    expect(known.map(([status]) => status)).toEqual([400, 400, 400, 400, 400, 429, 429]);

    // Timed in turns, one known then one unknown, so that a busy machine slows both alike.
    const timed = async (name: string, from: string) => {
      const start = performance.now();
      await login(name, 'wrong-password', from);
      return performance.now() - start;
    };
    const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    await clearThrottle(app);
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      knownTimes.push(await timed('grace.hall', '192.0.2.3'));
      unknownTimes.push(await timed('nobody.here', '192.0.2.4'));
    }
    const knownMs = median(knownTimes);
    const unknownMs = median(unknownTimes);
    // Both verify an argon2 hash; a known name answered without one would be several times faster.
    expect(unknownMs / knownMs).toBeGreaterThan(1 / 3);
    expect(unknownMs / knownMs).toBeLessThan(3);
  });

  it('40 parallel attempts: no more wrong passwords are evaluated than the limit, and the right one is then refused', async () => {
    const passwords = Array.from({ length: 40 }, (_, i) => (i === 20 ? 'admin123' : `wrong-${i}`));
    const answers = await Promise.all(passwords.map((password) => login('olivia.park', password)));
    const wrongEvaluated = answers.filter((a) => a.body.msg === BAD_EN).length;
    const signedIn = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429).length;
    expect(wrongEvaluated).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(wrongEvaluated + signedIn + refused).toBe(40);
    // A right password among the first evaluated gives its place back: one more wrong may follow
    // it, or every other attempt may already have been refused by then. No place is lost either way.
    expect(wrongEvaluated + signedIn).toBeLessThanOrEqual(LOGIN_MAX_FAILURES + 1);
    expect(wrongEvaluated + signedIn).toBeGreaterThanOrEqual(LOGIN_MAX_FAILURES);
    if (signedIn === 0) expect(wrongEvaluated).toBe(LOGIN_MAX_FAILURES);
    // A place the right password gave back is taken by one more wrong guess; then the limit holds.
    const last = await login('olivia.park', 'wrong-last');
    expect(last.status).toBe(wrongEvaluated < LOGIN_MAX_FAILURES ? 400 : 429);
    const after = await login('olivia.park', 'admin123');
    expect(after.status).toBe(429);
    expect(after.body.token).toBeUndefined();
  });

  it('the administrator’s unlock lifts the account’s limits at every address', async () => {
    for (const address of [ATTACKER, '127.0.0.1']) {
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login('grace.hall', 'wrong-password', address);
    }
    expect((await login('grace.hall', 'admin123')).status).toBe(429);
    const admin = caller(app, await loginAs(app, 'admin'));
    expect((await admin('GET', '/monitor/logininfor/unlock/GRACE.HALL')).body).toMatchObject({ code: 200, msg: 'The account grace.hall is unlocked' });
    expect((await login('grace.hall', 'admin123', ATTACKER)).status).toBe(200);
    const token = (await login('grace.hall', 'admin123')).body.token as string;
    expect((await app.inject({ method: 'GET', url: '/dev-api/getInfo', headers: bearer(token) })).statusCode).toBe(200);
  });
});
