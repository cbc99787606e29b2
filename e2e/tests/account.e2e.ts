import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artefactsDir, clickUntil, screenshot } from '../helpers/browser';
import { apiOf } from '../helpers/api';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const detailOf = (page: Page) => page.locator('[data-testid="record-detail-account"]:visible');

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count(), { timeout: 20_000 }).toBe(0);
}

/** A picture of one part of the page (the hierarchy card), beside the whole-page screenshots. */
async function shotOf(page: Page, testId: string, name: string): Promise<void> {
  const part = page.locator(`[data-testid="${testId}"]:visible`);
  await part.scrollIntoViewIfNeeded();
  await part.screenshot({ path: path.join(artefactsDir, `${name}.png`) });
}

describe('accounts in Chromium, as a sales manager', () => {
  const app = serverAndBrowser();

  it('opens an account with a parent, children and opportunities: related lists with totals, the hierarchy; deleting asks what to do with the opportunities', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'emma.stone', width: 1400, height: 900 });
    const api = apiOf(app.server.url, token);
    const create = async (module: string, body: Record<string, unknown>) => {
      const res = await api('POST', `/crm/${module}`, body);
      expect(res.code, res.msg).toBe(200);
      return res.data as number;
    };
    const group = await create('account', { name: 'Harbourline Group' });
    const main = await create('account', { name: 'Harbourline Logistics', parentAccountId: group });
    await create('account', { name: 'Harbourline Freight North', parentAccountId: main });
    await create('account', { name: 'Harbourline Freight South', parentAccountId: main });
    const opportunities = [
      // Won without approval: the seeded "Large deal approval" guards Closed Won over 100,000.
      await create('opportunity', { name: 'Harbourline - Fleet renewal', accountId: main, amount: '95000.00', stage: 'closed_won', closeDate: '2026-11-02' }),
      await create('opportunity', { name: 'Harbourline - Cold chain', accountId: main, amount: '45000.50', stage: 'prospecting', closeDate: '2026-12-15' }),
    ];

    await openPage(page, app.server.url, '/account/account-index');
    await page.locator('[data-testid="record-list-account"]:visible .ant-table-row').first().waitFor();
    await screenshot(page, 'account-list-en');

    await page.goto(`${app.server.url}/account/account-detail?flag=detail&id=${main}`);
    const detail = detailOf(page);
    await detail.getByTestId('record-name').filter({ hasText: 'Harbourline Logistics' }).waitFor();
    const related = detail.getByTestId('related-opportunity-accountId');
    await related.getByRole('link', { name: 'Harbourline - Cold chain' }).waitFor();
    expect(await related.getByTestId('related-total-amount').textContent()).toBe('Amount: $140,000.50');
    expect(await related.getByTestId('related-total-won').textContent()).toBe('Won amount: $95,000.00');
    const children = detail.getByTestId('related-account-parentAccountId');
    await children.getByRole('link', { name: 'Harbourline Freight North' }).waitFor();
    expect(await children.locator('.ant-card-head-title').textContent()).toBe('Child accounts (2)');
    const tree = detail.getByTestId('record-hierarchy');
    await tree.getByTestId('hierarchy-current').filter({ hasText: 'Harbourline Logistics' }).waitFor();
    await tree.getByRole('link', { name: 'Harbourline Group' }).waitFor();
    await tree.getByRole('link', { name: 'Harbourline Freight South' }).waitFor();
    await settled(page);
    await screenshot(page, 'account-detail-en');
    await shotOf(page, 'record-hierarchy', 'account-hierarchy-en');

    // A node of the tree opens that account.
    await tree.getByRole('link', { name: 'Harbourline Group' }).click();
    await detailOf(page).getByTestId('record-name').filter({ hasText: 'Harbourline Group' }).waitFor();
    await page.goto(`${app.server.url}/account/account-detail?flag=detail&id=${main}`);

    // Delete: the dialog counts the opportunities and keeps them unless told otherwise.
    await detailOf(page).getByTestId('record-delete').click();
    const dialog = page.getByTestId('delete-account-dialog');
    expect(await dialog.getByTestId('delete-account-count').textContent()).toBe('2 opportunities belong to this account.');
    await screenshot(page, 'account-delete-en');
    await clickUntil(page.getByTestId('delete-account-ok'), dialog, { state: 'detached' });
    expect((await api('GET', `/crm/account/${main}`)).code).toBe(200);

    // Each click can be lost while the dialog slides in on a busy machine: each is pressed until its
    // outcome shows. With "keep", OK only closes the dialog, so the choice is seen made before OK.
    await clickUntil(detailOf(page).getByTestId('record-delete'), dialog);
    const deleteToo = 'Delete them too (to the recycle bin, with the account)';
    await clickUntil(page.getByText(deleteToo), page.getByRole('radio', { name: deleteToo, checked: true }));
    await clickUntil(page.getByTestId('delete-account-ok'), page.locator('[data-testid="record-list-account"]:visible'));
    expect((await api('GET', `/crm/account/${main}`)).code).toBe(404);
    for (const id of opportunities) expect((await api('GET', `/crm/opportunity/${id}`)).code).toBe(404);
    await context.close();
  });

  it('shows the list, the detail with its totals (in the organisation’s dollars) and the hierarchy in Chinese', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'emma.stone', language: 'zh', width: 1400, height: 900 });
    const api = apiOf(app.server.url, token);
    const create = async (module: string, body: Record<string, unknown>) => (await api('POST', `/crm/${module}`, body)).data as number;
    const group = await create('account', { name: '海港集团' });
    const main = await create('account', { name: '海港物流', parentAccountId: group });
    await create('account', { name: '海港货运北区', parentAccountId: main });
    await create('opportunity', { name: '海港 - 车队更新', accountId: main, amount: '88000', stage: 'closed_won', closeDate: '2026-11-02' });

    await openPage(page, app.server.url, '/account/account-index');
    await page.locator('[data-testid="record-list-account"]:visible .ant-table-row').first().waitFor();
    await screenshot(page, 'account-list-zh');

    await page.goto(`${app.server.url}/account/account-detail?flag=detail&id=${main}`);
    const detail = detailOf(page);
    await detail.getByTestId('hierarchy-current').filter({ hasText: '海港物流' }).waitFor();
    const related = detail.getByTestId('related-opportunity-accountId');
    await related.getByRole('link', { name: '海港 - 车队更新' }).waitFor();
    expect(await related.getByTestId('related-total-won').textContent()).toBe('赢单金额: US$88,000.00');
    await settled(page);
    await screenshot(page, 'account-detail-zh');
    await shotOf(page, 'record-hierarchy', 'account-hierarchy-zh');

    // The list's mass delete asks the same question.
    await openPage(page, app.server.url, '/account/account-index');
    const list = page.locator('[data-testid="record-list-account"]:visible');
    const row = list.locator('.ant-table-row', { hasText: '海港物流' });
    await row.locator('.ant-checkbox-input').check();
    await list.getByTestId('mass-actions').getByRole('button', { name: /删\s?除/ }).click();
    expect(await page.getByTestId('delete-account-count').textContent()).toBe('有 1 个商机属于此客户。');
    // The choice is seen made before OK (with "keep", OK only closes the dialog and the row stays).
    const deleteToo = '一并删除（与客户一起移入回收站）';
    await clickUntil(page.getByText(deleteToo), page.getByRole('radio', { name: deleteToo, checked: true }));
    await clickUntil(page.getByTestId('delete-account-ok'), page.getByTestId('delete-account-ok'), { state: 'detached' });
    await row.waitFor({ state: 'detached' });
    expect((await api('GET', `/crm/account/${main}`)).code).toBe(404);
    await context.close();
  });
});
