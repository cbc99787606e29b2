// `npm start`: build the web app and the server bundle when missing or older than their sources,
// then run the server in this process, serving API and web app on one port.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, newestMtime, serverBundle, serverIsStale } from './serverBundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
const builtIndex = path.join(webDist, 'index.html');

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

if (serverIsStale()) await buildServer();

process.env.WEB_DIST ??= webDist;
await import(pathToFileURL(serverBundle).href);
