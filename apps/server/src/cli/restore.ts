// `npm run restore -- <folder>`: brings a backup back into an empty database — DATABASE_URL's, or
// the embedded one in DATA_DIR — and its files into DATA_DIR, checking every table against the
// backup's manifest (docs/backups.md). The server must not be running on the target.
import path from 'node:path';
import { loadConfig } from '../config';
import { databaseLabel } from '../modules/backup/postgresUrl';
import { restoreBackup } from '../modules/backup/restoreBackup';
import { runningServerOf } from '../modules/backup/runningServer';
import { runCli } from './cliRun';

runCli(async () => {
  const folder = process.argv[2];
  if (!folder) throw new Error('Usage: npm run restore -- <backup folder>');
  const config = loadConfig();
  if (runningServerOf(config.dataDir)) throw new Error(`A server is running on ${config.dataDir}: stop it before restoring.`);
  const target = config.databaseUrl ? ({ kind: 'postgres', url: config.databaseUrl } as const) : ({ kind: 'pglite', dir: path.join(config.dataDir, 'pglite') } as const);
  console.log(`Restoring ${path.resolve(folder)} into ${config.databaseUrl ? `PostgreSQL (${databaseLabel(config.databaseUrl)})` : target.dir}…`);
  const manifest = await restoreBackup(path.resolve(folder), target, config.dataDir);
  console.log(`Restored ${Object.keys(manifest.tables).length} tables (every row count and checksum as in the backup of ${manifest.createdAt}) and ${manifest.files.count} files.`);
});
