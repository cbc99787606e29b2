/**
 * What the list benchmarks share: a fresh PostgreSQL database (migrated, demo data, then filled
 * with many rows by the benchmark), the real app on it (app.inject), and a timing table of list
 * calls against the budget. The database is dropped afterwards, whatever happens.
 *
 *   BENCH_ROWS (default 1000000)  BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type Db } from '../../apps/server/src/db/client';
import { seedDemoData } from '../../apps/server/src/db/seed/seedDatabase';

export const BENCH_ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
export const LIST_BUDGET_MS = 250;
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = 5;

type App = Awaited<ReturnType<typeof buildApp>>;
export type ListCase = { name: string; token: string; url: string };
export type ListBench = { app: App; db: Db; token(username: string): Promise<string> };

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Runs `body` on an app over a fresh database that `fill` has loaded; drops the database after. */
export async function withListBench(fill: (db: Db) => Promise<void>, body: (bench: ListBench) => Promise<void>): Promise<void> {
  const dbName = `orbit_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-'));
  const database = openDatabase({ databaseUrl: url.toString() });
  try {
    await database.migrate();
    await seedDemoData(database.db);
    const started = Date.now();
    await fill(database.db);
    console.log(`filled with ${BENCH_ROWS.toLocaleString('en')} rows a table in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db: database.db, logger: false, mailer: { send: async () => undefined } });
    await app.ready();
    const token = async (username: string) =>
      (await app.inject({ method: 'POST', url: '/dev-api/login', payload: { username, password: 'admin123' } })).json().token as string;
    try {
      await body({ app, db: database.db, token });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(`drop database if exists ${dbName} with (force)`);
  }
}

/** Times each list call (median of several runs), prints a table, and fails the process over budget. */
export async function timeListCases(app: App, cases: ListCase[]): Promise<void> {
  let over = 0;
  console.log(`\n${'case'.padEnd(40)} ${'median ms'.padStart(10)} ${'total'.padStart(10)}`);
  for (const { name, token, url } of cases) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: `/dev-api${url}`, headers: { authorization: `Bearer ${token}` } });
      times.push(performance.now() - t0);
      const body = res.json();
      if (body.code !== 200) throw new Error(`${name}: ${body.msg}`);
      total = body.total;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(RUNS / 2)]!;
    if (median > LIST_BUDGET_MS) over++;
    console.log(`${name.padEnd(40)} ${median.toFixed(1).padStart(10)} ${String(total).padStart(10)}${median > LIST_BUDGET_MS ? '  OVER BUDGET' : ''}`);
  }
  console.log(`\nbudget ${LIST_BUDGET_MS} ms per list call: ${over ? `${over} case(s) over` : 'all within'}`);
  if (over) process.exitCode = 1;
}

/** The first day of a list's created-between filter that covers the last week. */
export const weekAgo = () => new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
