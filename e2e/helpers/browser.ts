import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

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
