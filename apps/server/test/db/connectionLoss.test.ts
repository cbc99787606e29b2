import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { ZH } from '../auth/authTestUtils';
import { api, bearer, createTestApp, loginAs, terminateConnections, testDatabaseKind, type TestApp } from '../helpers/testApp';

const UNAVAILABLE_EN = 'The database cannot be reached at the moment, please try again shortly';
const UNAVAILABLE_ZH = '暂时无法连接数据库，请稍后再试';

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// PGlite is embedded in the process: it has no connection that a server could close.
describe.runIf(testDatabaseKind === 'postgres')('PostgreSQL closes the connections under a running app (PostgreSQL only)', () => {
  let app: TestApp;
  /** A second instance on the same pool, with a route whose query runs long enough to be cut. */
  let probe: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  let token: string;

  beforeAll(async () => {
    app = await createTestApp({}, { direct: true });
    url = app.config.databaseUrl!;
    probe = await buildApp({ config: app.config, db: app.db, logger: false, mailer: { send: async () => {} } });
    probe.get('/dev-api/test/slow', { config: { access: 'public' } }, async () => {
      await app.db.execute(sql`select pg_sleep(20)`);
      return { code: 200 };
    });
    await probe.ready();
    token = await loginAs(app, 'admin');
  });
  afterAll(async () => {
    await probe?.close();
    await app?.teardown();
  });

  const getInfo = (headers = {}) => app.inject({ method: 'GET', url: api('/getInfo'), headers: { ...bearer(token), ...headers } });

  it('idle connections closed: the app lives on, reports each loss, and the next requests succeed with the same session', async () => {
    // Several connections open and idle in the pool.
    const warm = await Promise.all(Array.from({ length: 6 }, () => getInfo()));
    expect(warm.map((r) => r.statusCode)).toEqual(Array(6).fill(200));

    const before = app.connectionsLost.length;
    const closed = await terminateConnections(url);
    expect(closed).toBeGreaterThan(1);
    await until(() => app.connectionsLost.length === before + closed, `the pool to report ${closed} lost connections`);
    expect(app.connectionsLost.slice(before).map((e) => e.message)).toContain('terminating connection due to administrator command');

    const after = await getInfo();
    expect(after.statusCode).toBe(200);
    expect(after.json().user.userName).toBe('admin');
    const login = await app.inject({ method: 'POST', url: api('/login'), payload: { username: 'admin', password: 'admin123' } });
    expect(login.json().code).toBe(200);
  });

  it('a request whose query is cut answers 503 with a translated message, and the next one succeeds', async () => {
    const slow = probe.inject({ method: 'GET', url: '/dev-api/test/slow', headers: ZH });
    await until(async () => {
      const rows = await app.db.execute(sql`select 1 from pg_stat_activity where query = 'select pg_sleep(20)' and state = 'active'`);
      return (rows as unknown as { rows: unknown[] }).rows.length > 0;
    }, 'the slow query to run');
    expect(await terminateConnections(url)).toBeGreaterThan(0);

    const cut = await slow;
    expect(cut.statusCode).toBe(503);
    expect(cut.json()).toEqual({ code: 503, msg: UNAVAILABLE_ZH });
    // A closed connection still idle in the pool may fail one more request (503) before the pool drops it.
    await until(async () => (await getInfo()).statusCode === 200, 'the app to answer again', 5_000);
  });

  it('requests running while connections are closed again and again: each 200 or 503, never 500, none hangs; all succeed after', async () => {
    const statuses: number[] = [];
    const bodies: string[] = [];
    let running = true;
    const client = async () => {
      for (let i = 0; running; i++) {
        const res =
          i % 3 === 0
            ? await app.inject({ method: 'POST', url: api('/login'), payload: { username: 'admin', password: 'admin123' } })
            : i % 3 === 1
              ? await getInfo()
              : await app.inject({ method: 'GET', url: api('/system/user/list?pageNum=1&pageSize=10'), headers: bearer(token) });
        statuses.push(res.statusCode);
        if (res.statusCode !== 200) bodies.push(res.body);
      }
    };
    const clients = Array.from({ length: 4 }, client);
    for (let round = 0; round < 3; round++) {
      await new Promise((r) => setTimeout(r, 300));
      await terminateConnections(url);
    }
    await new Promise((r) => setTimeout(r, 300));
    running = false;
    await Promise.all(clients);

    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    for (const body of bodies) expect(JSON.parse(body)).toEqual({ code: 503, msg: UNAVAILABLE_EN });
    await until(async () => (await getInfo()).statusCode === 200, 'the app to answer again', 5_000);
    const after = await Promise.all([getInfo(), getInfo(), getInfo()]);
    expect(after.map((r) => r.statusCode)).toEqual([200, 200, 200]);
  });

  it('the start-up lock: its connection closed while held, the process lives on and the lock is taken again', async () => {
    const lost: Error[] = [];
    const database = openDatabase({ databaseUrl: url, onConnectionLost: (error) => lost.push(error) });
    try {
      const first = await database.exclusive(async () => {
        await terminateConnections(url);
        await until(() => lost.length > 0, 'the lock connection to be reported lost');
        return 'done';
      });
      expect(first).toBe('done');
      expect(await database.exclusive(async () => 'again')).toBe('again');
    } finally {
      await database.close();
    }
  });
});
