import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../e2e/helpers/browser';
import { startApp } from './lib/appProcess';
import { signIn } from './lib/signIn';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-prof-'));
const server = await startApp(dataDir);
const browser = await launchBrowser();
const token = await signIn(server.url);
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
await context.addCookies([{ name: 'Admin-Token', value: token, url: server.url }]);
await context.addInitScript(`
  (() => {
    const spin = (ms) => { const t = performance.now(); while (performance.now() - t < ms); };
    window.__markData = () => spin(4);
    window.__markDrawn = () => spin(4);
    const f = window.fetch;
    window.fetch = function (...args) {
      const p = f.apply(this, args);
      if (String(args[0]).includes('/dashboard/1/data')) p.then((r) => { window.__dataAt = performance.now(); window.__markData(); });
      return p;
    };
    const drawn = () => document.querySelector('[data-testid^="widget-"]') && !document.querySelector('[data-testid="widget-loading"], [data-testid="dashboard-loading"], [data-testid="report-chart"] .ant-skeleton');
    new MutationObserver(() => { if (window.__drawnAt === undefined && document.body && drawn()) { window.__drawnAt = performance.now(); window.__markDrawn(); } }).observe(document, { childList: true, subtree: true, attributes: true });
  })();
`);
const page = await context.newPage();
const url = `${server.url}/dashboard/dashboard-index`;
for (let i = 0; i < 2; i++) { await page.goto(url); await page.waitForFunction(() => (globalThis as any).__drawnAt !== undefined, undefined, { timeout: 60000 }); }
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
for (let i = 0; i < 5; i++) {
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForFunction(() => (globalThis as any).__drawnAt !== undefined, undefined, { timeout: 60000 });
  const { profile } = await cdp.send('Profiler.stop');
  const t = await page.evaluate(() => [(globalThis as any).__dataAt, (globalThis as any).__drawnAt]);
  console.log('run', i, 'data', t[0]?.toFixed(0), 'drawn', t[1]?.toFixed(0));
  writeFileSync(`/tmp/dprof-${i}.cpuprofile`, JSON.stringify(profile));
}
await browser.close();
await server.stop();
