import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TableFingerprint } from './fingerprints';
import type { FilesFingerprint } from './dataFiles';

/**
 * A backup is a folder (docs/backups.md): `database.sql` — plain SQL from pg_dump, INSERTs, which
 * both PostgreSQL (psql) and the embedded database (PGlite) can run, so a backup of either restores
 * into either —, `files/` — the data directory's stored files —, and `manifest.json`, written last:
 * a folder without it is an unfinished backup. The manifest's row counts and checksums are taken in
 * the same snapshot as the dump, and a restore checks every table against them.
 */
export const BACKUP_FORMAT = 'orbit-backup';
export const BACKUP_VERSION = 1;
export const DATABASE_FILE = 'database.sql';
export const FILES_DIR = 'files';
export const MANIFEST_FILE = 'manifest.json';
/** Written instead of the manifest when a backup asked of the running server failed. */
export const FAILURE_FILE = 'failed.txt';

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The database the backup was taken of. */
  source: 'pglite' | 'postgres';
  tables: Record<string, TableFingerprint>;
  files: FilesFingerprint;
};

/** Written whole under another name, then renamed: whoever waits for the manifest never reads half of it. */
export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  const file = path.join(dir, MANIFEST_FILE);
  await writeFile(`${file}.part`, JSON.stringify(manifest, null, 2) + '\n');
  await rename(`${file}.part`, file);
}

/** The manifest of a finished backup; a clear error for a folder that is none. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new Error(`${dir} is not a finished Orbit backup: it has no ${MANIFEST_FILE}`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) throw new Error(`${dir} is not an Orbit backup of version ${BACKUP_VERSION}`);
  return manifest;
}
