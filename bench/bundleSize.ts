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
/** FullCalendar, loaded only by the calendar page (its board is a lazy chunk of that page): its own budget too. */
export const CALENDAR_BUDGET_BYTES = 100 * KIB;
const CALENDAR_SOURCE = 'src/views/crm/calendar/components/CalendarBoard.tsx';
/** The template demo's pages (SPEC §2): they and what only they load are reported apart, outside the app's budget. */
const DEMO_SOURCES = 'src/views/demo/';

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

/**
 * Chunk keys reachable from `roots` through static and dynamic imports, never entering a key of
 * `stop` (unless it is a root).
 */
function reachable(manifest: Manifest, roots: string[], stop: Set<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const key = queue.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    for (const next of [...(manifest[key]!.imports ?? []), ...(manifest[key]!.dynamicImports ?? [])]) if (!stop.has(next)) queue.push(next);
  }
  return seen;
}

/** Scripts and stylesheets index.html itself references. */
function htmlAssets(): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const found = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  return found;
}

export function measure(): {
  login: { file: string; gzip: number }[];
  loginTotal: number;
  allJs: number;
  jsFiles: number;
  charts: number;
  chartsInEntry: boolean;
  calendar: number;
  calendarInEntry: boolean;
  demo: number;
  demoFiles: number;
} {
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
  // Charts: the ECharts chunk and what only it loads; demo: the demo pages and what only they load
  // (ECharts parts they share with the report pages count as charts).
  const chartsKey = Object.keys(manifest).find((k) => manifest[k]!.src === CHARTS_SOURCE);
  const calendarKey = Object.keys(manifest).find((k) => manifest[k]!.src === CALENDAR_SOURCE);
  const demoKeys = new Set(Object.keys(manifest).filter((k) => manifest[k]!.src?.startsWith(DEMO_SOURCES)));
  // Everything the entry can load (its pages are its dynamic imports), never through a demo page.
  const productRoots = [entryKey, loginKey];
  const stops = new Set([...demoKeys, ...(chartsKey ? [chartsKey] : []), ...(calendarKey ? [calendarKey] : [])]);
  const product = reachable(manifest, productRoots.filter((k) => k !== chartsKey && k !== calendarKey), stops);
  const fileOf = (keys: Iterable<string>) => new Set([...keys].map((k) => manifest[k]!.file));
  const productFiles = fileOf(product);
  const chartFiles = chartsKey ? new Set([...fileOf(reachable(manifest, [chartsKey], demoKeys))].filter((f) => !productFiles.has(f))) : new Set<string>();
  // The calendar's board imports shared code from the entry: its walk stops there, at the charts and at the demo.
  const calendarStops = new Set([...stops, entryKey].filter((k) => k !== calendarKey));
  const calendarFiles = calendarKey
    ? new Set([...fileOf(reachable(manifest, [calendarKey], calendarStops))].filter((f) => !productFiles.has(f) && !chartFiles.has(f)))
    : new Set<string>();
  const demoFileSet = new Set([...fileOf(reachable(manifest, [...demoKeys]))].filter((f) => !productFiles.has(f) && !chartFiles.has(f) && !calendarFiles.has(f)));
  const entryFiles = new Set<string>();
  collectStatic(manifest, entryKey, entryFiles);
  const jsFiles = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const sizeOf = (set: Set<string>) => jsFiles.filter((f) => set.has(`assets/${f}`)).reduce((sum, f) => sum + gzipSize(`assets/${f}`), 0);
  const charts = sizeOf(chartFiles);
  const calendar = sizeOf(calendarFiles);
  const demo = sizeOf(demoFileSet);
  const apart = (f: string) => chartFiles.has(`assets/${f}`) || calendarFiles.has(`assets/${f}`) || demoFileSet.has(`assets/${f}`);
  const allJs = jsFiles.filter((f) => !apart(f)).reduce((sum, f) => sum + gzipSize(`assets/${f}`), 0);
  const chartsInEntry = [...chartFiles].some((f) => entryFiles.has(f) || files.has(f));
  const calendarInEntry = [...calendarFiles].some((f) => entryFiles.has(f) || files.has(f));
  const demoFiles = jsFiles.filter((f) => demoFileSet.has(`assets/${f}`)).length;
  return { login, loginTotal: login.reduce((s, f) => s + f.gzip, 0), allJs, jsFiles: jsFiles.length - demoFiles, charts, chartsInEntry, calendar, calendarInEntry, demo, demoFiles };
}

function build(): void {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@orbit/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('web build failed');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (!process.argv.includes('--no-build') || !existsSync(path.join(dist, '.vite/manifest.json'))) build();
  const builtAt = statSync(path.join(dist, 'index.html')).mtime.toISOString();
  const { login, loginTotal, allJs, jsFiles, charts, chartsInEntry, calendar, calendarInEntry, demo, demoFiles } = measure();
  console.log(`\nBundle size (gzip level 9, apps/web/dist built ${builtAt})\n`);
  console.log('Sign-in page (/login) loads:');
  for (const { file, gzip } of login) console.log(`  ${kib(gzip).padStart(10)}  ${file}`);
  const loginOk = loginTotal <= LOGIN_BUDGET_BYTES;
  const allOk = allJs <= ALL_JS_BUDGET_BYTES;
  console.log(`\n  ${loginOk ? 'ok  ' : 'OVER'} sign-in page JS+CSS  ${kib(loginTotal)} of ${kib(LOGIN_BUDGET_BYTES)}`);
  console.log(`  ${allOk ? 'ok  ' : 'OVER'} whole app JS (${jsFiles} files, charts, calendar and template demo apart)  ${kib(allJs)} of ${kib(ALL_JS_BUDGET_BYTES)}`);
  const chartsOk = charts <= CHARTS_BUDGET_BYTES && !chartsInEntry;
  console.log(`  ${chartsOk ? 'ok  ' : 'OVER'} charts (ECharts, report and dashboard pages only${chartsInEntry ? ', BUT LOADED BY THE ENTRY' : ''})  ${kib(charts)} of ${kib(CHARTS_BUDGET_BYTES)}`);
  const calendarOk = calendar <= CALENDAR_BUDGET_BYTES && !calendarInEntry;
  console.log(`  ${calendarOk ? 'ok  ' : 'OVER'} calendar (FullCalendar, calendar page only${calendarInEntry ? ', BUT LOADED BY THE ENTRY' : ''})  ${kib(calendar)} of ${kib(CALENDAR_BUDGET_BYTES)}`);
  console.log(`  info template demo chunks (${demoFiles} files: demo pages and what only they load, e.g. ExcelJS, JSZip)  ${kib(demo)}`);
  if (!loginOk || !allOk || !chartsOk || !calendarOk) process.exit(1);
}
