import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type ServerProcess = ReturnType<typeof startServer>;

/** Built by `node scripts/serverBundle.mjs` (`npm run build`, or `npm start` when it is stale). */
export const serverBundle = path.join(serverDir, 'dist/server.mjs');

/** Builds the bundle afresh, as `npm run build` does; throws with esbuild's output when it fails. */
export function buildServerBundle(): void {
  const built = spawnSync(process.execPath, [path.join(serverDir, '../../scripts/serverBundle.mjs')], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the server bundle did not build:\n${built.stderr}`);
}

/**
 * The server as a child process, on the embedded database unless `env` sets DATABASE_URL: from its
 * TypeScript sources (through tsx), or `bundled`, the module `npm start` runs.
 */
export function startServer(env: Record<string, string>, { bundled = false } = {}) {
  // Straight through node (not the tsx CLI, which wraps a child) so SIGTERM reaches the server itself.
  const child = spawn(process.execPath, bundled ? [serverBundle] : ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits until the server on `port` answers its captcha route; false after `ms`. */
export async function waitUntilServing(port: number, ms = 60_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await fetch(`http://127.0.0.1:${port}/dev-api/captchaImage`).then((r) => r.ok, () => false)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** Checks every 100 ms until `check` holds or `ms` pass: whether it held (a server process's work is seen from outside). */
export async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) if (await check()) return true;
  return false;
}

/** Signs the administrator in to the server process on `port` and answers a JSON caller of its API. */
export async function adminCaller(port: number) {
  const base = `http://127.0.0.1:${port}/dev-api`;
  const login = await fetch(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) });
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}`, 'content-type': 'application/json' };
  return async (method: string, p: string, body: unknown) => (await (await fetch(`${base}${p}`, { method, headers: auth, body: JSON.stringify(body) })).json()) as { code: number; msg: string; data: unknown };
}
