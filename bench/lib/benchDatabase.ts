/**
 * The PostgreSQL database of a benchmark: migrated, demo data seeded, then filled by the benchmark.
 *
 * - `url` given (the leads bench passes DATABASE_URL): that database, never dropped. It must be
 *   empty, or one this benchmark filled before (`isFilled`), which is then used as it is.
 * - otherwise a fresh database on BENCH_PG_URL's server, dropped afterwards whatever happens —
 *   unless BENCH_KEEP_DB=1, which keeps it and prints the DATABASE_URL to run against it again
 *   without filling a million rows once more.
 *
 *   BENCH_ROWS (default 1000000)  BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../../apps/server/src/db/client';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import { hasData, seedDemoData } from '../../apps/server/src/db/seed/seedDatabase';
import { rowsOf } from '../../apps/server/src/modules/crm/engine/query/sql';

export const BENCH_ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP = process.env.BENCH_KEEP_DB === '1';

export type BenchSetup = {
  /** Loads the benchmark's rows into a database that has the demo data. */
  fill(db: Db): Promise<void>;
  /** Whether a given database already holds this benchmark's rows (kept from an earlier run). */
  isFilled?(db: Db): Promise<boolean>;
};

/** Whether `table` already holds the benchmark's rows (a database kept from an earlier run). */
export async function holdsBenchRows(db: Db, table: string): Promise<boolean> {
  const [row] = await rowsOf<{ n: unknown }>(db, sql`select count(*) as n from ${sql.identifier(table)}`);
  return Number(row?.n ?? 0) >= BENCH_ROWS;
}

/** The demo's users by user name, with their departments: the owners the fills weigh. */
export async function demoUsers(db: Db): Promise<Map<string, { id: number; dept: number }>> {
  const users = await rowsOf<{ user_name: string; user_id: unknown; dept_id: unknown }>(db, sql`select user_name, user_id, dept_id from sys_user`);
  return new Map(users.map((u) => [u.user_name, { id: Number(u.user_id), dept: Number(u.dept_id) }]));
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  // A lost connection rejects the awaited query; unheard, its 'error' event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function prepare(database: Database, setup: BenchSetup): Promise<void> {
  // (Before the first migration the tables are missing: the checks then answer no.)
  const filled = setup.isFilled ? await setup.isFilled(database.db).catch(() => false) : false;
  if (filled) {
    console.log('the database already holds the benchmark rows: not filled again');
    await prepareDatabase(database); // idempotent; a newer migration may have come since
    return;
  }
  if (await hasData(database.db).catch(() => false)) throw new Error('the database is not empty (nor filled by this benchmark): give an empty one');
  await prepareDatabase(database);
  await seedDemoData(database.db);
  const started = Date.now();
  await setup.fill(database.db);
  console.log(`filled with ${BENCH_ROWS.toLocaleString('en')} rows a table in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Runs `body` on the benchmark's database (see above), prepared and filled. */
export async function withBenchDatabase(setup: BenchSetup, body: (database: Database, url: string) => Promise<void>, url?: string): Promise<void> {
  const dbName = url ? undefined : `orbit_bench_${randomBytes(4).toString('hex')}`;
  if (dbName) await adminQuery(`create database ${dbName}`);
  const target = url ?? Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  const database = openDatabase({ databaseUrl: target });
  try {
    await prepare(database, setup);
    await body(database, target);
  } finally {
    await database.close();
    if (dbName && KEEP) console.log(`kept the database: DATABASE_URL=${target}`);
    else if (dbName) await adminQuery(`drop database if exists ${dbName} with (force)`);
  }
}

/** Statistics and the visibility map, as autovacuum would have left them on a live system. */
export async function vacuumAnalyze(db: Db, table: string): Promise<void> {
  await db.execute(sql.raw(`vacuum analyze ${table}`));
}
