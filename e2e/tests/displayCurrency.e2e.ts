import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiOf, fixture } from '../helpers/api';
import { boardColumn, columnCount, settled } from '../helpers/board';
import { pickOption, screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const listOf = (page: Page, module: string) => page.locator(`[data-testid="record-list-${module}"]:visible`);

/**
 * A viewer's display currency (issue 33): chosen in the profile, it is the currency the board's
 * mixed column totals are converted to and named in; each card keeps its own currency.
 */
describe('the display currency in Chromium', () => {
  const app = serverAndBrowser();

  for (const language of ['en', 'zh'] as const) {
    it(`(${language}) chosen in the profile, the board's mixed column total is in it and says so`, async () => {
      const text = {
        en: { submit: /^Submit$/, label: 'Display currency', converted: 'converted to EUR', org: 'Organisation currency (USD)' },
        zh: { submit: /^提\s?交$/, label: '显示货币', converted: '已折算为 EUR', org: '组织货币（USD）' },
      }[language];
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'admin', language, width: 1440, height: 900 });
      const api = apiOf(app.server.url, token);
      // The second run finds the rate there already.
      await api('POST', '/crm/exchangeRate', { currency: 'EUR', rate: '1.10', validFrom: '2026-01-01' });
      const name = `Dispcur ${language}`;
      const account = await api('POST', '/crm/account', fixture({ name: `${name} GmbH` }));
      const euro = await api('POST', '/crm/opportunity', { name: `${name} Fleet`, accountId: account.data, closeDate: '2026-12-18', stage: 'proposal', amount: '12500.00', currency: 'EUR' });
      const dollars = await api('POST', '/crm/opportunity', { name: `${name} Support`, accountId: account.data, closeDate: '2026-12-18', stage: 'proposal', amount: '36500.50' });
      expect([euro.code, dollars.code]).toEqual([200, 200]);

      await openPage(page, app.server.url, '/user/profile');
      const form = page.getByTestId('profile-form');
      const select = form.getByTestId('profile-display-currency');
      await select.waitFor();
      expect(await select.innerText()).toContain(text.org);
      await pickOption(page, select, /^EUR$/, { typed: 'EUR' });
      await expect.poll(() => select.innerText()).toBe('EUR');
      await settled(page);
      await screenshot(page, `display-currency-profile-${language}`);
      await form.getByRole('button', { name: text.submit }).click();
      await expect.poll(async () => (await api('GET', '/system/user/profile')).data as { displayCurrency: string | null }).toMatchObject({ displayCurrency: 'EUR' });

      try {
        await page.goto(`${app.server.url}/opportunity/opportunity-index?mode=board`);
        await boardColumn(page, 'opportunity', 'proposal').waitFor();
        await settled(page);
        const search = listOf(page, 'opportunity').getByTestId('quick-search').locator('input');
        await search.fill(name);
        await search.press('Enter');
        const proposal = boardColumn(page, 'opportunity', 'proposal');
        await expect.poll(() => columnCount(proposal), { timeout: 20_000 }).toBe('2');
        // Each card in its own currency, never relabelled.
        expect(await proposal.getByTestId(`board-card-${euro.data}`).innerText()).toContain('€12,500.00');
        expect(await proposal.getByTestId(`board-card-${dollars.data}`).innerText()).toContain(language === 'zh' ? 'US$36,500.50' : '$36,500.50');
        // 12,500.00 € + 36,500.50 US$ / 1.10 = 45,682.27 €, with its cents.
        await expect.poll(() => proposal.getByTestId('column-amount').textContent(), { timeout: 20_000 }).toBe('€45,682.27');
        expect(await proposal.getByTestId('column-converted').textContent()).toBe(text.converted);
        await settled(page);
        await screenshot(page, `display-currency-board-${language}`);
      } finally {
        const me = (await api('GET', '/system/user/profile')).data as { nickName: string; phonenumber: string; sex: string };
        await api('PUT', '/system/user/profile', { nickName: me.nickName, phonenumber: me.phonenumber, sex: me.sex, displayCurrency: null });
        await context.close();
      }
    }, 240_000);
  }
});
