import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import { filesRoot } from '../files/fileStorage';
import { BACKUP_FORMAT, BACKUP_VERSION, DATABASE_FILE, FILES_DIR, writeManifest, type BackupManifest } from './backupManifest';
import { copyFiles, filesFingerprint } from './dataFiles';
import { tableFingerprints, type TableFingerprint } from './fingerprints';
import { connectionOf } from './postgresUrl';

/** The database a backup is taken of: the embedded one by a snapshot of its data directory, or PostgreSQL by URL. */
export type BackupSource = { kind: 'pglite'; snapshot: () => Promise<Blob> } | { kind: 'postgres'; url: string };

/**
 * The embedded database: a snapshot of its data directory (taken between two statements, so it is
 * what a crash would leave, and PGlite's recovery makes it consistent) opened as a second, private
 * PGlite; its fingerprints and pg_dump are read from that copy while the server goes on serving.
 */
async function dumpPglite(snapshot: () => Promise<Blob>, file: string): Promise<Record<string, TableFingerprint>> {
  const copy = new PGlite({ loadDataDir: await snapshot(), extensions: { pg_trgm } });
  try {
    const tables = await tableFingerprints(async (text) => (await copy.query<Record<string, unknown>>(text)).rows);
    const dump = await pgDump({ pg: copy, args: ['--no-owner', '--no-privileges'] });
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return tables;
  } finally {
    await copy.close();
  }
}

/** pg_dump of the exported snapshot into `file`; its password through the environment, never its arguments. */
function runPgDump(url: string, snapshot: string, file: string): Promise<void> {
  const { url: bare, password } = connectionOf(url);
  const args = ['--inserts', '--rows-per-insert=500', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${bare}`];
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', args, { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (d) => (errors += d));
    child.on('error', (error) => reject(new Error(`pg_dump could not be started (install the PostgreSQL client): ${error.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump failed: ${errors.trim()}`))));
  });
}

/**
 * PostgreSQL: one repeatable-read transaction exports its snapshot; pg_dump reads that snapshot
 * while the fingerprints are read in the transaction itself, so the dump and the manifest describe
 * the same instant however busy the server is.
 */
async function dumpPostgres(url: string, file: string): Promise<Record<string, TableFingerprint>> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const dumped = runPgDump(url, rows[0]!.snapshot, file);
    const tables = await tableFingerprints(async (text) => (await client.query(text)).rows).finally(() => dumped.catch(() => undefined));
    await dumped;
    await client.query('commit');
    return tables;
  } finally {
    await client.end();
  }
}

/**
 * Writes a backup of `source` and of the stored files (`DATA_DIR/files`) into the folder `out` (created;
 * it must be empty). The files are copied after the database's snapshot, so every file the
 * database names is there (files are only ever added under new names, or purged).
 */
export async function writeBackup(source: BackupSource, dataDir: string, out: string): Promise<BackupManifest> {
  await mkdir(out, { recursive: true });
  if ((await readdir(out)).length > 0) throw new Error(`${out} is not empty: a backup goes into a new folder`);
  const databaseFile = path.join(out, DATABASE_FILE);
  const tables = source.kind === 'pglite' ? await dumpPglite(source.snapshot, databaseFile) : await dumpPostgres(source.url, databaseFile);
  await copyFiles(filesRoot(dataDir), path.join(out, FILES_DIR));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    source: source.kind,
    tables,
    files: await filesFingerprint(path.join(out, FILES_DIR)),
  };
  await writeManifest(out, manifest);
  return manifest;
}
