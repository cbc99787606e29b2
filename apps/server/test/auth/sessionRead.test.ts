import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadCurrentUser } from '../../src/modules/auth/loadCurrentUser';
import { toCurrentUser } from '../../src/modules/auth/currentUser';
import { readSession, reconcileSessionRead, SESSION_READ_FUNCTION, sessionReadSource } from '../../src/modules/auth/sessionRead';
import { hashToken } from '../../src/modules/auth/token';
import { rowsOf } from '../../src/modules/crm/engine/query/sql';
import { caller } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

/** The session read as a database function (modules/auth/sessionRead.ts): made at start, kept in step with the code, the same user as every other read. */
describe('the session read function', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  const source = async () => (await rowsOf<{ src: string }>(app.db, sql`select prosrc as src from pg_proc where proname = ${SESSION_READ_FUNCTION}`))[0]?.src;

  it('exists after start with this version’s text, and an older text is replaced at the next start', async () => {
    expect(await source()).toBe(sessionReadSource());
    await app.db.execute(sql.raw(`create or replace function ${SESSION_READ_FUNCTION}(p_token_hash text, p_now timestamptz) returns json language plpgsql stable as $$ begin return null; end $$`));
    const token = await loginAs(app, 'olivia.park');
    // The stale function knows no session: the request is refused…
    expect((await caller(app, token)('GET', '/getInfo')).status).toBe(401);
    await reconcileSessionRead(app.db);
    expect(await source()).toBe(sessionReadSource());
    // …and answered once the start-up put this version's back.
    expect((await caller(app, token)('GET', '/getInfo')).status).toBe(200);
  });

  it('reads the same user as every other read of one (roles, permissions, scope), the session’s times as dates; nothing for an unknown or expired token', async () => {
    for (const name of ['admin', 'olivia.park', 'emma.stone']) {
      const token = await loginAs(app, name);
      const read = await readSession(app.db, hashToken(token), new Date());
      expect(read, name).toBeDefined();
      expect(read!.session.expiresAt).toBeInstanceOf(Date);
      expect(read!.session.lastActiveAt.getTime()).toBeLessThanOrEqual(Date.now());
      const user = toCurrentUser(read!.user)!;
      expect(user).toEqual(await loadCurrentUser(app.db, read!.session.userId));
      expect(user.userName).toBe(name);
    }
    expect(await readSession(app.db, hashToken('no such token'), new Date())).toBeUndefined();
    const token = await loginAs(app, 'noah.king');
    expect(await readSession(app.db, hashToken(token), new Date(Date.now() + 400 * 24 * 3600_000))).toBeUndefined();
  });
});
