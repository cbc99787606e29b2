import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, signIn } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server';

describe('sign in and out in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in through the real page, greets the user, logs out', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/home`);
    await page.waitForURL(/\/login\?redirect=/);
    await screenshot(page, 'login-en');
    await signIn(page, server.url);
    await page.waitForURL(/\/home/);
    await expect.poll(() => page.getByTestId('greeting').textContent()).toContain('Alex Admin');
    await screenshot(page, 'home-en');
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    // The revoked session is gone: going back to home lands on the sign-in page again.
    await page.goto(`${server.url}/home`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.close();
  });
});
