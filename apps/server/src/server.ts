import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, warnConnectionLost } from './db/client';
import { prepareDatabase } from './db/prepare';
import { answerBackupRequests } from './modules/backup/runningServer';
import { seedOnFirstStart } from './db/seed/firstStart';
import { StartupError, startupStep } from './startupStep';

/** Where the database is, for a failure line: never the credentials of DATABASE_URL. */
function databaseWhere(config: Config): string {
  if (!config.databaseUrl) return `the embedded database in DATA_DIR (${path.join(config.dataDir, 'pglite')})`;
  const url = new URL(config.databaseUrl);
  return `the database of DATABASE_URL (${url.host}${url.pathname})`;
}

/** Entry point of `npm start`: config, database (migrated, seeded when empty), server, shutdown. */
async function main() {
  const config: Config = loadConfig();
  // Until the app's logger exists, a lost database connection is told on stderr like the start-up lines.
  let connectionLost = warnConnectionLost;
  const database = await startupStep(`Cannot open ${databaseWhere(config)}`, async () => {
    const opened = openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      onConnectionLost: (error) => connectionLost(error),
    });
    const seeded = await opened.exclusive(async () => {
      await prepareDatabase(opened);
      return seedOnFirstStart(opened.db, config);
    });
    return { ...opened, seeded };
  });
  const app = await buildApp({ config, db: database.db });
  connectionLost = (error) => app.log.warn({ err: error }, 'database connection lost');
  if (database.seeded) app.log.info(database.seeded);

  // The embedded database is this process's alone: `npm run backup` asks the server for it (modules/backup/runningServer.ts).
  const forgetPid = database.snapshot
    ? answerBackupRequests(config.dataDir, { kind: 'pglite', snapshot: database.snapshot }, { info: (m) => app.log.info(m), error: (m) => app.log.error(m) })
    : () => undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
      forgetPid();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await startupStep(`Cannot listen on ${config.host}:${config.port} (HOST, PORT)`, () => app.listen({ port: config.port, host: config.host }));
  app.log.info(`Orbit CRM on http://localhost:${config.port} (${database.kind === 'pglite' ? 'embedded PGlite in ' + config.dataDir : 'PostgreSQL'})`);
}

main().catch((error: unknown) => {
  // A bad setting is told in one line naming it; anything else keeps its stack for the developer.
  console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
  process.exit(1);
});
