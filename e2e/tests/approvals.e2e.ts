import { describe, expect, it } from 'vitest';
import { apiOf, fixture } from '../helpers/api';
import { screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

/**
 * Approval processes (issue 34): an administrator builds one in Set-up › Approval processes; a rep
 * submits a large deal from its page, which locks it; her manager approves it in My approvals and
 * the deal is won — in English and Chinese.
 */
describe('approval processes in Chromium', () => {
  const app = serverAndBrowser();

  it('Set-up › Approval processes lists the seeded process and builds a new one (en, zh)', async () => {
    for (const language of ['en', 'zh'] as const) {
      const { context, page } = await signedInPage(app.browser, app.server.url, { width: 1400, height: 1000, language });
      await openPage(page, app.server.url, '/setup/approvals');
      const table = page.getByTestId('approvals-table');
      await expect.poll(() => table.textContent(), { timeout: 20_000 }).toContain('Large deal approval');
      await page.getByTestId('approvals-add').click();
      const name = `Discount review ${language}`;
      await page.getByTestId('approval-name').fill(name);
      await screenshot(page, `approvals-editor-${language}`);
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect.poll(() => table.textContent(), { timeout: 20_000 }).toContain(name);
      await screenshot(page, `approvals-setup-${language}`);
      await context.close();
    }
  }, 180_000);

  it('a rep submits a large deal, it is locked; her manager approves it in My approvals and it is won (en, zh)', async () => {
    for (const language of ['en', 'zh'] as const) {
      const olivia = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 1000, language });
      const api = apiOf(app.server.url, olivia.token);
      const account = await api('POST', '/crm/account', fixture({ name: `Approval Works ${language}` }));
      const deal = (await api('POST', '/crm/opportunity', { name: `Big approval deal ${language}`, accountId: account.data, amount: 250000, stage: 'proposal', closeDate: '2026-12-18' }))
        .data as number;
      await olivia.page.goto(`${app.server.url}/opportunity/opportunity-detail?flag=detail&id=${deal}`);
      await olivia.page.getByTestId('approval-submit').click({ timeout: 30_000 });
      await olivia.page.locator('.ant-modal-footer .ant-btn-primary').click();
      const banner = olivia.page.getByTestId('approval-banner');
      await expect.poll(() => banner.textContent(), { timeout: 20_000 }).toContain(language === 'en' ? 'Awaiting approval: Large deal approval' : '审批中：Large deal approval');
      expect(await olivia.page.getByTestId('record-edit').count()).toBe(0);
      await screenshot(olivia.page, `approvals-pending-${language}`);
      await olivia.context.close();

      const emma = await signedInPage(app.browser, app.server.url, { username: 'emma.stone', width: 1400, height: 900, language });
      await openPage(emma.page, app.server.url, '/my-approvals');
      const row = emma.page.getByTestId('approvals-mine').locator('.ant-table-row').filter({ hasText: `Big approval deal ${language}` });
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
      await screenshot(emma.page, `approvals-my-approvals-${language}`);
      await row.getByRole('button').first().click();
      await emma.page.getByTestId('approval-comment').fill(language === 'en' ? 'Good margin' : '利润不错');
      await emma.page.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
      const won = (await apiOf(app.server.url, emma.token)('GET', `/crm/opportunity/${deal}`)).data as { stage: string };
      expect(won.stage).toBe('closed_won');
      await emma.page.goto(`${app.server.url}/opportunity/opportunity-detail?flag=detail&id=${deal}`);
      const trail = emma.page.getByTestId('approval-entry');
      await expect.poll(() => trail.count(), { timeout: 30_000 }).toBe(2);
      await screenshot(emma.page, `approvals-trail-${language}`);
      await emma.context.close();
    }
  }, 240_000);
});
