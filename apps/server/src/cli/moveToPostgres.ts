// `npm run move-to-postgres`: carries the embedded database in DATA_DIR into the empty PostgreSQL
// database of DATABASE_URL — custom-field columns, sequences and all — checking every table, then
// tells how to start the server on it (docs/backups.md). The stored files stay in DATA_DIR, where
// the server on PostgreSQL reads them too; the embedded database is left as it was.
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { databaseLabel } from '../modules/backup/postgresUrl';
import { restoreBackup } from '../modules/backup/restoreBackup';
import { runningServerOf } from '../modules/backup/runningServer';
import { writeBackup } from '../modules/backup/writeBackup';
import { folderStamp, runCli } from './cliRun';

runCli(async () => {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('Set DATABASE_URL to the (empty) PostgreSQL database to move to.');
  // Stopped first, so that no record is written to the embedded database after it was copied.
  if (runningServerOf(config.dataDir)) throw new Error(`A server is running on ${config.dataDir}: stop it, then move.`);
  const out = path.join(config.dataDir, 'backups', `move-${folderStamp()}`);
  const embedded = openDatabase({ pgliteDir: path.join(config.dataDir, 'pglite') });
  try {
    await writeBackup({ kind: 'pglite', snapshot: embedded.snapshot! }, config.dataDir, out);
  } finally {
    await embedded.close();
  }
  console.log(`Copied the embedded database to ${out}; loading it into PostgreSQL (${databaseLabel(config.databaseUrl)})…`);
  const manifest = await restoreBackup(out, { kind: 'postgres', url: config.databaseUrl }, config.dataDir, { withFiles: false });
  const rows = Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0);
  console.log(`Moved ${Object.keys(manifest.tables).length} tables and ${rows} rows, each checked. Start the server with DATABASE_URL set; the files stay in ${config.dataDir}.`);
});
