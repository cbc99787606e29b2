import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { FILE_STATUS } from '@orbit/shared/constants';
import type { ImportState, ImportUpload } from '@orbit/shared/contract/recordImport';
import { IMPORT_BATCH } from '../../src/modules/crm/import/recordImport.job';
import { multipart, workbook } from '../helpers/importApi';
import { createPostgresDatabase, testDatabaseKind } from '../helpers/testApp';
import { freePort, startServer, waitUntilServing, type ServerProcess } from '../helpers/serverProcess';

const LEADS = 60_000;
/** Rows of the killed import: some batches before the kill, more after. */
const IMPORT_ROWS = 4_000;

/** What a test sees of the two server processes sharing its new database. */
type TwoServers = { client: pg.Client; dataDir: string; portA: number; first: ServerProcess; startSecond(): Promise<number> };

/**
 * Runs `work` with a first server process serving a new PostgreSQL database (a job runner each,
 * stale after 3 s), a client on that database, and a way to start the second process once the
 * first is killed; everything is stopped and removed afterwards.
 */
async function withTwoServers(work: (servers: TwoServers) => Promise<void>): Promise<void> {
  const database = await createPostgresDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-kill-'));
  const client = new pg.Client({ connectionString: database.url });
  const env = { DATABASE_URL: database.url, HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', JOB_CONCURRENCY: '1', JOB_STALE_SECONDS: '3', LOG_LEVEL: 'warn' };
  const portA = await freePort();
  const first = startServer({ ...env, PORT: String(portA) });
  let second: ServerProcess | undefined;
  try {
    expect(await waitUntilServing(portA, 90_000), first.output()).toBe(true);
    await client.connect();
    await work({
      client,
      dataDir,
      portA,
      first,
      async startSecond() {
        const portB = await freePort();
        second = startServer({ ...env, PORT: String(portB) });
        expect(await waitUntilServing(portB, 90_000), second.output()).toBe(true);
        return portB;
      },
    });
  } finally {
    if (first.child.exitCode === null) first.child.kill('SIGKILL');
    second?.child.kill('SIGTERM');
    await second?.exited;
    await client.end().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

/**
 * kill -9 of the process running an export (issue 13 and 15): another process sharing the database
 * takes the job up once its heartbeat is stale, and the file ends complete — never left
 * "being generated", never half-written, no partial file left behind.
 */
// Two processes share one database only on PostgreSQL (PGlite is embedded in its process).
describe.runIf(testDatabaseKind === 'postgres')('a job whose process is killed (PostgreSQL only)', () => {
  it('an export is completed by another process from the start, with every row, and no partial file left', async () => {
    await withTwoServers(async ({ client, dataDir, portA, first, startSecond }) => {
      // Many leads, copied from a demo one in SQL, so that the export runs long enough to be killed.
      const { rows: cols } = await client.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_name = 'crm_lead' and column_name <> 'id' and is_generated = 'NEVER'",
      );
      const names = cols.map((c) => `"${c.column_name}"`).join(', ');
      await client.query(`insert into crm_lead (${names}) select ${names} from crm_lead, generate_series(1, ${LEADS}) where crm_lead.id = (select min(id) from crm_lead)`);
      const total = (await client.query<{ n: string }>('select count(*) as n from crm_lead where deleted_at is null')).rows[0]!.n;

      const login = await fetch(`http://127.0.0.1:${portA}/dev-api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) });
      const token = ((await login.json()) as { token: string }).token;
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const queued = await fetch(`http://127.0.0.1:${portA}/dev-api/crm/leads/export`, { method: 'POST', headers: auth, body: JSON.stringify({ fields: 'lastName,company,status', owner: 'all' }) });
      const fileId = ((await queued.json()) as { data: { fileId: number } }).data.fileId;
      const file = async () => (await client.query<{ status: number; progress_done: number; storage_path: string | null; error_msg: string }>('select * from sys_user_file where id = $1', [fileId])).rows[0]!;

      // Killed once it has written some rows.
      for (let i = 0; i < 600 && (await file()).progress_done === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await file()).progress_done).toBeGreaterThan(0);
      first.child.kill('SIGKILL');
      await first.exited;
      expect((await file()).status).toBe(0);

      const portB = await startSecond();
      for (let i = 0; i < 1200 && (await file()).status === 0; i++) await new Promise((r) => setTimeout(r, 100));
      const done = await file();
      expect(done.status, done.error_msg).toBe(1);
      expect(done.progress_done).toBe(Number(total));
      const { rows: [job] } = await client.query<{ state: string; attempts: number }>('select state, attempts from sys_job where file_id = $1', [fileId]);
      expect(job).toMatchObject({ state: 'done', attempts: 2 });

      const download = await fetch(`http://127.0.0.1:${portB}/dev-api/userFile/download/${fileId}`, { headers: auth });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await download.arrayBuffer());
      expect(workbook.worksheets[0]!.rowCount).toBe(Number(total) + 1);
      // The dead attempt wrote to the same file, which the retry replaced: nothing else is left.
      expect(readdirSync(path.join(dataDir, 'files', path.dirname(done.storage_path!)))).toEqual([path.basename(done.storage_path!)]);
    });
  }, 240_000);

  it('an import goes on from its last committed batch in another process: every row once, the upload record says what happened', async () => {
    await withTwoServers(async ({ client, portA, first, startSecond }) => {
      const login = await fetch(`http://127.0.0.1:${portA}/dev-api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'olivia.park', password: 'admin123' }) });
      const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
      const rows = [['Last Name', 'Email'], ...Array.from({ length: IMPORT_ROWS }, (_, i) => [`Killed${i}`, `killed${i}@example.com`])];
      const { payload, headers } = multipart('killed.xlsx', await workbook(rows));
      const uploaded = await fetch(`http://127.0.0.1:${portA}/dev-api/crm/leads/import`, { method: 'POST', headers: { ...auth, ...headers }, body: payload });
      const up = ((await uploaded.json()) as { data: ImportUpload }).data;
      const started = await fetch(`http://127.0.0.1:${portA}/dev-api/crm/leads/import/${up.fileId}/run`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ mapping: up.mapping, duplicateField: 'email', duplicatePolicy: 'skip' }),
      });
      expect(((await started.json()) as { code: number }).code).toBe(200);
      const file = async () => (await client.query<{ status: number; progress_done: number; error_msg: string }>('select * from sys_user_file where id = $1', [up.fileId])).rows[0]!;
      const imported = async () => (await client.query<{ n: string; names: string }>("select count(*) as n, count(distinct last_name) as names from crm_lead where last_name like 'Killed%' and deleted_at is null")).rows[0]!;

      const checkpointOf = async () => (await client.query<{ next_row: number; created: number }>('select next_row, created from crm_import where file_id = $1', [up.fileId])).rows[0]!;

      // Killed once a batch or more is committed (its checkpoint; the file's progress is written at most once a second), well before the end.
      for (let i = 0; i < 1200 && (await checkpointOf()).created === 0; i++) await new Promise((r) => setTimeout(r, 25));
      first.child.kill('SIGKILL');
      await first.exited;
      const atKill = await file();
      expect(atKill.status).toBe(FILE_STATUS.generating);
      expect(atKill.progress_done).toBeLessThan(IMPORT_ROWS);
      // What the dead process left is whole batches only: exactly the rows its checkpoint counts.
      const checkpoint = await checkpointOf();
      expect(checkpoint.created).toBeGreaterThan(0);
      expect(checkpoint.created).toBeLessThan(IMPORT_ROWS);
      expect(Number((await imported()).n)).toBe(checkpoint.created);
      expect(checkpoint.created % IMPORT_BATCH.postgres).toBe(0);

      const portB = await startSecond();
      for (let i = 0; i < 1200 && (await file()).status === FILE_STATUS.generating; i++) await new Promise((r) => setTimeout(r, 100));
      const state = await fetch(`http://127.0.0.1:${portB}/dev-api/crm/leads/import/${up.fileId}`, { headers: auth });
      const done = ((await state.json()) as { data: ImportState }).data;
      expect(done.status, done.errorMsg).toBe(FILE_STATUS.available);
      expect(done.result).toEqual({ created: IMPORT_ROWS, updated: 0, skipped: 0, failed: 0 });
      expect(await imported()).toEqual({ n: String(IMPORT_ROWS), names: String(IMPORT_ROWS) });
      const { rows: [job] } = await client.query<{ state: string; attempts: number }>('select state, attempts from sys_job where file_id = $1', [up.fileId]);
      expect(job).toMatchObject({ state: 'done', attempts: 2 });
    });
  }, 240_000);
});
