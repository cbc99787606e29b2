/**
 * Bundle budget: what the browser loads for /login, and all JavaScript of the app, gzip-compressed.
 *
 * Builds the web app (unless `--no-build`), then follows Vite's manifest: the entry of index.html
 * with its static imports, plus the sign-in route's lazy chunk (views/login/LoginPage.tsx) with
 * its static imports, and the default language's sign-in texts (the `locale-en-signin` chunk, which
 * i18n.ts fetches before the first paint), and every stylesheet those chunks carry. Exits non-zero
 * over budget.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KIB = 1024;
export const LOGIN_BUDGET_BYTES = 190 * KIB;
export const ALL_JS_BUDGET_BYTES = 800 * KIB;
/** ECharts, loaded only by report and dashboard pages (never by the entry): its own budget, outside the app's. */
export const CHARTS_BUDGET_BYTES = 200 * KIB;
const LOGIN_ROUTE_SOURCE = 'src/views/login/LoginPage.tsx';
/** The default language's sign-in texts (vite.config codeSplitting group): fetched through import.meta.glob, so no static import names them. */
const LOGIN_TEXTS_CHUNK = 'locale-en-signin';
const CHARTS_SOURCE = 'src/views/crm/report/components/echartsSetup.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

/** Files of a chunk and everything it imports statically (what loads before it runs). */
function collectStatic(manifest: Manifest, key: string, into: Set<string>, seen = new Set<string>()): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) collectStatic(manifest, imported, into, seen);
}

/** Scripts and stylesheets index.html itself references. */
function htmlAssets(): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const found = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  return found;
}

export function measure(): { login: { file: string; gzip: number }[]; loginTotal: number; allJs: number; jsFiles: number; charts: number; chartsInEntry: boolean } {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = new Set<string>(htmlAssets());
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('manifest has no entry');
  collectStatic(manifest, entryKey, files);
  const loginKey = Object.keys(manifest).find((k) => manifest[k]!.src === LOGIN_ROUTE_SOURCE);
  if (!loginKey) throw new Error(`manifest has no chunk for ${LOGIN_ROUTE_SOURCE}`);
  collectStatic(manifest, loginKey, files);
  const textsKey = Object.keys(manifest).find((k) => manifest[k]!.name === LOGIN_TEXTS_CHUNK);
  if (!textsKey) throw new Error(`manifest has no chunk ${LOGIN_TEXTS_CHUNK}`);
  collectStatic(manifest, textsKey, files);

  const login = [...files].map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  // The charts chunk (ECharts) and what only it imports.
  const chartsKey = Object.keys(manifest).find((k) => manifest[k]!.src === CHARTS_SOURCE);
  const chartFiles = new Set<string>();
  if (chartsKey) chartFiles.add(manifest[chartsKey]!.file);
  const entryFiles = new Set<string>();
  collectStatic(manifest, entryKey, entryFiles);
  const jsFiles = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const charts = jsFiles.filter((f) => chartFiles.has(`assets/${f}`)).reduce((sum, f) => sum + gzipSize(`assets/${f}`), 0);
  const allJs = jsFiles.filter((f) => !chartFiles.has(`assets/${f}`)).reduce((sum, f) => sum + gzipSize(`assets/${f}`), 0);
  const chartsInEntry = [...chartFiles].some((f) => entryFiles.has(f) || files.has(f));
  return { login, loginTotal: login.reduce((s, f) => s + f.gzip, 0), allJs, jsFiles: jsFiles.length, charts, chartsInEntry };
}

function build(): void {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@orbit/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('web build failed');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (!process.argv.includes('--no-build') || !existsSync(path.join(dist, '.vite/manifest.json'))) build();
  const builtAt = statSync(path.join(dist, 'index.html')).mtime.toISOString();
  const { login, loginTotal, allJs, jsFiles, charts, chartsInEntry } = measure();
  console.log(`\nBundle size (gzip level 9, apps/web/dist built ${builtAt})\n`);
  console.log('Sign-in page (/login) loads:');
  for (const { file, gzip } of login) console.log(`  ${kib(gzip).padStart(10)}  ${file}`);
  const loginOk = loginTotal <= LOGIN_BUDGET_BYTES;
  const allOk = allJs <= ALL_JS_BUDGET_BYTES;
  console.log(`\n  ${loginOk ? 'ok  ' : 'OVER'} sign-in page JS+CSS  ${kib(loginTotal)} of ${kib(LOGIN_BUDGET_BYTES)}`);
  console.log(`  ${allOk ? 'ok  ' : 'OVER'} whole app JS (${jsFiles} files, charts apart)  ${kib(allJs)} of ${kib(ALL_JS_BUDGET_BYTES)}`);
  const chartsOk = charts <= CHARTS_BUDGET_BYTES && !chartsInEntry;
  console.log(`  ${chartsOk ? 'ok  ' : 'OVER'} charts (ECharts, report and dashboard pages only${chartsInEntry ? ', BUT LOADED BY THE ENTRY' : ''})  ${kib(charts)} of ${kib(CHARTS_BUDGET_BYTES)}`);
  if (!loginOk || !allOk || !chartsOk) process.exit(1);
}
