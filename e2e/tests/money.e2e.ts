import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiOf, fixture } from '../helpers/api';
import { boardColumn, columnCount, settled } from '../helpers/board';
import path from 'node:path';
import { artefactsDir, pickOption, screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const listOf = (page: Page, module: string) => page.locator(`[data-testid="record-list-${module}"]:visible`);
const okOf = (page: Page) => page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: /^(OK|确\s?定)$/ });
/** The value beside a label on a detail page. */
const detailValue = (page: Page, label: string) =>
  page.locator('[data-testid="record-detail-account"]:visible .ant-descriptions-item').filter({ has: page.locator('.ant-descriptions-item-label', { hasText: label }) }).locator('.ant-descriptions-item-content');

/**
 * Money means one thing in every language (issue 33): in Chinese, the demo's dollars read as
 * dollars with their cents, a euro deal reads in euros, and a pipeline column that mixes them
 * totals in the organisation currency, converted at the rate of the deal's close date, and says so.
 */
describe('record currencies on the pipeline board in Chromium (zh)', () => {
  const app = serverAndBrowser();

  it('shows a EUR deal in euros, dollars as dollars with cents, and the column total converted to USD and labelled', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'admin', language: 'zh', width: 1440, height: 900 });
    const api = apiOf(app.server.url, token);
    expect((await api('POST', '/crm/exchangeRate', { currency: 'EUR', rate: '1.10', validFrom: '2026-01-01' })).code).toBe(200);
    const account = await api('POST', '/crm/account', fixture({ name: 'Eurocargo GmbH' }));
    const euro = await api('POST', '/crm/opportunity', { name: 'Eurocargo - Fleet', accountId: account.data, closeDate: '2026-12-18', stage: 'proposal', amount: '12500.00', currency: 'EUR' });
    const dollars = await api('POST', '/crm/opportunity', { name: 'Eurocargo - Support', accountId: account.data, closeDate: '2026-12-18', stage: 'proposal', amount: '36500.50' });
    expect([euro.code, dollars.code]).toEqual([200, 200]);

    await page.goto(`${app.server.url}/opportunity/opportunity-index?mode=board`);
    await boardColumn(page, 'opportunity', 'proposal').waitFor();
    await settled(page);
    // The demo's amounts: dollars, written the Chinese way, with their cents — never yen.
    const demoAmounts = await boardColumn(page, 'opportunity', 'prospecting').locator('.crm-board-card').allInnerTexts();
    expect(demoAmounts.join('\n')).toMatch(/US\$[\d,]+\.\d{2}/);
    expect(demoAmounts.join('\n')).not.toMatch(/JP¥/);
    await screenshot(page, 'money-board-demo-zh');

    const search = listOf(page, 'opportunity').getByTestId('quick-search').locator('input');
    await search.fill('Eurocargo');
    await search.press('Enter');
    const proposal = boardColumn(page, 'opportunity', 'proposal');
    await expect.poll(() => columnCount(proposal), { timeout: 20_000 }).toBe('2');
    expect(await proposal.getByTestId(`board-card-${euro.data}`).innerText()).toContain('€12,500.00');
    expect(await proposal.getByTestId(`board-card-${dollars.data}`).innerText()).toContain('US$36,500.50');
    // 12,500.00 € × 1.10 + 36,500.50 US$ = 50,250.50 US$
    expect(await proposal.getByTestId('column-amount').textContent()).toBe('US$50,250.50');
    expect(await proposal.getByTestId('column-converted').textContent()).toBe('已折算为 USD');
    await settled(page);
    await screenshot(page, 'money-board-eur-zh');
    await context.close();
  }, 240_000);

  for (const language of ['en', 'zh'] as const) {
    it(`System › Exchange rates (${language}): active currencies, a refused rate with its message, a rate added and shown in the history`, async () => {
      const { context, page } = await signedInPage(app.browser, app.server.url, { username: 'admin', language, width: 1440, height: 900 });
      const text = {
        en: { menu: 'Exchange rates', invalid: 'The rate must be a positive number with at most 6 decimals', gbp: '1 GBP = 1.257500 USD', ok: 'OK' },
        zh: { menu: '汇率', invalid: '汇率须为正数，最多 6 位小数', gbp: '1 GBP = 1.257500 USD', ok: /确\s*定/ },
      }[language];
      await page.goto(`${app.server.url}/system/exchange-rate`);
      const pageRoot = page.getByTestId('exchange-rate-page');
      await pageRoot.getByTestId('currency-row-USD').waitFor();
      expect(await pageRoot.locator('h4').innerText()).toBe(text.menu);
      // The sidebar's entry comes from the server's menu, in the reader's language.
      await expect.poll(() => page.locator('.ant-menu').getByText(text.menu, { exact: true }).count()).toBeGreaterThan(0);
      expect(await pageRoot.getByTestId('current-rate-EUR').innerText()).toContain('1 EUR = 1.100000 USD');

      const currency = language === 'en' ? 'GBP' : 'CHF';
      await pageRoot.getByTestId(`add-rate-${currency}`).click();
      const form = page.getByTestId('exchange-rate-form');
      await form.locator('#exchangeRate_rate').fill('-1');
      await page.getByRole('button', { name: text.ok }).click();
      await form.getByText(text.invalid).waitFor();
      await settled(page);
      await screenshot(page, `money-exchange-rate-refused-${language}`);
      await form.locator('#exchangeRate_rate').fill('1.2575');
      await page.getByRole('button', { name: text.ok }).click();
      await form.waitFor({ state: 'hidden' });
      await expect.poll(() => pageRoot.getByTestId(`current-rate-${currency}`).innerText()).toContain(text.gbp.replace('GBP', currency));
      await pageRoot.getByTestId(`currency-row-${currency}`).locator('.ant-table-row-expand-icon').click();
      await pageRoot.getByTestId(`rate-history-${currency}`).waitFor();
      await pageRoot.getByTestId('currency-row-EUR').locator('.ant-table-row-expand-icon').click();
      await pageRoot.getByTestId('rate-history-EUR').waitFor();
      await settled(page);
      await screenshot(page, `money-exchange-rate-${language}`);
      await context.close();
    }, 240_000);
  }

  it('Set-up › Accounts (zh): a formula field and a roll-up of the opportunities made in the field dialog, shown on the account', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'admin', language: 'zh', width: 1440, height: 950 });
    const api = apiOf(app.server.url, token);
    const account = await api('POST', '/crm/account', fixture({ name: 'Rollupia Trading', annualRevenue: '2500000.00' }));
    for (const amount of ['1000.50', '2000.25']) {
      expect((await api('POST', '/crm/opportunity', { name: `Rollupia ${amount}`, accountId: account.data, closeDate: '2026-12-18', stage: 'proposal', amount })).code).toBe(200);
    }
    await openPage(page, app.server.url, '/setup/index-account/account-fields');
    const setup = page.locator('[data-testid="setup-page"]:visible');
    await setup.getByTestId('field-row-annualRevenue').waitFor();

    const newField = async (name: string, en: string, zh: string, kind: RegExp) => {
      await setup.getByTestId('new-field').click();
      await page.getByTestId('field-dialog').waitFor();
      await page.getByTestId('field-name').fill(name);
      await page.getByTestId('field-label-en').fill(en);
      await page.getByTestId('field-label-zh').fill(zh);
      await page.getByTestId('field-kind').getByText(kind).click();
    };
    await newField('revenueK', 'Revenue (k)', '营收（千）', /公式（自动计算/);
    await page.getByTestId('field-formula').fill('ROUND(annualRevenue / 1000, 1)');
    await page.getByText(/公式检查通过/).waitFor();
    await okOf(page).click();
    await setup.getByTestId('field-row-revenueK').waitFor();

    await newField('dealTotal', 'Deal total', '商机总额', /汇总（相关列表/);
    const rollup = page.getByTestId('rollup-section');
    await pickOption(page, rollup.getByTestId('rollup-child'), /^商机$/);
    await rollup.getByText('求和', { exact: true }).click();
    await pickOption(page, rollup.getByTestId('rollup-field'), /^金额$/);
    await settled(page);
    await page.screenshot({ path: path.join(artefactsDir, 'money-rollup-dialog-zh.png') });
    await okOf(page).click();
    await setup.getByTestId('field-row-dealTotal').waitFor();
    await screenshot(page, 'money-setup-fields-zh');

    await page.goto(`${app.server.url}/account/account-detail?flag=detail&id=${account.data}`);
    await page.locator('[data-testid="record-detail-account"]:visible').waitFor();
    await expect.poll(() => detailValue(page, '营收（千）').innerText(), { timeout: 20_000 }).toContain('2,500');
    expect(await detailValue(page, '商机总额').innerText()).toContain('US$3,000.75');
    await settled(page);
    await screenshot(page, 'money-account-formula-rollup-zh');
    await context.close();
  }, 240_000);
});
