import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from '../helpers/browser';
import { apiOf, type Api, fixture } from '../helpers/api';
import { dragCard, settled } from '../helpers/board';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const listOf = (page: Page) => page.locator('[data-testid="record-list-opportunity"]:visible');
const boardOf = (page: Page) => page.locator('[data-testid="record-board-opportunity"]:visible');
const detailOf = (page: Page) => page.locator('[data-testid="record-detail-opportunity"]:visible');
const column = (page: Page, stage: string) => boardOf(page).getByTestId(`board-column-${stage}`);

/** An account and an opportunity of the signed-in user's, for the board to show. */
async function dealOf(api: Api, account: string, body: Record<string, unknown>): Promise<number> {
  const created = await api('POST', '/crm/account', fixture({ name: account }));
  expect(created.code).toBe(200);
  const deal = await api('POST', '/crm/opportunity', { accountId: created.data, closeDate: '2026-12-18', ...body });
  expect(deal.code).toBe(200);
  return deal.data as number;
}

describe('opportunities in Chromium, as a sales rep', () => {
  const app = serverAndBrowser();

  it('drags an opportunity across the pipeline board, closes it as lost, and sees its stage history and field history', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1600, height: 900 });
    const api = apiOf(app.server.url, token);
    const id = await dealOf(api, 'Zephyr Aviation', { name: 'Zephyr Aviation - Fleet telemetry', stage: 'proposal', amount: '48000.00' });

    await openPage(page, app.server.url, '/opportunity/opportunity-index');
    await listOf(page).locator('.ant-table-row').first().waitFor();
    await settled(page);
    await screenshot(page, 'opportunity-list-en');

    // The board: the same toolbar, the mode in the address.
    await listOf(page).getByTestId('display-mode').getByText('Board').click();
    await page.waitForURL(/mode=board/);
    await column(page, 'proposal').waitFor();
    await settled(page);
    await screenshot(page, 'opportunity-board-en');

    // Narrowed by the quick search like the list: one card, the column's totals its own.
    await listOf(page).getByTestId('quick-search').locator('input').fill('Zephyr Aviation');
    await listOf(page).getByTestId('quick-search').locator('input').press('Enter');
    await expect.poll(() => column(page, 'proposal').getByTestId('column-count').textContent(), { timeout: 20_000 }).toBe('1');
    expect(await column(page, 'proposal').getByTestId('column-amount').textContent()).toBe('$48,000.00');
    expect(await column(page, 'proposal').getByTestId('column-weighted').textContent()).toBe('$28,800.00');

    await dragCard(page, column(page, 'proposal').getByTestId(`board-card-${id}`), column(page, 'negotiation'));
    await expect.poll(() => column(page, 'negotiation').getByTestId('column-count').textContent(), { timeout: 20_000 }).toBe('1');
    await column(page, 'negotiation').getByTestId(`board-card-${id}`).waitFor();
    // The stage's probability came with it: 80% of 48,000.
    expect(await column(page, 'negotiation').getByTestId('column-weighted').textContent()).toBe('$38,400.00');

    // Closing as lost asks for the reason first.
    await dragCard(page, column(page, 'negotiation').getByTestId(`board-card-${id}`), column(page, 'closed_lost'));
    const dialog = page.getByTestId('close-opportunity-dialog');
    await dialog.getByTestId('loss-reason').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'opportunity-close-en');
    await dialog.getByTestId('loss-reason').fill('Went with a cheaper vendor');
    await page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => column(page, 'closed_lost').getByTestId('column-count').textContent(), { timeout: 20_000 }).toBe('1');

    // Its page: the stage history and the field history show the moves.
    await column(page, 'closed_lost').getByRole('link', { name: 'Zephyr Aviation - Fleet telemetry' }).click();
    await page.waitForURL(new RegExp(`/opportunity/opportunity-detail\\?flag=detail&id=${id}$`));
    const stages = detailOf(page).getByTestId('stage-history');
    await expect.poll(() => stages.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(3);
    expect(await stages.locator('.ant-table-row').allInnerTexts()).toEqual([
      expect.stringContaining('Proposal'),
      expect.stringContaining('Negotiation'),
      expect.stringMatching(/Closed Lost[\s\S]*current/),
    ]);
    const timeline = detailOf(page).getByTestId('activity-timeline');
    await timeline.getByText('Went with a cheaper vendor').first().waitFor();
    expect(await timeline.innerText()).toContain('Closed Lost');
    await settled(page);
    await screenshot(page, 'opportunity-detail-en');
    await context.close();
  }, 240_000);

  for (const [language, words] of [
    ['en', { proposal: 'Proposal', closed: 'Closed', lost: 'Closed Lost', lostButton: /^Closed Lost$/, ok: 'OK' }],
    // antd spaces out a two-character Chinese button label.
    ['zh', { proposal: '方案报价', closed: '已关闭', lost: '输单', lostButton: /^输\s?单$/, ok: '确 定' }],
  ] as const) {
    it(`moves an opportunity along the stage path on its page, and closes it as lost with its reason (${language})`, async () => {
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language, width: 1600, height: 900 });
      const api = apiOf(app.server.url, token);
      const id = await dealOf(api, `Path Airways ${language}`, { name: `Path Airways ${language} - Renewal`, stage: 'qualification', amount: '9000' });
      await page.goto(`${app.server.url}/opportunity/opportunity-detail?flag=detail&id=${id}`);
      const path = detailOf(page).getByTestId('stage-path');
      await path.locator('.ant-steps-item-process').waitFor();
      await path.getByText(words.proposal, { exact: true }).click();
      await expect.poll(async () => (await api('GET', `/crm/opportunity/${id}`)).data).toMatchObject({ stage: 'proposal' });
      await expect.poll(() => path.locator('.ant-steps-item-process .ant-steps-item-title').textContent()).toBe(words.proposal);

      // The closing step asks won or lost; lost asks its reason, as the board does.
      // The click is dispatched on the button itself, and tried again: under load a mouse click can land
      // on the won-or-lost chooser while it still slides into place, and miss.
      const dialog = page.getByTestId('close-opportunity-dialog');
      for (let attempt = 1; ; attempt++) {
        const chooser = page.getByTestId('stage-path-close');
        if (!(await chooser.isVisible())) await path.getByText(words.closed, { exact: true }).click();
        await chooser.getByRole('button', { name: words.lostButton }).dispatchEvent('click');
        const opened = await dialog.getByTestId('loss-reason').waitFor({ timeout: 5_000 }).then(() => true, () => false);
        if (opened) break;
        if (attempt === 3) throw new Error('the lost dialog did not open');
      }
      await dialog.getByTestId('loss-reason').fill('Budget moved to next year');
      await page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: words.ok }).click();
      await expect.poll(() => path.locator('.ant-steps-item-error .ant-steps-item-title').textContent(), { timeout: 20_000 }).toBe(words.lost);
      expect((await api('GET', `/crm/opportunity/${id}`)).data).toMatchObject({ stage: 'closed_lost', lossReason: 'Budget moved to next year' });
      await settled(page);
      await screenshot(page, `opportunity-stage-path-${language}`);
      await context.close();
    }, 120_000);
  }

  it('shows the opportunity screens in Chinese: list, board (amounts in the organisation’s dollars) and detail', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language: 'zh', width: 1600, height: 900 });
    const api = apiOf(app.server.url, token);
    const id = await dealOf(api, '远航新能源', { name: '远航新能源 - 储能项目', stage: 'needs_analysis', amount: '1200000' });

    await openPage(page, app.server.url, '/opportunity/opportunity-index');
    await listOf(page).locator('.ant-table-row').first().waitFor();
    await settled(page);
    await screenshot(page, 'opportunity-list-zh');

    await page.goto(`${app.server.url}/opportunity/opportunity-index?mode=board`);
    await column(page, 'needs_analysis').getByTestId(`board-card-${id}`).waitFor();
    expect(await column(page, 'needs_analysis').innerText()).toContain('需求分析');
    expect(await column(page, 'needs_analysis').getByTestId(`board-card-${id}`).innerText()).toContain('US$1,200,000.00');
    await settled(page);
    await screenshot(page, 'opportunity-board-zh');

    await page.goto(`${app.server.url}/opportunity/opportunity-detail?flag=detail&id=${id}`);
    await detailOf(page).getByTestId('stage-history').locator('.ant-table-row').first().waitFor();
    await settled(page);
    await screenshot(page, 'opportunity-detail-zh');
    await context.close();
  }, 180_000);

  it("shows an account outside the rep's scope as \"Restricted record\", without a link, in the list, the detail and a report, in English and Chinese", async () => {
    // Set up as the administrator: Noah's account (Sales West), Olivia's deal on it, a report shared with everyone.
    const login = await fetch(`${app.server.url}/dev-api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) });
    const admin = apiOf(app.server.url, ((await login.json()) as { token: string }).token);
    const users = (await admin('GET', '/system/user/list?pageSize=100')).rows as Array<{ userName: string; userId: number }>;
    const idOf = (name: string) => users.find((u) => u.userName === name)!.userId;
    const account = await admin('POST', '/crm/account', { name: 'Zorblax Secret Holdings', ownerId: idOf('noah.king'), industry: 'finance' });
    const deal = await admin('POST', '/crm/opportunity', { name: 'Cobalt expansion', accountId: account.data, ownerId: idOf('olivia.park'), closeDate: '2026-12-18', stage: 'proposal', amount: '5000.00' });
    const report = await admin('POST', '/crm/report', {
      name: 'Deals with their accounts', shared: true,
      definition: { module: 'opportunity', related: 'accountId', format: 'tabular', columns: ['name', 'accountId', 'accountId.industry'], filter: { field: 'name', op: 'eq', value: 'Cobalt expansion' } },
    });
    expect([account.code, deal.code, report.code]).toEqual([200, 200, 200]);

    for (const [language, restricted] of [['en', 'Restricted record'], ['zh', '受限记录']] as const) {
      const { context, page } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language, width: 1400, height: 900 });
      await openPage(page, app.server.url, '/opportunity/opportunity-index');
      const row = listOf(page).locator('.ant-table-row').filter({ hasText: 'Cobalt expansion' });
      await row.getByTestId('restricted-record').waitFor();
      expect(await row.getByTestId('restricted-record').innerText()).toBe(restricted);
      expect(await row.getByRole('link').allInnerTexts()).toEqual(['Cobalt expansion']);

      await page.goto(`${app.server.url}/opportunity/opportunity-detail?flag=detail&id=${deal.data as number}`);
      await detailOf(page).getByTestId('restricted-record').first().waitFor();
      expect(await detailOf(page).getByTestId('restricted-record').first().innerText()).toBe(restricted);
      expect(await page.locator('body').innerText()).not.toContain('Zorblax');

      await page.goto(`${app.server.url}/report/report-detail?flag=detail&id=${report.data as number}`);
      await page.getByTestId('restricted-record').first().waitFor();
      await settled(page);
      expect(await page.locator('body').innerText()).not.toContain('Zorblax');
      await screenshot(page, `opportunity-restricted-account-report-${language}`);
      await context.close();
    }
  }, 240_000);
});
