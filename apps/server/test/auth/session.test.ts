import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysCaptcha, sysEmailCode, sysSession, sysThrottle } from '../../src/db/schema/auth';
import { buildApp } from '../../src/app';
import { hashToken } from '../../src/modules/auth/token';
import { purgeExpiredAuthRows } from '../../src/modules/auth/expiredRows';
import { createSessionRepository } from '../../src/modules/auth/session.repository';
import { bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { get, loginLog, post, userRow } from './authTestUtils';

const MINUTE = 60_000;
const CLIENT = { ipaddr: '127.0.0.1', browser: 'Test', os: 'Test' };

describe('sessions: sliding expiry in the database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  const sessionOf = async (token: string) => {
    const [row] = await app.db.select().from(sysSession).where(eq(sysSession.tokenHash, hashToken(token)));
    return row;
  };
  const setSession = (token: string, patch: Partial<typeof sysSession.$inferInsert>) =>
    app.db.update(sysSession).set(patch).where(eq(sysSession.tokenHash, hashToken(token)));

  it('a new session expires SESSION_TTL_MINUTES (30) after sign-in and records the client', async () => {
    const before = Date.now();
    const token = await loginAs(app, 'admin');
    const row = (await sessionOf(token))!;
    const ttl = row.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(30 * MINUTE - 5000);
    expect(ttl).toBeLessThan(30 * MINUTE + 5000);
    expect(row).toMatchObject({ userId: (await userRow(app, 'admin')).userId, ipaddr: '127.0.0.1' });
  });

  it('use moves the expiry forward (once the session has been idle a minute)', async () => {
    const token = await loginAs(app, 'admin');
    await setSession(token, { lastActiveAt: new Date(Date.now() - 5 * MINUTE), expiresAt: new Date(Date.now() + 2 * MINUTE) });
    const before = Date.now();
    expect((await get(app, '/getInfo', bearer(token))).status).toBe(200);
    const row = (await sessionOf(token))!;
    expect(row.expiresAt.getTime() - before).toBeGreaterThan(30 * MINUTE - 5000);
    expect(Date.now() - row.lastActiveAt.getTime()).toBeLessThan(5000);
  });

  it('a session used within the last minute is not rewritten on every request', async () => {
    const token = await loginAs(app, 'admin');
    const fixed = new Date(Date.now() + 20 * MINUTE);
    await setSession(token, { expiresAt: fixed });
    expect((await get(app, '/getInfo', bearer(token))).status).toBe(200);
    expect((await sessionOf(token))!.expiresAt.getTime()).toBe(fixed.getTime());
  });

  it('an expired session gets 401, and logging out with it logs nothing', async () => {
    const token = await loginAs(app, 'it.admin');
    await setSession(token, { expiresAt: new Date(Date.now() - 1000) });
    const res = await get(app, '/getInfo', bearer(token));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, msg: 'Your session has expired, please sign in again' });
    // Using an expired token does not revive it.
    expect((await sessionOf(token))!.expiresAt.getTime()).toBeLessThan(Date.now());
    const logRows = (await loginLog(app, 'it.admin')).length;
    expect((await post(app, '/logout', undefined, bearer(token))).body.code).toBe(200);
    expect((await loginLog(app, 'it.admin')).length).toBe(logRows);
  });

  it('with a 1-minute TTL a session in use still slides (touched after half the TTL)', async () => {
    const sessions = createSessionRepository(app.db, 1);
    const { userId } = await userRow(app, 'mia.chen');
    const token = await sessions.create(userId, CLIENT);
    await setSession(token, { lastActiveAt: new Date(Date.now() - 40_000), expiresAt: new Date(Date.now() + 20_000) });
    expect(await sessions.touch(token)).toBeDefined();
    const row = (await sessionOf(token))!;
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(55_000);
  });

  it('housekeeping removes expired sessions, captchas, e-mail codes and attempt counters, and nothing still usable', async () => {
    const live = await loginAs(app, 'mia.chen');
    const dead = await loginAs(app, 'mia.chen');
    await setSession(dead, { expiresAt: new Date(Date.now() - 1000) });
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + MINUTE);
    await app.db.insert(sysCaptcha).values([
      { uuid: randomUUID(), answer: 'old', expiresAt: past },
      { uuid: randomUUID(), answer: 'new', expiresAt: future },
    ]);
    await app.db.insert(sysEmailCode).values([
      { email: 'nobody@example.com', purpose: 'reset', codeHash: 'old', expiresAt: past },
      { email: 'nobody@example.com', purpose: 'reset', codeHash: 'new', expiresAt: future },
    ]);
    await app.db.insert(sysThrottle).values([
      { action: 'password', subject: 'old.window', hits: 5, windowStart: new Date(Date.now() - 25 * 60 * MINUTE) },
      { action: 'password', subject: 'this.window', hits: 5, windowStart: new Date() },
    ]);
    await purgeExpiredAuthRows(app.db);
    const counters = (await app.db.select().from(sysThrottle)).map((r) => r.subject);
    expect(counters).toContain('this.window');
    expect(counters).not.toContain('old.window');
    expect(await sessionOf(dead)).toBeUndefined();
    expect(await sessionOf(live)).toBeDefined();
    expect((await app.db.select().from(sysCaptcha)).map((r) => r.answer)).not.toContain('old');
    expect((await app.db.select().from(sysCaptcha)).map((r) => r.answer)).toContain('new');
    expect((await app.db.select().from(sysEmailCode).where(eq(sysEmailCode.email, 'nobody@example.com'))).map((r) => r.codeHash)).toEqual(['new']);
  });

  it('a starting server runs the housekeeping', async () => {
    const dead = await loginAs(app, 'lucas.wang');
    await setSession(dead, { expiresAt: new Date(Date.now() - 1000) });
    const other = await buildApp({ config: app.config, db: app.db, logger: false, mailer: { send: async () => {} } });
    await other.ready();
    try {
      await expect.poll(() => sessionOf(dead)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('sessions are shared by every server process on the database', async () => {
    // A second app instance on the same database stands in for a second process.
    const other = await buildApp({ config: { ...app.config, sessionTtlMinutes: 5 }, db: app.db, logger: false, mailer: { send: async () => {} } });
    await other.ready();
    try {
      const token = await loginAs(app, 'emma.stone');
      const onOther = await other.inject({ method: 'GET', url: '/dev-api/getInfo', headers: bearer(token) });
      expect(onOther.statusCode).toBe(200);
      expect(onOther.json().user.userName).toBe('emma.stone');

      // The other process's own TTL applies to the sessions it opens.
      const before = Date.now();
      const res = await other.inject({ method: 'POST', url: '/dev-api/login', payload: { username: 'liam.brooks', password: 'admin123' } });
      const otherToken = res.json().token as string;
      const ttl = (await sessionOf(otherToken))!.expiresAt.getTime() - before;
      expect(ttl).toBeGreaterThan(5 * MINUTE - 5000);
      expect(ttl).toBeLessThan(5 * MINUTE + 5000);

      await other.inject({ method: 'POST', url: '/dev-api/logout', headers: bearer(token) });
      expect((await get(app, '/getInfo', bearer(token))).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
