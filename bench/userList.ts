/**
 * User list at scale: a million users on PostgreSQL, listed, filtered, sorted and counted through
 * the real API (app.inject), as an administrator (scope all) and as a sales manager (own
 * department and below). Prints the median of several runs per case and fails over the budget.
 *
 *   BENCH_ROWS (default 1000000)  BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemoData } from '../apps/server/src/db/seed/seedDemoData';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUDGET_MS = 250;
const RUNS = 5;

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function main() {
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
    // Spread over the seeded departments; one in ten disabled; one a minute back in time.
    await database.db.execute(sql`
      insert into sys_user (dept_id, user_name, nick_name, email, phonenumber, sex, password, status, create_time, create_by)
      select d.ids[1 + (g % array_length(d.ids, 1))], 'bench.user' || g, 'Bench User ' || g, 'bench' || g || '@example.com',
             '1' || lpad(g::text, 10, '0'), (g % 2)::text, 'not-a-hash', case when g % 10 = 0 then '1' else '0' end,
             now() - make_interval(mins => g), 'bench'
      from generate_series(1, ${ROWS}) g, (select array_agg(dept_id order by dept_id) ids from sys_dept) d`);
    // As autovacuum would have done on a live system: statistics and the visibility map.
    await database.db.execute(sql`vacuum analyze sys_user`);
    // Let sales managers list users for the scope-4 case.
    await database.db.execute(sql`
      insert into sys_role_menu (role_id, menu_id)
      select r.role_id, m.menu_id from sys_role r, sys_menu m where r.role_key = 'sales_manager' and m.perms = 'system:user:list'`);
    console.log(`inserted ${ROWS.toLocaleString('en')} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db: database.db, logger: false, mailer: { send: async () => undefined } });
    await app.ready();
    const token = async (username: string) =>
      (await app.inject({ method: 'POST', url: '/dev-api/login', payload: { username, password: 'admin123' } })).json().token as string;
    const admin = await token('admin');
    const manager = await token('emma.stone');
    const deptRows = await database.db.execute(sql`select dept_id from sys_dept where dept_name = 'Sales East'`);
    const eastId = Number((deptRows as unknown as { rows: Array<{ dept_id: number }> }).rows[0]!.dept_id);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);

    const cases: Array<[string, string, string]> = [
      ['first page, default order', admin, 'pageNum=1&pageSize=10'],
      ['page 1000', admin, 'pageNum=1000&pageSize=10'],
      ['status = disabled', admin, 'pageNum=1&pageSize=10&status=1'],
      ['department and below', admin, `pageNum=1&pageSize=10&deptId=${eastId}`],
      ['user name contains', admin, 'pageNum=1&pageSize=10&userName=user12345'],
      ['phone contains', admin, 'pageNum=1&pageSize=10&phonenumber=0099'],
      ['created in the last week', admin, `pageNum=1&pageSize=10&params%5BbeginTime%5D=${weekAgo}`],
      ['sorted by create time desc', admin, 'pageNum=1&pageSize=10&orderByColumn=createTime&isAsc=desc'],
      ['sorted by user name asc', admin, 'pageNum=1&pageSize=10&orderByColumn=userName&isAsc=asc'],
      ['manager scope (dept and below)', manager, 'pageNum=1&pageSize=10'],
    ];
    let over = 0;
    console.log(`\n${'case'.padEnd(36)} ${'median ms'.padStart(10)} ${'total'.padStart(10)}`);
    for (const [name, bearer, query] of cases) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/dev-api/system/user/list?${query}`, headers: { authorization: `Bearer ${bearer}` } });
        times.push(performance.now() - t0);
        const body = res.json();
        if (body.code !== 200) throw new Error(`${name}: ${body.msg}`);
        total = body.total;
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(RUNS / 2)]!;
      if (median > BUDGET_MS) over++;
      console.log(`${name.padEnd(36)} ${median.toFixed(1).padStart(10)} ${String(total).padStart(10)}${median > BUDGET_MS ? '  OVER BUDGET' : ''}`);
    }
    await app.close();
    console.log(`\nbudget ${BUDGET_MS} ms per list call: ${over ? `${over} case(s) over` : 'all within'}`);
    process.exitCode = over ? 1 : 0;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(`drop database if exists ${dbName} with (force)`);
  }
}

await main();
