import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/modules/crm/engine/query/sql';
import { openReporting, primaryOnly, replicaWhere, type Reporting } from '../../src/db/reporting';
import { createTestApp, testDatabaseKind, type TestApp } from '../helpers/testApp';

/** A local port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The reporting router without a real replica (test/db/reportingReplica.test.ts has one, on
 * PostgreSQL): a replica that cannot be reached sends every read to the primary, says so in the
 * log once, and never shows the URL's password.
 */
describe('reporting reads', () => {
  let app: TestApp;
  let reporting: Reporting;
  const logged: Array<{ level: string; obj: object; msg: string }> = [];
  const log = { info: (obj: object, msg: string) => void logged.push({ level: 'info', obj, msg }), warn: (obj: object, msg: string) => void logged.push({ level: 'warn', obj, msg }) };
  let url: string;

  beforeAll(async () => {
    app = await createTestApp();
    url = `postgres://reports:hunter2@127.0.0.1:${await closedPort()}/orbit`;
    reporting = openReporting({ url, primary: app.db, maxLagSeconds: async () => 30, log });
  });
  afterAll(async () => {
    await reporting.close();
    await app.teardown();
  });

  it('without a replica, reads go to the primary', async () => {
    const only = primaryOnly(app.db);
    expect(await only.read(async (db) => db === app.db)).toBe(true);
    expect(await only.status()).toEqual({ source: 'primary', lagSeconds: null });
  });

  it('an unreachable replica: reads answer from the primary, the fallback is logged once, without the password', async () => {
    const users = await rowsOf<{ n: number }>(app.db, sql`select count(*)::int as n from sys_user`);
    for (let i = 0; i < 3; i++) {
      expect(await reporting.read((db) => rowsOf<{ n: number }>(db, sql`select count(*)::int as n from sys_user`))).toEqual(users);
      expect(await reporting.read(async (db) => db === app.db)).toBe(true);
    }
    expect(await reporting.status()).toEqual({ source: 'primary-fallback', lagSeconds: null });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 'warn', msg: 'reports fall back to the primary database', obj: { reason: 'unreachable', replica: `127.0.0.1:${new URL(url).port}/orbit` } });
    // The driver's reason, not drizzle's wrapper that quotes the statement.
    expect(logged[0]!.obj).toMatchObject({ err: expect.stringContaining('ECONNREFUSED') });
    expect(JSON.stringify(logged)).not.toContain('hunter2');
  });

  // A real server to stand in for the replica: the test's own database, which is not in recovery (lag 0).
  it.skipIf(testDatabaseKind !== 'postgres')('a replica lost during a read: the same read runs again on the primary, and that is logged once', async () => {
    const told: string[] = [];
    const stand = openReporting({ url: app.config.databaseUrl!, primary: app.db, maxLagSeconds: async () => 30, log: { info: (_, msg) => void told.push(msg), warn: (_, msg) => void told.push(msg) } });
    try {
      expect(await stand.status()).toEqual({ source: 'replica', lagSeconds: 0 });
      const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      const ran: string[] = [];
      const answer = await stand.read(async (db) => {
        ran.push(db === app.db ? 'primary' : 'replica');
        if (db !== app.db) throw lost;
        return 'answered';
      });
      expect(answer).toBe('answered');
      expect(ran).toEqual(['replica', 'primary']);
      expect(await stand.status()).toEqual({ source: 'primary-fallback', lagSeconds: null });
      expect(told).toEqual(['reports read from the replica', 'reports fall back to the primary database']);
      // Any other failure is the read's own: thrown as it is, not run twice.
      const ranAgain: string[] = [];
      const other = openReporting({ url: app.config.databaseUrl!, primary: app.db, maxLagSeconds: async () => 30, log: { info: () => undefined, warn: () => undefined } });
      await expect(
        other.read(async (db) => {
          ranAgain.push(db === app.db ? 'primary' : 'replica');
          throw new Error('a bug');
        }),
      ).rejects.toThrow('a bug');
      expect(ranAgain).toEqual(['replica']);
      await other.close();
    } finally {
      await stand.close();
    }
  });

  it('names a replica by host, port and database only', () => {
    expect(replicaWhere('postgresql://user:secret@db.example.com:6432/crm?sslmode=require')).toBe('db.example.com:6432/crm');
  });
});
