/**
 * What the browser really receives: starts the app as `npm start` does (built web app, embedded
 * database with demo data), opens pages in Debian's Chromium and adds up the bytes of every
 * response as they crossed the wire (Chrome's `encodedDataLength`: headers plus the body as sent,
 * compressed or not). Also times `npm start` on an already-built tree: the first start (a new
 * database: migrations and demo data) and a restart on the same data (the everyday case).
 *
 * Targets: /login ≤ 160 KiB; first visit of a records list ≤ 650 KiB; a repeat visit transfers no
 * unchanged asset; a restart ready in ≤ 5 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/helpers/browser';
import { buildWebApp, startApp as start } from './lib/appProcess';
import { signIn } from './lib/signIn';

const KIB = 1024;
const LOGIN_WIRE_BUDGET = 160 * KIB;
// antd's stylesheet (zeroRuntime, docs/decisions.md 2026-11-28) is 73 KiB of it, cached afterwards.
const LIST_WIRE_BUDGET = 650 * KIB;
const RESTART_BUDGET_MS = 5_000;
const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

/** Bytes received per request while `visit` runs, through the DevTools protocol. */
type Wire = { total: number; assets: number; api: number; cachedAssets: number; largest: Array<[string, number]> };

async function wireBytes(context: BrowserContext, page: Page, visit: () => Promise<void>): Promise<Wire> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const cached = new Set<string>();
  const bytes: Wire = { total: 0, assets: 0, api: 0, cachedAssets: 0, largest: [] };
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) cached.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const url = new URL(urls.get(e.requestId) ?? 'about:blank');
    if (url.pathname.startsWith('/assets/') && cached.has(e.requestId)) bytes.cachedAssets += 1;
    bytes.total += e.encodedDataLength;
    bytes.largest.push([url.pathname, e.encodedDataLength]);
    if (url.pathname.startsWith('/dev-api/')) bytes.api += e.encodedDataLength;
    else bytes.assets += e.encodedDataLength;
  });
  await visit();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  bytes.largest = bytes.largest.sort((a, b) => b[1] - a[1]).slice(0, 8);
  return bytes;
}

buildWebApp();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-wire-'));
const first = await start(dataDir);
await first.stop();
const server = await start(dataDir);
const browser = await launchBrowser();
try {
  const loginContext = await browser.newContext();
  const loginPage = await loginContext.newPage();
  const login = await wireBytes(loginContext, loginPage, async () => {
    await loginPage.goto(`${server.url}/login`);
    await loginPage.getByLabel(/^(User name|用户名)$/).waitFor();
  });
  await loginContext.close();

  const context = await browser.newContext();
  await context.addCookies([{ name: 'Admin-Token', value: await signIn(server.url), url: server.url }]);
  const page = await context.newPage();
  const openList = async () => {
    await page.goto(`${server.url}/Leads/leads-index`);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
  };
  const list = await wireBytes(context, page, openList);
  const repeat = await wireBytes(context, page, openList);
  await context.close();

  const rows: Array<[string, boolean, string]> = [
    [`sign-in page /login: ${kib(login.total)} on the wire (assets ${kib(login.assets)}, API ${kib(login.api)}) of ${kib(LOGIN_WIRE_BUDGET)}`, login.total <= LOGIN_WIRE_BUDGET, ''],
    [`first visit of the leads list: ${kib(list.total)} (assets ${kib(list.assets)}, API ${kib(list.api)}) of ${kib(LIST_WIRE_BUDGET)}`, list.total <= LIST_WIRE_BUDGET, ''],
    [`repeat visit of the leads list: assets ${kib(repeat.assets)} (${repeat.cachedAssets} from the cache), API ${kib(repeat.api)}`, repeat.assets <= 4 * KIB, 'index.html only'],
    [`npm start, built tree: first start ${(first.readyMs / 1000).toFixed(1)} s (new database, demo data), restart ${(server.readyMs / 1000).toFixed(1)} s of ${RESTART_BUDGET_MS / 1000} s`, server.readyMs <= RESTART_BUDGET_MS, ''],
  ];
  console.log('\nWhat Chromium receives (brotli/gzip as served, headers included)\n');
  for (const [line, ok, note] of rows) console.log(`  ${ok ? 'ok  ' : 'OVER'} ${line}${note ? ` — ${note}` : ''}`);
  for (const [what, wire] of [['/login', login], ['leads list', list]] as const) {
    console.log(`\n  largest on ${what}:`);
    for (const [file, size] of wire.largest) console.log(`  ${kib(size).padStart(10)}  ${file}`);
  }
  console.log(`\nwire: login ${kib(login.total)}, list ${kib(list.total)}, repeat assets ${kib(repeat.assets)}, restart ${(server.readyMs / 1000).toFixed(1)} s`);
  process.exitCode = rows.every(([, ok]) => ok) ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
