import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from '../helpers/browser';
import { apiOf } from '../helpers/api';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const detailOf = (page: Page) => page.locator('[data-testid="record-detail-campaign"]:visible');
const okOf = (page: Page) => page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: /^(OK|确\s?定)$/ });
const figure = (page: Page, key: string) => detailOf(page).getByTestId(`figure-${key}`).locator('.ant-statistic-content');

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count(), { timeout: 20_000 }).toBe(0);
}

describe('campaigns in Chromium', () => {
  const app = serverAndBrowser();

  it('adds leads from the campaign page and from the lead list, changes a member status in place, and the figures follow', async () => {
    const { page, token, context } = await signedInPage(app.browser, app.server.url, { username: 'admin', width: 1400, height: 1000 });
    const api = apiOf(app.server.url, token);
    const campaignId = (await api('POST', '/crm/campaign', { name: 'Autumn Expo 2026', status: 'active', actualCost: '2000.00', budgetedCost: '2500.00' })).data as number;
    expect(campaignId).toBeGreaterThan(0);
    for (const [firstName, company] of [['Ava', 'Expofield Ltd'], ['Ben', 'Expoline GmbH'], ['Cal', 'Expomark Inc']]) {
      expect((await api('POST', '/crm/leads', { firstName, lastName: 'Expoton', company })).code).toBe(200);
    }

    await openPage(page, app.server.url, '/campaign/campaign-index');
    await page.locator('[data-testid="record-list-campaign"]:visible .ant-table-row').first().waitFor();
    await settled(page);
    await screenshot(page, 'campaign-list-en');

    await page.goto(`${app.server.url}/campaign/campaign-detail?flag=detail&id=${campaignId}`);
    await expect.poll(() => detailOf(page).getByTestId('record-name').textContent()).toBe('Autumn Expo 2026');
    await expect.poll(() => figure(page, 'members').textContent()).toBe('0');
    await detailOf(page).getByText('No members yet').waitFor();

    // From the campaign page: two leads picked by name.
    await detailOf(page).getByTestId('members-add').click();
    const dialog = page.getByTestId('add-members-form');
    await dialog.waitFor();
    const picker = dialog.getByRole('combobox', { name: 'Leads' });
    for (const name of ['Ava Expoton', 'Ben Expoton']) {
      await picker.click();
      await picker.fill(name.split(' ')[0]!);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
    }
    await okOf(page).click();
    await dialog.waitFor({ state: 'detached' });
    const members = detailOf(page).getByTestId('campaign-members');
    await members.getByRole('link', { name: 'Ava Expoton' }).waitFor();
    await expect.poll(() => figure(page, 'members').textContent()).toBe('2');

    // A member status changed in place: the responses and the response rate follow.
    const avaRow = members.locator('.ant-table-row', { hasText: 'Ava Expoton' });
    await avaRow.getByRole('combobox', { name: 'Member status' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Responded$/ }).click();
    await expect.poll(() => figure(page, 'responses').textContent()).toBe('1');
    await expect.poll(() => figure(page, 'responseRate').textContent()).toBe('50%');
    expect(await figure(page, 'actualCost').textContent()).toBe('$2,000.00');
    expect(await figure(page, 'roi').textContent()).toBe('-100%');

    // From the lead list: the mass action "Add to campaign".
    await openPage(page, app.server.url, '/Leads/leads-index');
    const list = page.locator('[data-testid="record-list-leads"]:visible');
    const search = list.locator('input[data-testid="quick-search"], [data-testid="quick-search"] input').first();
    await search.fill('Expomark');
    await search.press('Enter');
    const calRow = list.locator('.ant-table-row', { hasText: 'Expomark Inc' });
    await calRow.waitFor();
    await calRow.locator('.ant-checkbox-input').check();
    await list.getByTestId('mass-actions').getByRole('button', { name: 'Add to campaign' }).click();
    const massForm = page.getByTestId('add-to-campaign-form');
    await massForm.waitFor();
    await massForm.getByRole('combobox').first().click();
    await massForm.getByRole('combobox').first().fill('Autumn');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Autumn Expo 2026' }).click();
    await okOf(page).click();
    await massForm.waitFor({ state: 'detached' });

    await page.goto(`${app.server.url}/campaign/campaign-detail?flag=detail&id=${campaignId}`);
    await expect.poll(() => figure(page, 'members').textContent()).toBe('3');
    await expect.poll(() => figure(page, 'responseRate').textContent()).toBe('33.3%');
    await detailOf(page).getByTestId('campaign-members').getByRole('link', { name: 'Cal Expoton' }).waitFor();
    await settled(page);
    await screenshot(page, 'campaign-detail-en');

    // The lead's campaign history shows the status set on the campaign page.
    await detailOf(page).getByTestId('campaign-members').getByRole('link', { name: 'Ava Expoton' }).click();
    const history = page.locator('[data-testid="record-detail-leads"]:visible').getByTestId('campaign-history');
    await history.locator('.ant-table-row', { hasText: 'Autumn Expo 2026' }).getByText('Responded').waitFor();
    await context.close();
  }, 240_000);

  it('shows the campaign list and detail in Chinese, with figures in the organisation’s dollars and child campaigns included on demand', async () => {
    const { page, token, context } = await signedInPage(app.browser, app.server.url, { username: 'admin', language: 'zh', width: 1400, height: 1000 });
    const api = apiOf(app.server.url, token);
    const parentId = (await api('POST', '/crm/campaign', { name: '春季新品发布会', status: 'active', actualCost: '300000' })).data as number;
    const childId = (await api('POST', '/crm/campaign', { name: '春季新品发布会 · 上海站', parentCampaignId: parentId, actualCost: '100000' })).data as number;
    const leads: number[] = [];
    for (const [firstName, lastName, company] of [['伟', '王', '远航新能源'], ['芳', '李', '锦程物流集团'], ['磊', '张', '华信科技']]) {
      leads.push((await api('POST', '/crm/leads', { firstName, lastName, company })).data as number);
    }
    expect((await api('POST', `/crm/campaign/${parentId}/members`, { leadIds: leads.slice(0, 2), status: 'attended' })).code).toBe(200);
    expect((await api('POST', `/crm/campaign/${childId}/members`, { leadIds: leads.slice(1) })).code).toBe(200);

    await openPage(page, app.server.url, '/campaign/campaign-index');
    await page.locator('[data-testid="record-list-campaign"]:visible .ant-table-row').first().waitFor();
    await settled(page);
    await screenshot(page, 'campaign-list-zh');

    await page.goto(`${app.server.url}/campaign/campaign-detail?flag=detail&id=${parentId}`);
    await expect.poll(() => figure(page, 'members').textContent()).toBe('2');
    expect(await figure(page, 'actualCost').textContent()).toContain('US$300,000.00');
    await detailOf(page).getByTestId('figures-children').click();
    await expect.poll(() => figure(page, 'members').textContent()).toBe('3');
    expect(await figure(page, 'actualCost').textContent()).toContain('400,000');
    await detailOf(page).getByTestId('campaign-members').getByRole('link', { name: '王伟' }).waitFor();
    await settled(page);
    await screenshot(page, 'campaign-detail-zh');
    await context.close();
  }, 180_000);
});
