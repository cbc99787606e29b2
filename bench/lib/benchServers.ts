/**
 * The servers a load benchmark drives, each in its own process as in production: the real app
 * (the bundle `npm start` runs, listening on a port) and the bare handler. Stopped by
 * their own process ids when the benchmark ends.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerBundle, freePort, startServer, waitUntilServing } from '../../apps/server/test/helpers/serverProcess';
import type { ListStatements, Statement } from './sqlCapture';

const BARE_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bareListHandler.ts');

/** The server bundle `npm start` runs, built afresh once per benchmark process: the figures are those of production's code. */
let bundleBuilt = false;

/** `pid` and `dataDir`: the app's own process (its memory is read from /proc) and files; absent for the bare handler. */
export type RunningServer = { url: string; pid?: number; dataDir?: string; stop(): Promise<void> };

/** The app as `npm start` runs it (bundled), on PostgreSQL, without request logs (the bare handler has none either). */
export async function startAppServer(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningServer> {
  if (!bundleBuilt) buildServerBundle();
  bundleBuilt = true;
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-'));
  const server = startServer({ DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'warn', ...env }, { bundled: true });
  const stop = async () => {
    if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (!(await waitUntilServing(port, 120_000))) {
    await stop();
    throw new Error(`the server did not start:\n${server.output()}`);
  }
  return { url: `http://127.0.0.1:${port}`, pid: server.child.pid, dataDir, stop };
}

/** The bare handler (bareListHandler.ts) answering with `statements`. */
export async function startBareHandler(databaseUrl: string, statements: ListStatements | Statement[]): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', BARE_ENTRY], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), BARE_STATEMENTS: JSON.stringify(statements) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await fetch(url).then(() => true, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the bare handler did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
