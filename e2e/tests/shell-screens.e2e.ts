import { expect, it, describe } from 'vitest';
import { screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, openSettings, signedInPage } from './shell-support';

const SETTINGS = { en: 'Layout settings', zh: '布局设置' } as const;

/**
 * The main screens of the shell, captured in both languages for a person to look at (the
 * behaviour itself is asserted in shell-layout and shell-errors).
 */
describe('web shell screens in English and Chinese', () => {
  const app = serverAndBrowser();

  for (const language of ['en', 'zh'] as const) {
    it(`captures the shell's screens (${language})`, async () => {
      const { context, page } = await signedInPage(app.browser, app.server.url, { language });
      for (const path of ['/home', '/Leads/leads-index', '/opportunity/opportunity-index']) await openPage(page, app.server.url, path);
      expect(await page.locator('html').getAttribute('lang')).toBe(language === 'zh' ? 'zh-CN' : 'en');

      // Tags view with its right-click menu.
      await page.locator('[data-testid="tag"][data-path="/Leads/leads-index"]').click({ button: 'right' });
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').first().waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `shell-tags-menu-${language}`);
      await page.keyboard.press('Escape');
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').first().waitFor({ state: 'hidden' });

      // The settings panel.
      await openSettings(page, SETTINGS[language]);
      await page.waitForTimeout(400);
      await screenshot(page, `shell-settings-${language}`);
      await page.locator('.ant-drawer-close').click();
      await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' });

      for (const [name, path] of [['documentation', '/documentation/index'], ['guide', '/guide/index']] as const) {
        await openPage(page, app.server.url, path);
        await screenshot(page, `shell-${name}-${language}`);
      }

      // The sidebar closed.
      await page.getByTestId('hamburger').click();
      await expect.poll(() => page.getByTestId('sidebar').getAttribute('data-opened')).toBe('false');
      await page.waitForTimeout(300);
      await screenshot(page, `shell-sidebar-collapsed-${language}`);

      // The error-log dialog with one collected error.
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('Widget exploded');
        });
      });
      await page.getByTestId('error-log').click();
      await page.getByRole('dialog').getByRole('cell', { name: 'Widget exploded', exact: true }).waitFor();
      await page.waitForTimeout(400); // the dialog's opening animation
      await screenshot(page, `shell-error-log-${language}`);
      await page.keyboard.press('Escape');

      await page.goto(`${app.server.url}/no/such/page`);
      await page.waitForURL(/\/404$/);
      await screenshot(page, `shell-404-${language}`);
      await context.close();

      // Narrow screen: the sidebar opens over the content.
      const narrow = await signedInPage(app.browser, app.server.url, { language, width: 800, height: 900 });
      await openPage(narrow.page, app.server.url, '/home');
      await narrow.page.getByTestId('hamburger').click();
      await narrow.page.getByTestId('sidebar-mask').waitFor();
      await narrow.page.waitForTimeout(300);
      await screenshot(narrow.page, `shell-mobile-menu-${language}`);
      await narrow.context.close();
    }, 120_000);
  }
});
