// `npm run backup [-- <folder>]`: a consistent backup of the database in use and of the stored
// files, taken while the server runs (docs/backups.md). Default folder: DATA_DIR/backups/<time>.
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import type { BackupManifest } from '../modules/backup/backupManifest';
import { databaseLabel } from '../modules/backup/postgresUrl';
import { backupThroughServer, runningServerOf } from '../modules/backup/runningServer';
import { writeBackup } from '../modules/backup/writeBackup';
import { folderStamp, runCli } from './cliRun';

/** The embedded database: through the server when one runs on it, else opened here (nobody else has it). */
async function backupEmbedded(dataDir: string, out: string): Promise<BackupManifest> {
  const pid = runningServerOf(dataDir);
  if (pid) return backupThroughServer(pid, dataDir, out);
  const database = openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    return await writeBackup({ kind: 'pglite', snapshot: database.snapshot! }, dataDir, out);
  } finally {
    await database.close();
  }
}

runCli(async () => {
  const config = loadConfig();
  const out = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', folderStamp()));
  const from = config.databaseUrl ? `PostgreSQL (${databaseLabel(config.databaseUrl)})` : `the embedded database in ${config.dataDir}`;
  console.log(`Backing up ${from}…`);
  const manifest = config.databaseUrl ? await writeBackup({ kind: 'postgres', url: config.databaseUrl }, config.dataDir, out) : await backupEmbedded(config.dataDir, out);
  const rows = Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0);
  console.log(`Backup written to ${out}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.count} files.`);
});
