import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PREFIX, CLIENT_HEADER, ORBIT_WEB_CLIENT } from '@orbit/shared/constants';
import { openDatabase } from '../../src/db/client';
import { readManifest } from '../../src/modules/backup/backupManifest';
import { filesFingerprint } from '../../src/modules/backup/dataFiles';
import { tableFingerprints } from '../../src/modules/backup/fingerprints';
import { filesRoot } from '../../src/modules/files/fileStorage';
import { freePort, startServer, waitUntilServing, type ServerProcess } from '../helpers/serverProcess';
import { createPostgresDatabase, testDatabaseKind } from '../helpers/testApp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Runs one of the README's npm commands (`npm run backup`, …) as a person would, with `env`. */
function npmRun(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

type Answer = { code: number; msg?: string; data?: unknown; total?: number; token?: string };

/** The API of a server process, signed in as the administrator. */
async function signedIn(port: number) {
  const base = `http://127.0.0.1:${port}${API_PREFIX}`;
  const headers = { [CLIENT_HEADER]: ORBIT_WEB_CLIENT };
  const login = (await (await fetch(`${base}/login`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) })).json()) as Answer;
  const auth = { ...headers, authorization: `Bearer ${login.token as string}` };
  return {
    json: async (method: string, url: string, body?: unknown) =>
      (await (
        await fetch(`${base}${url}`, { method, headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
      ).json()) as Answer,
    upload: async (url: string, name: string, content: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([content]), name);
      return (await (await fetch(`${base}${url}`, { method: 'POST', headers: auth, body: form })).json()) as Answer;
    },
    bytes: async (url: string) => Buffer.from(await (await fetch(`${base}${url}`, { headers: auth })).arrayBuffer()),
  };
}

const fingerprintsOfPostgres = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await tableFingerprints(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
};

/**
 * The README's backup, restore and move-to-PostgreSQL commands end to end (issue 37): a backup of
 * the embedded database taken while its server serves, restored into an empty data directory and
 * carried into PostgreSQL, where a server on it signs in and lists the same records — a custom
 * field's column and an attached file included. Run in the PostgreSQL step (it needs both databases).
 */
describe.runIf(testDatabaseKind === 'postgres')('backups and the move to PostgreSQL', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const drops: Array<() => Promise<void>> = [];
  const tempDir = (name: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `orbit-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const serve = async (env: Record<string, string>) => {
    const port = await freePort();
    const server = startServer({ HOST: '127.0.0.1', PORT: String(port), CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'warn', JOB_CONCURRENCY: '0', ...env });
    servers.push(server);
    expect(await waitUntilServing(port, 120_000), server.output()).toBe(true);
    return { port, server };
  };
  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    for (const drop of drops) await drop().catch(() => undefined);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up the embedded database while it serves, restores it, and carries it into PostgreSQL with its custom columns and files', async () => {
    const dataDir = tempDir('embedded');
    const embedded = await serve({ DATA_DIR: dataDir });
    const api = await signedIn(embedded.port);
    expect((await api.json('POST', '/setup/leads/fields', { name: 'backupTier', type: 'text', labelEn: 'Tier', labelZh: '等级' })).code).toBe(200);
    const lead = await api.json('POST', '/crm/leads', { lastName: 'Kept', company: 'Backup Ltd', backupTier: 'Gold' });
    expect(lead.code).toBe(200);
    const note = Buffer.from('minutes of the kick-off, 2026-11-29\n');
    const uploaded = await api.upload(`/crm/leads/${lead.data}/attachments`, 'minutes.txt', note);
    expect(uploaded.code).toBe(200);
    const [fileId] = uploaded.data as number[];
    const leads = (await api.json('GET', '/crm/leads?pageNum=1&pageSize=5')).total as number;

    // While the server runs: it writes the backup itself (the embedded database is its alone) and goes on serving.
    const backupDir = path.join(tempDir('backups'), 'first');
    const backup = await npmRun('backup', [backupDir], { DATA_DIR: dataDir });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup written to .*: \d+ tables, \d+ rows, 1 files\./);
    expect((await api.json('GET', '/crm/leads?pageNum=1&pageSize=5')).total).toBe(leads);
    const manifest = await readManifest(backupDir);
    expect(manifest.source).toBe('pglite');
    expect(manifest.tables['public.crm_lead']!.rows).toBeGreaterThan(0);
    expect(manifest.files.count).toBe(1);
    expect(readFileSync(path.join(backupDir, 'database.sql'), 'utf8')).toContain('cf_backuptier');

    embedded.server.child.kill('SIGTERM');
    expect(await embedded.server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

    // Restored into an empty data directory: every table checked, the file back; a second restore is refused.
    const restoredDir = tempDir('restored');
    const restore = await npmRun('restore', [backupDir], { DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    expect(await filesFingerprint(filesRoot(restoredDir))).toEqual(manifest.files);
    const again = await npmRun('restore', [backupDir], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain('already holds files: a backup is restored into an empty data directory');

    // Carried into PostgreSQL: every table the same as the embedded database's, then a server on it serves them.
    const target = await createPostgresDatabase();
    drops.push(target.drop);
    const move = await npmRun('move-to-postgres', [], { DATA_DIR: dataDir, DATABASE_URL: target.url });
    expect(move.code, move.output).toBe(0);
    const source = openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const embeddedTables = await tableFingerprints(async (text) => ((await source.db.execute(text as never)) as unknown as { rows: Array<Record<string, unknown>> }).rows);
    await source.close();
    expect(await fingerprintsOfPostgres(target.directUrl)).toEqual(embeddedTables);

    const onPostgres = await serve({ DATA_DIR: dataDir, DATABASE_URL: target.url });
    const moved = await signedIn(onPostgres.port);
    expect((await moved.json('GET', '/crm/leads?pageNum=1&pageSize=5')).total).toBe(leads);
    expect((await moved.json('GET', `/crm/leads/${lead.data}`)).data).toMatchObject({ lastName: 'Kept', backupTier: 'Gold' });
    expect(await moved.bytes(`/crm/attachment/${fileId}`)).toEqual(note);
    // New records continue the moved sequences instead of colliding with a moved id.
    expect((await moved.json('POST', '/crm/leads', { lastName: 'After the move' })).data).toBeGreaterThan(lead.data as number);
  }, 300_000);
});
