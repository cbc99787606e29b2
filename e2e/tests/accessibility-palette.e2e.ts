import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from '../helpers/accessibility';
import { apiOf, type Api } from '../helpers/api';
import { screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, openSettings, signedInPage } from './shell-support';

/** A valid palette far from the default: teal, a cool grey background, darker greys and border. */
const PALETTE = { main: '#006d75', border: '#767676', background: '#e9edf0', textPrimary: '#1a1a1a', textRegular: '#474747', textSecondary: '#545454', textPlaceholder: '#616161' };
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-spin-spinning, .ant-skeleton-active').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

async function setOrganisationPalette(api: Api, value: string): Promise<void> {
  const row = ((await api('GET', '/system/config/list?configKey=sys.theme.palette')).rows as Array<Record<string, unknown>>)[0]!;
  expect((await api('PUT', '/system/config', { ...row, configValue: value })).code).toBe(200);
}

/**
 * The palette is a setting (docs/decisions.md, "Theme palette"): with the organisation's palette
 * set to a non-default one, the pages draw in it and axe still finds nothing; the settings panel
 * refuses a person's colour below AA and applies one above it.
 */
describe('a custom theme palette', () => {
  const app = serverAndBrowser();

  for (const language of ['en', 'zh'] as const) {
    it(`draws a list, a form and the settings panel in the organisation's palette with no WCAG violation (${language})`, async () => {
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { language });
      const api = apiOf(app.server.url, token);
      await setOrganisationPalette(api, JSON.stringify(PALETTE));
      try {
        const found: string[] = [];
        const check = async (name: string) => {
          await settled(page);
          found.push(...(await accessibilityViolations(page)).map((v) => `${name}: ${v}`));
        };
        await openPage(page, app.server.url, '/Leads/leads-index');
        await check('leads list');
        expect(await page.getByTestId('record-new').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(PALETTE.main));
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(rgb(PALETTE.background));
        await screenshot(page, `palette-leads-${language}`);

        await openPage(page, app.server.url, '/home');
        await check('home');
        await screenshot(page, `palette-home-${language}`);

        await openPage(page, app.server.url, '/task/task-index');
        await page.getByTestId('record-new').click();
        await page.getByRole('dialog').waitFor();
        await page.waitForTimeout(400);
        await check('task form');
        await screenshot(page, `palette-task-form-${language}`);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });

        await openSettings(page, language === 'zh' ? '布局设置' : 'Layout settings');
        await page.waitForTimeout(400);
        expect(await page.getByTestId('setting-colour-main').inputValue()).toBe(PALETTE.main);
        await check('settings panel');
        await screenshot(page, `palette-settings-${language}`);
        expect(found).toEqual([]);
      } finally {
        await setOrganisationPalette(api, '');
        await context.close();
      }
    }, 180_000);
  }

  it('the settings panel refuses a colour below AA, naming the pair, and remembers one above it', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await openPage(page, app.server.url, '/Leads/leads-index');
    const primary = () => page.getByTestId('record-new').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await primary()).toBe(rgb('#5542f6'));
    await openSettings(page, 'Layout settings');
    const main = page.getByTestId('setting-colour-main');
    await main.fill('#1677ff');
    await expect.poll(() => page.getByTestId('palette-problems').textContent()).toContain(
      'White button text #ffffff on the main colour #1677ff has a contrast of 4.10:1; at least 4.5:1 is needed',
    );
    // Polled: the button's colour passes through its transition when the panel re-renders the theme.
    await expect.poll(primary).toBe(rgb('#5542f6'));
    await page.waitForTimeout(300);
    await screenshot(page, 'palette-settings-refused-en');
    await main.fill('#0958d9');
    await expect.poll(primary).toBe(rgb('#0958d9'));
    expect(await page.getByTestId('palette-problems').count()).toBe(0);
    // Remembered on this device, over the organisation's (default) palette.
    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    await expect.poll(primary).toBe(rgb('#0958d9'));
    await context.close();
  }, 120_000);
});
