import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type RunningServer = { url: string; dataDir: string; stop(options?: { keepData?: boolean }): Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts the real server (`npm start` path: built web app + API) on a free port with a fresh
 * embedded database in a temporary data directory: a copy of `from` (the run's seeded one,
 * helpers/seededDataDir.ts), or migrated and seeded by the server itself when there is none, or
 * the given `dataDir` as it is. The web app must be built already (`npm test` builds it before
 * the end-to-end run).
 */
export async function startServer(env: Record<string, string> = {}, where: { from?: string; dataDir?: string } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = where.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'orbit-e2e-'));
  if (where.from) cpSync(where.from, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // Generous: the seeding start (every migration and the demo seed) beside a busy run can take minutes.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/dev-api/captchaImage`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    dataDir,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
