import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from '../helpers/browser';
import { apiOf, fixture } from '../helpers/api';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const hits = (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option');
const results = (page: Page) => page.locator('[data-testid="search-results"]:visible');

describe('global search in Chromium, as a sales rep', () => {
  const app = serverAndBrowser();

  for (const lang of ['en', 'zh'] as const) {
    it(`ranks the account named what was typed first with its key details, and pages all results by module (${lang})`, async () => {
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 900, language: lang });
      const api = apiOf(app.server.url, token);
      const word = lang === 'en' ? 'Quillmere' : 'Brackwater';
      // Leads that only mention the word are created last (most recent): the account still comes first.
      const account = await api('POST', '/crm/account', fixture({ name: `${word} Ltd`, industry: 'technology' }));
      expect(account.code).toBe(200);
      const opp = await api('POST', '/crm/opportunity', fixture({ name: `${word} renewal`, accountId: account.data, stage: 'prospecting', closeDate: '2030-01-31' }));
      expect(opp.code).toBe(200);
      for (const n of [1, 2, 3]) expect((await api('POST', '/crm/leads', fixture({ lastName: `Buyer ${n}`, company: `${word} Group ${n}`, status: 'new' }))).code).toBe(200);

      await openPage(page, app.server.url, '/home');
      await page.getByTestId('menu-search').click();
      await page.keyboard.type(word);
      await hits(page).filter({ hasText: `${word} renewal` }).waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `global-search-palette-${lang}`);
      const first = hits(page).first();
      await expect.poll(() => first.textContent()).toContain(`${word} Ltd`);
      await expect.poll(() => hits(page).nth(1).textContent()).toContain(`${lang === 'en' ? 'Account' : '客户'}: ${word} Ltd`);
      await page.waitForTimeout(300);
      await screenshot(page, `global-search-palette-${lang}`);

      // "See all results" opens the results page, one tab per module with its count.
      await hits(page).filter({ hasText: lang === 'en' ? 'See all results' : '查看全部结果' }).click();
      await page.waitForURL(new RegExp(`/search/results\\?q=${word}$`));
      await results(page).locator('[data-testid="search-result"]').first().waitFor();
      expect(await results(page).locator('[data-testid="search-result"]').first().textContent()).toContain(`${word} Ltd`);
      const leadsTab = results(page).getByRole('tab', { name: lang === 'en' ? /^Leads \(3\)$/ : /^线索 \(3\)$/ });
      await leadsTab.click();
      await expect.poll(() => results(page).locator('[data-testid="search-result"]').count()).toBe(3);
      await expect.poll(() => results(page).locator('[data-testid="search-result"]').first().textContent()).toContain(`${word} Group`);
      await page.waitForTimeout(300);
      await screenshot(page, `global-search-results-${lang}`);

      // Each hit opens its record; Enter in the palette opens the best hit.
      await page.getByTestId('menu-search').click();
      await page.keyboard.type(word);
      await expect.poll(() => hits(page).first().textContent()).toContain(`${word} Ltd`);
      await page.keyboard.press('Enter');
      await page.waitForURL(/account-detail\?flag=detail&id=\d+$/);
      expect(page.url()).toContain(`id=${account.data}`);
      await context.close();
    }, 240_000);
  }
});
