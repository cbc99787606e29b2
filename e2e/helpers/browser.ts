import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const artefactsDir = path.join(root, 'artefacts/screenshots');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** Saves a screenshot of a main screen into the ignored artefacts folder, for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artefactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artefactsDir, `${name}.png`), fullPage: true });
}

/** Signs in through the real sign-in page (captcha is off in the e2e server). */
export async function signIn(page: Page, baseUrl: string, username = 'admin', password = 'admin123'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/^(User name|用户名)$/).fill(username);
  await page.getByLabel(/^(Password|密码)$/).fill(password);
  // antd puts a space between two Chinese characters of a button ("登 录").
  await page.getByRole('button', { name: /^(Sign in|登\s?录)$/ }).click();
}

/**
 * Opens an antd select and picks an option. A list that re-renders while the
 * dropdown opens (its data arriving) can close or move the dropdown under the
 * click, so the open-and-pick is retried a few times before it counts as failed.
 */
export async function pickOption(page: Page, select: Locator, option: RegExp, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await select.click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Types a term into a list's quick search and waits until the list holds `rows` rows. A list that
 * re-renders just then (a save's refresh arriving) can drop the Enter, so the search is typed
 * again a few times before it counts as failed.
 */
export async function quickSearch(list: Locator, term: string, rows: number, attempts = 3): Promise<void> {
  const box = list.locator('input[data-testid="quick-search"], [data-testid="quick-search"] input').first();
  for (let attempt = 1; ; attempt++) {
    await box.fill(term);
    await box.press('Enter');
    try {
      await expect.poll(() => list.locator('.ant-table-row').count(), { timeout: 7_000 }).toBe(rows);
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}
