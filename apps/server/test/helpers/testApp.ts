import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { API_PREFIX, CLIENT_HEADER, ORBIT_WEB_CLIENT } from '@orbit/shared/constants';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Database, type Db } from '../../src/db/client';
import { seedDemoData } from '../../src/db/seed/seedDatabase';
import type { Mail, Mailer } from '../../src/lib/mailer';
import { prepareDatabase } from '../../src/db/prepare';

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * PgBouncer in transaction pooling, when `npm test` started one for the PostgreSQL step
 * (scripts/pgbouncer.mjs): the apps under test reach their databases through it, proving that no
 * session state leaks across transactions; creating, copying and dropping databases stays direct.
 */
const POOLER_URL = process.env.TEST_PG_POOLER_URL;

/** Which database the suite runs on: PGlite (default) or real PostgreSQL (`TEST_DATABASE=postgres`). */
export const testDatabaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & {
  db: Db;
  config: Config;
  /** Mails "sent" so far, newest last. */
  mails: Mail[];
  /** Database connections PostgreSQL closed under the app, as its pool reported them. */
  connectionsLost: Error[];
  /** Stops the app and drops its database. */
  teardown(): Promise<void>;
};

async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  // A lost connection rejects the awaited query; unheard, its 'error' event would end the test run.
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    return await admin.query(text, values);
  } finally {
    await admin.end();
  }
}

/**
 * Closes every connection to the database of `url` from the server side, as a PostgreSQL restart,
 * a failover or an administrator does; answers how many there were.
 */
export async function terminateConnections(url: string): Promise<number> {
  const name = new URL(url).pathname.slice(1);
  const result = await adminQuery('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  return result.rowCount ?? 0;
}

/**
 * A new PostgreSQL database (uniquely named), empty or a copy of `template`, and how to drop it:
 * `url` as the app reaches it (through PgBouncer when there is one), `directUrl` to PostgreSQL
 * itself (for a template, which must have no connection left when it is copied, and for pg_dump).
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; directUrl: string; drop(): Promise<void> }> {
  const dbName = `orbit_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(template ? `create database ${dbName} template ${template}` : `create database ${dbName}`);
  const at = (base: string) => {
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    return url.toString();
  };
  return { url: at(POOLER_URL ?? ADMIN_URL), directUrl: at(ADMIN_URL), drop: async () => void (await adminQuery(`drop database if exists ${dbName} with (force)`)) };
}

/** Brings a new database to where every test starts: migrated, with the demo data. */
export async function migrateAndSeed(database: Database): Promise<void> {
  await prepareDatabase(database);
  await seedDemoData(database.db);
  // The built-in duplicate rules are switched off in the tests' database: tests of everything else
  // create look-alike records freely; the tests of duplicates switch on the rules they test
  // (test/crm/duplicates*.test.ts).
  await database.db.execute(sql`update crm_duplicate_rule set active = false`);
}

/**
 * A fully built app on its own fresh database: migrated and seeded with the demo data — a copy of
 * the run's seeded database (helpers/seededDatabase.ts), or made anew outside a run that has one.
 * On PostgreSQL each call creates a uniquely named database and drops it in teardown.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  /** `direct`: to PostgreSQL itself, not through PgBouncer — for tests of PostgreSQL closing the app's connections, which a pooler hides. */
  options: { onStatement?: (text: string) => void; direct?: boolean } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-test-'));
  const seeded = inject('seededDatabase');
  const postgres = testDatabaseKind === 'postgres' ? await createPostgresDatabase(seeded?.kind === 'postgres' ? seeded.name : undefined) : undefined;
  const databaseUrl = options.direct ? postgres?.directUrl : postgres?.url;
  const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'silent', ...overrides });
  const connectionsLost: Error[] = [];
  const pgliteLoad = seeded?.kind === 'pglite' ? new Blob([readFileSync(seeded.dumpFile)]) : undefined;
  const database = openDatabase({ databaseUrl, pgliteDir: 'memory', pgliteLoad, onConnectionLost: (error) => connectionsLost.push(error), onStatement: options.onStatement });
  if (!seeded) await migrateAndSeed(database);
  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
  const app = await buildApp({ config: { ...config, databaseUrl }, db: database.db, logger: false, mailer });
  await app.ready();
  return Object.assign(app, {
    db: database.db,
    mails,
    connectionsLost,
    async teardown() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  }) as TestApp;
}

export const api = (p: string) => `${API_PREFIX}${p}`;

/** Signs in (captcha off in tests) and returns the bearer token. */
export async function loginAs(app: TestApp, username: string, password = 'admin123'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: api('/login'), payload: { username, password } });
  const body = res.json() as { code: number; token?: string; msg: string };
  if (body.code !== 200 || !body.token) throw new Error(`login as ${username} failed: ${body.msg}`);
  return body.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The header Orbit's web app sends: answers in Orbit's own format (ISO dates, every menu), not a RuoYi client's. */
export const orbitWeb = { [CLIENT_HEADER]: ORBIT_WEB_CLIENT };
