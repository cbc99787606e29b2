/** The app started as `npm start` starts it (built web app, embedded database), for the browser benches. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/helpers/serverProcess';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Started = { url: string; readyMs: number; stop(): Promise<void> };

/** `node scripts/start.mjs` on `dataDir`, timed from spawning to the first API answer. */
export async function startApp(dataDir: string): Promise<Started> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited while starting');
    if (await fetch(`${url}/dev-api/captchaImage`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyMs = performance.now() - began;
  return {
    url,
    readyMs,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Builds the web app unless it is built and `--no-build` was passed. */
export function buildWebApp(): void {
  if (existsSync(path.join(root, 'apps/web/dist/index.html')) && process.argv.includes('--no-build')) return;
  console.log('Building the web app…');
  if (spawnSync('npm', ['run', 'build', '-w', '@orbit/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) process.exit(1);
}
