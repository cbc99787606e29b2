/**
 * What the list benchmarks share: a benchmark database (lib/benchDatabase.ts, fresh and filled by
 * the benchmark), the real app on it (app.inject), and a timing table of list calls against the
 * budget.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import type { Db } from '../../apps/server/src/db/client';
import { withBenchDatabase } from './benchDatabase';
import { medianMs } from './timing';

export { BENCH_ROWS } from './benchDatabase';
export const LIST_BUDGET_MS = 250;
const RUNS = 5;

type App = Awaited<ReturnType<typeof buildApp>>;
export type ListCase = { name: string; token: string; url: string };
export type ListBench = { app: App; db: Db; token(username: string): Promise<string> };

/** Runs `body` on an app over a fresh database that `fill` has loaded; drops the database after. */
export async function withListBench(fill: (db: Db) => Promise<void>, body: (bench: ListBench) => Promise<void>): Promise<void> {
  await withBenchDatabase({ fill }, async ({ db }) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-'));
    const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db, logger: false, mailer: { send: async () => undefined } });
    await app.ready();
    const token = async (username: string) =>
      (await app.inject({ method: 'POST', url: '/dev-api/login', payload: { username, password: 'admin123' } })).json().token as string;
    try {
      await body({ app, db, token });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

/** Times each list call (median of several runs), prints a table, and fails the process over budget. */
export async function timeListCases(app: App, cases: ListCase[]): Promise<void> {
  let over = 0;
  console.log(`\n${'case'.padEnd(40)} ${'median ms'.padStart(10)} ${'total'.padStart(10)}`);
  for (const { name, token, url } of cases) {
    let total = 0;
    const median = await medianMs(RUNS, async () => {
      const body = (await app.inject({ method: 'GET', url: `/dev-api${url}`, headers: { authorization: `Bearer ${token}` } })).json();
      if (body.code !== 200) throw new Error(`${name}: ${body.msg}`);
      total = body.total;
    });
    if (median > LIST_BUDGET_MS) over++;
    console.log(`${name.padEnd(40)} ${median.toFixed(1).padStart(10)} ${String(total).padStart(10)}${median > LIST_BUDGET_MS ? '  OVER BUDGET' : ''}`);
  }
  console.log(`\nbudget ${LIST_BUDGET_MS} ms per list call: ${over ? `${over} case(s) over` : 'all within'}`);
  if (over) process.exitCode = 1;
}

/** The first day of a list's created-between filter that covers the last week. */
export const weekAgo = () => new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
