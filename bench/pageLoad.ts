/**
 * Speed a person feels (issue 36, item 15): how long after a full load of a page its content is on
 * the screen, in Debian's Chromium against the app as `npm start` runs it (built web app, embedded
 * database, demo data plus leads up to 300), on an otherwise idle machine, assets cached.
 *
 * Each page is loaded afresh several times; a MutationObserver installed before the page's own
 * scripts notes the moment its content is drawn (the list's rows, the record's fields, every
 * dashboard widget filled, its chart drawn). The baseline, in the same run: the same API calls the page made, all
 * at once, from the same page (fetch in parallel) — what the page would cost with no waterfall.
 *
 * Targets: rows of the list visible ≤ 500 ms after the load starts, and every page ≤ 2× its API
 * calls made in parallel.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/helpers/browser';
import { apiOf, fixture } from '../e2e/helpers/api';
import { buildWebApp, startApp } from './lib/appProcess';
import { signIn } from './lib/signIn';
import { median } from './lib/timing';

const LIST_BUDGET_MS = 500;
const RATIO_BUDGET = 2;
const RUNS = 7;
const LEADS = 300;

/** A page of the product and the condition (evaluated in the page) under which its content is drawn. */
type Probe = { name: string; path: string; drawn: string; budgetMs?: number };

/** Records, in window.__drawnAt, the first moment `drawn` holds; checked on every change to the DOM. */
const observeScript = (drawn: string) => `
  (() => {
    const check = () => {
      if (window.__drawnAt === undefined && document.body && (${drawn})) window.__drawnAt = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  })();
`;

type Load = { drawnMs: number; apiCalls: Array<{ url: string; start: number; end: number }>; scriptsEnd: number };

// What runs in the page reaches the window through globalThis: this folder compiles without the DOM's
// types (and the app's Content Security Policy refuses code passed as text).
type PageGlobals = { __drawnAt?: number; document: { cookie: string } };

async function load(page: Page, url: string): Promise<Load> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__drawnAt !== undefined, undefined, { timeout: 60_000, polling: 50 });
  return page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as unknown as Array<{ name: string; startTime: number; responseEnd: number }>;
    const drawnMs = (globalThis as unknown as PageGlobals).__drawnAt!;
    return {
      drawnMs,
      apiCalls: entries.filter((e) => e.name.includes('/dev-api/') && e.startTime < drawnMs).map((e) => ({ url: e.name, start: Math.round(e.startTime), end: Math.round(e.responseEnd) })),
      scriptsEnd: Math.round(Math.max(0, ...entries.filter((e) => e.name.endsWith('.js')).map((e) => e.responseEnd))),
    };
  });
}

/** The page's API calls made again all at once from the page: the time until the last answer is in. */
async function parallelCalls(page: Page, urls: string[]): Promise<number> {
  return page.evaluate(async (all) => {
    const token = decodeURIComponent((globalThis as unknown as PageGlobals).document.cookie.match(/Admin-Token=([^;]+)/)?.[1] ?? '');
    const began = performance.now();
    await Promise.all(all.map((u) => fetch(u, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer())));
    return performance.now() - began;
  }, urls);
}

buildWebApp();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-pageload-'));
const server = await startApp(dataDir);
const browser = await launchBrowser();
try {
  const token = await signIn(server.url);
  const api = apiOf(server.url, token);
  const existing = ((await api('GET', '/crm/leads/list?pageNum=1&pageSize=1')) as unknown as { total: number }).total;
  for (let i = existing; i < LEADS; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, LEADS - i) }, (_, k) => api('POST', '/crm/leads', fixture({ lastName: `Loadtest ${i + k}`, company: `Load Test ${i + k} Ltd`, status: 'new' }))),
    );
  }
  const deal = ((await api('GET', '/crm/opportunity/list?pageNum=1&pageSize=1')) as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;

  const probes: Probe[] = [
    { name: 'leads list', path: '/Leads/leads-index', drawn: `document.querySelector('.ant-table-row')`, budgetMs: LIST_BUDGET_MS },
    { name: 'opportunity page', path: `/opportunity/opportunity-detail?flag=detail&id=${deal}`, drawn: `document.querySelector('[data-testid="record-edit"]')` },
    {
      name: 'dashboard',
      path: '/dashboard/dashboard-index',
      drawn: `document.querySelector('[data-testid^="widget-"]') && !document.querySelector('[data-testid="widget-loading"], [data-testid="dashboard-loading"], [data-testid="report-chart"] .ant-skeleton')`,
    },
  ];

  const rows: Array<{ line: string; ok: boolean }> = [];
  for (const probe of probes) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
    await context.addInitScript(observeScript(probe.drawn));
    const page = await context.newPage();
    const url = `${server.url}${probe.path}`;
    await load(page, url); // assets into the cache, the server's caches warm
    const loads: Load[] = [];
    const parallel: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const l = await load(page, url);
      loads.push(l);
      parallel.push(await parallelCalls(page, l.apiCalls.map((c) => c.url)));
    }
    const drawn = median(loads.map((l) => l.drawnMs));
    const api = median(parallel);
    const ratio = drawn / api;
    const ok = ratio <= RATIO_BUDGET && (probe.budgetMs === undefined || drawn <= probe.budgetMs);
    rows.push({ line: `${probe.name}: drawn ${drawn.toFixed(0)} ms after the load began${probe.budgetMs ? ` (budget ${probe.budgetMs})` : ''}; its ${loads[0]!.apiCalls.length} API calls in parallel ${api.toFixed(0)} ms; ratio ${ratio.toFixed(2)} (≤ ${RATIO_BUDGET})`, ok });
    if (process.argv.includes('--waterfall')) {
      const last = loads.at(-1)!;
      console.log(`\n  ${probe.name}: scripts in by ${last.scriptsEnd} ms, drawn at ${last.drawnMs.toFixed(0)} ms`);
      for (const c of last.apiCalls) console.log(`    ${String(c.start).padStart(5)} → ${String(c.end).padStart(5)}  ${new URL(c.url).pathname}${new URL(c.url).search}`);
    }
    await context.close();
  }
  console.log('\nA full load, assets cached, idle machine (medians of', RUNS, 'loads)\n');
  for (const { line, ok } of rows) console.log(`  ${ok ? 'ok  ' : 'OVER'} ${line}`);
  process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
