// `npm start`: build the web app when it is missing or older than its sources, then run the
// server (TypeScript through tsx) in this process, serving API and web app on one port.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
const builtIndex = path.join(webDist, 'index.html');

/** Tests are not part of the built app: changing one must not rebuild it. */
const isTest = (name) => /\.test\.tsx?$/.test(name);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!isTest(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function webIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  const sources = ['apps/web/src', 'apps/web/public', 'apps/web/build', 'packages/shared/src'].map((d) => path.join(root, d));
  const configs = ['apps/web/index.html', 'apps/web/vite.config.ts'].map((f) => statSync(path.join(root, f)).mtimeMs);
  return Math.max(...sources.map(newestMtime), ...configs) > built;
}

if (webIsStale()) {
  console.log('Building the web app…');
  // Always a production build: Vite takes NODE_ENV from the environment, and under a test runner
  // (NODE_ENV=test) or a developer's shell it would build React's development bundle and leave out
  // what only production builds have (the error log's collector).
  const result = spawnSync('npm', ['run', 'build', '-w', '@orbit/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.WEB_DIST ??= webDist;
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/server.ts'));
