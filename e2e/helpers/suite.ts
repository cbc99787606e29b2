import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export type SuiteApp = { readonly server: RunningServer; readonly browser: Browser };

/**
 * One real server (with a fresh copy of the run's seeded embedded database) and one Chromium for the tests of a describe
 * block: started before its first test, stopped after its last. Read them inside tests only.
 */
export function serverAndBrowser(env: Record<string, string> = {}): SuiteApp {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Side by side: Chromium starts while the server opens its database. Both are kept before a
    // failure of either is thrown, so that afterAll stops the one that started.
    const [serverStart, browserLaunch] = await Promise.allSettled([startServer(env, { from: inject('seededDataDir') }), launchBrowser()]);
    if (serverStart.status === 'fulfilled') server = serverStart.value;
    if (browserLaunch.status === 'fulfilled') browser = browserLaunch.value;
    for (const outcome of [serverStart, browserLaunch]) if (outcome.status === 'rejected') throw outcome.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the suite has not started: read server and browser inside tests');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}
