/**
 * What every engine benchmark stands on: its filled database, the app server on it, the capture of
 * the SQL the engine runs, and a bare pool to run that SQL again for the baseline and the plans —
 * all closed afterwards whatever happens.
 */
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client';
import { withBenchDatabase, type BenchSetup } from './benchDatabase';
import { startAppServer, type RunningServer } from './benchServers';
import { createSqlCapture } from './sqlCapture';

export type EngineBench = {
  database: Database;
  databaseUrl: string;
  app: RunningServer;
  capture: Awaited<ReturnType<typeof createSqlCapture>>;
  pool: pg.Pool;
};

/** Runs `body` against DATABASE_URL when given (see benchDatabase.ts), else a fresh database; `poolOptions` are the bare pool's session settings. */
export function withEngineBench(setup: BenchSetup, body: (bench: EngineBench) => Promise<void>, poolOptions?: string): Promise<void> {
  return withBenchDatabase(
    setup,
    async (database, databaseUrl) => {
      const app = await startAppServer(databaseUrl);
      const capture = await createSqlCapture(databaseUrl);
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, ...(poolOptions ? { options: poolOptions } : {}) });
      try {
        await body({ database, databaseUrl, app, capture, pool });
      } finally {
        await pool.end();
        await capture.close();
        await app.stop();
      }
    },
    process.env.DATABASE_URL,
  );
}
