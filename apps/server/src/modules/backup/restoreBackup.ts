import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { filesRoot } from '../files/fileStorage';
import { DATABASE_FILE, FILES_DIR, readManifest, type BackupManifest } from './backupManifest';
import { copyFiles, filesFingerprint } from './dataFiles';
import { fingerprintDifferences, tableFingerprints, type RunQuery } from './fingerprints';

/** Where a backup is restored: an embedded database's folder, or a PostgreSQL database by URL. */
export type RestoreTarget = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

/**
 * The dump as SQL both databases run: psql's meta-commands (`\restrict`, which newer pg_dump
 * writes) are psql's, not SQL; `transaction_timeout` (PostgreSQL 17, the embedded database's
 * version) is unknown to older servers and is 0, the default, anyway; the extension's comment
 * needs its owner, and the extension is already there with it.
 */
export function portableSql(dump: string): string {
  return (
    dump
      .split('\n')
      .filter((line) => !line.startsWith('\\') && !line.startsWith('SET transaction_timeout') && !line.startsWith('COMMENT ON EXTENSION'))
      // The dump's settings for the restore's one transaction only: set for the session they would
      // stay on the connection after it — behind PgBouncer, on a server connection other clients
      // then get (an empty search_path: "relation does not exist").
      // (A text value that happens to hold such a line would be changed, and the row checks refuse the restore.)
      .map((line) => line.replace(/^SET ([a-z_]+ = [^;]*;)$/, 'SET LOCAL $1').replace(/^(SELECT pg_catalog\.set_config\('[a-z_]+', '[^']*', )false\);$/, '$1true);'))
      .join('\n')
  );
}

const EMPTY_CHECK = `select (select count(*) from information_schema.tables where table_schema in ('public', 'drizzle'))
  + (select count(*) from pg_namespace where nspname = 'drizzle') as n`;

/**
 * Runs the dump and checks every table against the manifest in one transaction: a restore that
 * fails, or whose rows differ from the backup's, leaves the target as empty as it found it.
 */
async function restoreInto(run: RunQuery, sql: string, manifest: BackupManifest): Promise<void> {
  const [row] = await run(EMPTY_CHECK);
  if (Number(row!.n) > 0) throw new Error('the target database is not empty: a backup is restored into an empty database');
  await run(sql);
  const differences = fingerprintDifferences(manifest.tables, await tableFingerprints(run));
  if (differences.length) throw new Error(`the restored database differs from the backup:\n${differences.join('\n')}`);
}

async function restoreDatabase(target: RestoreTarget, sql: string, manifest: BackupManifest): Promise<void> {
  if (target.kind === 'pglite') {
    await mkdir(target.dir, { recursive: true });
    const db = new PGlite({ dataDir: target.dir, extensions: { pg_trgm } });
    try {
      await db.transaction(async (tx) => restoreInto(async (text) => (await tx.exec(text)).at(-1)?.rows ?? [], sql, manifest));
    } finally {
      await db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('begin');
    await restoreInto(async (text) => {
      const result = await client.query(text);
      return (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [];
    }, sql, manifest);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Restores the backup in `dir` into an empty `target` and, unless `withFiles` is false (a move to
 * PostgreSQL keeps the data directory it has), its files into `dataDir/files`, which must hold none.
 */
export async function restoreBackup(dir: string, target: RestoreTarget, dataDir: string, { withFiles = true } = {}): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  const files = filesRoot(dataDir);
  if (withFiles && (await filesFingerprint(files)).count > 0) throw new Error(`${files} already holds files: a backup is restored into an empty data directory`);
  const backupFiles = await filesFingerprint(path.join(dir, FILES_DIR));
  if (backupFiles.checksum !== manifest.files.checksum) throw new Error(`the files of ${dir} differ from its manifest: the backup is damaged`);
  await restoreDatabase(target, portableSql(await readFile(path.join(dir, DATABASE_FILE), 'utf8')), manifest);
  if (withFiles && (await stat(path.join(dir, FILES_DIR)).catch(() => null))) await copyFiles(path.join(dir, FILES_DIR), files);
  return manifest;
}
