import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_KEYS } from '@orbit/shared/contract/config';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { LAG_CHECK_MS } from '../../src/db/reporting';
import { rowsOf } from '../../src/modules/crm/engine/query/sql';
import { caller } from '../helpers/adminApi';
import { exportedWorkbook } from '../helpers/fileJobs';
import { api, loginAs, migrateAndSeed, testDatabaseKind, type TestApp } from '../helpers/testApp';

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scripts/replica.sh');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (polled), or fails naming what was awaited. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/**
 * REPORTING_DATABASE_URL on a real streaming replica (issue 37): a primary and a replica of their
 * own (scripts/replica.sh, `initdb` and `pg_basebackup -R` on free ports). Reports, exports and
 * dashboards read from the replica — shown by rows written on the primary while the replica's
 * replay is paused, which they do not see — and from the primary while the replica lags beyond
 * `crm.reporting.maxLagSeconds` or is stopped, saying so in /health and in the log, never failing.
 */
describe.skipIf(testDatabaseKind !== 'postgres')('reports on a streaming replica', () => {
  let dir: string | undefined;
  let primaryUrl: string;
  let replicaUrl: string;
  let database: Database | undefined;
  let replica: Database | undefined;
  let app: TestApp | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-replica-test-'));
  const logs: string[] = [];
  let admin: ReturnType<typeof caller>;
  let adminToken: string;
  let reportId: number;
  let seeded: number;

  const health = async () => (await app!.inject({ method: 'GET', url: api('/health') })).json().data as { reporting: { source: string; lagSeconds: number | null } };
  const reportTotal = async () => {
    const run = await admin('GET', `/crm/report/${reportId}/run?pageSize=1`);
    expect(run.status, run.body.msg).toBe(200);
    return run.body.data.total as number;
  };
  const onReplica = (text: string) => rowsOf(replica!.db, sql.raw(text));
  const newLead = async (lastName: string) => (await admin('POST', '/crm/leads', { lastName, company: `${lastName} Co` })).body.data as number;
  /** Every row written on the primary so far has been replayed on the replica. */
  const caughtUp = async () => {
    const [primary] = await rowsOf<{ lsn: string }>(database!.db, sql`select pg_current_wal_lsn()::text as lsn`);
    const [replayed] = await onReplica(`select pg_last_wal_replay_lsn() >= '${primary!.lsn}'::pg_lsn as done`);
    return replayed!.done === true;
  };
  const recordsOf = (workbook: ExcelJS.Workbook) => workbook.worksheets.at(-1)!.rowCount - 1;

  beforeAll(async () => {
    const out = execFileSync('bash', [script, 'start'], { encoding: 'utf8', timeout: 60_000 });
    const vars: Record<string, string> = Object.fromEntries(out.trim().split('\n').map((line) => line.split(/=(.*)/s).slice(0, 2)));
    dir = vars.REPLICA_DIR!;
    primaryUrl = vars.PRIMARY_URL!;
    // A password in the URL (the pair trusts local connections and ignores it) that the log must never show.
    replicaUrl = vars.REPLICA_URL!.replace('postgres@', 'postgres:s3cret-pw@');
    database = openDatabase({ databaseUrl: primaryUrl });
    // The test's own look at the replica; its connections end when the replica is stopped, as intended.
    replica = openDatabase({ databaseUrl: replicaUrl, onConnectionLost: () => undefined });
    await migrateAndSeed(database);
    await until('the replica to replay the seed', caughtUp);
    const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', JOB_CONCURRENCY: '0', DATABASE_URL: primaryUrl, REPORTING_DATABASE_URL: replicaUrl });
    const built = await buildApp({ config, db: database.db, logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } }, mailer: { send: async () => undefined } });
    await built.ready();
    app = Object.assign(built, { db: database.db }) as unknown as TestApp;
    adminToken = await loginAs(app, 'admin');
    admin = caller(app, adminToken);
    reportId = (await admin('POST', '/crm/report', { name: 'Every lead', definition: { module: 'leads', columns: ['lastName'], format: 'tabular' } })).body.data as number;
    await until('the replica to replay the report', caughtUp);
    seeded = await reportTotal();
  }, 90_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await replica?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    if (dir) execFileSync('bash', [script, 'stop', dir], { timeout: 60_000 });
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('reports, exports and report exports read from the replica: rows the replica has not replayed yet are not in them', async () => {
    expect((await health()).reporting).toMatchObject({ source: 'replica', lagSeconds: expect.any(Number) });
    await onReplica('select pg_wal_replay_pause()');
    const marked = [await newLead('Unreplayed'), await newLead('Unreplayed')];
    try {
      expect(await reportTotal()).toBe(seeded);
      // The export's count is taken on the primary (2 rows: written at once), its rows read on the replica.
      const exported = await exportedWorkbook(app!, adminToken, await admin('POST', '/crm/leads/export', { ids: marked, fields: 'lastName' }));
      expect(recordsOf(exported)).toBe(0);
      expect(recordsOf(await exportedWorkbook(app!, adminToken, await admin('POST', `/crm/report/${reportId}/export`, {})))).toBe(seeded);
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
    await until('the replica to replay the leads', caughtUp);
    expect(await reportTotal()).toBe(seeded + 2);
    const exported = await exportedWorkbook(app!, adminToken, await admin('POST', '/crm/leads/export', { ids: marked, fields: 'lastName' }));
    expect(recordsOf(exported)).toBe(2);
  });

  it('a replica lagging beyond crm.reporting.maxLagSeconds: reports read from the primary, and /health says so', async () => {
    await database!.db.execute(sql`update sys_config set config_value = '1' where config_key = ${SETTING_KEYS.reportingMaxLagSeconds}`);
    await onReplica('select pg_wal_replay_pause()');
    try {
      await newLead('Lagging');
      // Measured at most every LAG_CHECK_MS: within that and a second of lag, the reads move.
      await until('the fallback', async () => (await health()).reporting.source === 'primary-fallback', LAG_CHECK_MS + 5000);
      expect((await health()).reporting.lagSeconds).toBeGreaterThan(1);
      expect(await reportTotal()).toBe(seeded + 3);
    } finally {
      await onReplica('select pg_wal_replay_resume()');
      await database!.db.execute(sql`update sys_config set config_value = '' where config_key = ${SETTING_KEYS.reportingMaxLagSeconds}`);
    }
    await until('the replica again', async () => (await health()).reporting.source === 'replica', LAG_CHECK_MS + 5000);
    expect(logs.some((line) => line.includes('reports fall back to the primary database') && line.includes('lag over 1 s'))).toBe(true);
  });

  it('the replica stopped mid-run: the same report, a dashboard and an export still answer, from the primary', async () => {
    expect(await reportTotal()).toBe(seeded + 3);
    execFileSync('bash', [script, 'stop-replica', dir!], { timeout: 30_000 });
    expect(await reportTotal()).toBe(seeded + 3);
    expect((await health()).reporting).toEqual({ source: 'primary-fallback', lagSeconds: null });
    const dashboards = (await admin('GET', '/crm/dashboard/list')).body.data as Array<{ id: number }>;
    const data = await admin('GET', `/crm/dashboard/${dashboards[0]!.id}/data`);
    expect(data.status).toBe(200);
    expect((data.body.data.widgets as Array<{ error: string | null }>).map((w) => w.error)).toEqual(data.body.data.widgets.map(() => null));
    expect(recordsOf(await exportedWorkbook(app!, adminToken, await admin('POST', `/crm/report/${reportId}/export`, {})))).toBe(seeded + 3);

    const told = logs.filter((line) => line.includes('reports fall back to the primary database') && line.includes('unreachable'));
    // Once per change of state, not once per request.
    expect(told).toHaveLength(1);
    expect(logs.join('\n')).not.toContain('s3cret-pw');
    expect(logs.join('\n')).toContain(new URL(replicaUrl).host);
  });
});
