/**
 * The SQL the engine runs for a request, caught as it runs: an in-process copy of the app whose
 * drizzle logger records every statement. The bare handler and the plans use exactly these
 * statements, so they stay in step with the engine whatever its SQL becomes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import type { Db } from '../../apps/server/src/db/client';

export type Statement = { text: string; values: unknown[] };
/** What one list request ran on the module's table: the total count and the page. */
export type ListStatements = { count: Statement; page: Statement };

export async function createSqlCapture(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  let log: Statement[] = [];
  const db = drizzle(pool, { logger: { logQuery: (text, values) => void log.push({ text, values }) } }) as unknown as Db;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db, logger: false, mailer: { send: async () => undefined } });
  await app.ready();
  return {
    /** The count and page statements on `table` of one GET (path under /dev-api). */
    async list(url: string, token: string, table: string): Promise<ListStatements> {
      log = [];
      const res = await app.inject({ method: 'GET', url: `/dev-api${url}`, headers: { authorization: `Bearer ${token}` } });
      if (res.json().code !== 200) throw new Error(`${url}: ${res.json().msg}`);
      const onTable = log.filter((s) => s.text.includes(` from "${table}" `));
      const count = onTable.find((s) => /^select count\(\*\)/.test(s.text));
      const page = onTable.find((s) => / limit \$\d+ offset \$\d+$/.test(s.text));
      if (!count || !page) throw new Error(`${url}: the count and page statements were not found in ${JSON.stringify(log.map((s) => s.text))}`);
      return { count, page };
    },
    /**
     * Every statement one GET (path under /dev-api) ran, in order; when `table` is given only those
     * reading it or a table kept from it (`<table>_…`: the board's maintained totals), e.g. a board's totals and cards.
     */
    async statements(url: string, token: string, table?: string): Promise<Statement[]> {
      log = [];
      const res = await app.inject({ method: 'GET', url: `/dev-api${url}`, headers: { authorization: `Bearer ${token}` } });
      if (res.json().code !== 200) throw new Error(`${url}: ${res.json().msg}`);
      const reads = table && new RegExp(` from "${table}(_\\w+)?" `);
      return reads ? log.filter((s) => reads.test(s.text)) : log;
    },
    /** A session token of a demo user (password admin123), signed in through the same app. */
    async signIn(username: string): Promise<string> {
      const res = await app.inject({ method: 'POST', url: '/dev-api/login', payload: { username, password: 'admin123' } });
      return res.json().token as string;
    },
    async close() {
      await app.close();
      await pool.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
