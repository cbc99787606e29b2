import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from '../helpers/browser';
import { apiOf, type Api } from '../helpers/api';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const detailOf = (page: Page) => page.locator('[data-testid="record-detail-contact"]:visible');
const listOf = (page: Page) => page.locator('[data-testid="record-list-contact"]:visible');

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count(), { timeout: 20_000 }).toBe(0);
}

type People = { account: string; boss: [string, string]; report: [string, string] };

/** An account with a head of the team and a contact reporting to them, made through the API as a rep. */
async function team(api: Api, people: People): Promise<{ accountId: number; bossId: number; reportId: number }> {
  const accountId = (await api('POST', '/crm/account', { name: people.account })).data as number;
  const bossId = (await api('POST', '/crm/contact', { firstName: people.boss[0], lastName: people.boss[1], title: 'VP Sales', accountId })).data as number;
  const reportId = (await api('POST', '/crm/contact', { firstName: people.report[0], lastName: people.report[1], accountId, reportsToId: bossId })).data as number;
  expect([accountId, bossId, reportId].every((id) => Number.isInteger(id))).toBe(true);
  return { accountId, bossId, reportId };
}

describe('contacts in Chromium, as a sales rep', () => {
  const app = serverAndBrowser();

  it('creates a contact through the form and finds it in the list; shows who reports to whom and the account’s contacts; shows who reports to whom and the account’s contacts; refuses a manager of another account', async () => {
    const { page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 900 });
    const api = apiOf(app.server.url, token);
    const { accountId, bossId } = await team(api, { account: 'Brightwater Analytics', boss: ['Nora', 'Quill'], report: ['Theo', 'Marsh'] });
    const other = (await api('POST', '/crm/account', { name: 'Elsewhere Ltd' })).data as number;
    const refused = await api('POST', '/crm/contact', { lastName: 'Stray', accountId: other, reportsToId: bossId });
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('Reports To must be a contact of the same account');

    await openPage(page, app.server.url, '/contact/contact-index');
    await listOf(page).locator('.ant-table-row').first().waitFor();
    await settled(page);
    await screenshot(page, 'contacts-list-en');

    // A new contact through the form: the record type first, then the form, which insists on a last name.
    await listOf(page).getByTestId('record-new').click();
    await page.getByTestId('record-type-picker').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    const form = page.getByTestId('record-form');
    await form.waitFor();
    await form.locator('#firstName').fill('Ivy');
    await page.getByTestId('record-form-save').click();
    await form.getByText('Please fill in last name').waitFor();
    await page.waitForTimeout(300); // the drawer's opening animation
    await screenshot(page, 'contacts-form-en');
    await form.locator('#lastName').fill('Penrose');
    await form.locator('#email').fill('ivy.penrose@brightwater.example');
    await page.getByTestId('record-form-save').click();
    await form.waitFor({ state: 'detached' });
    // The list finds it by quick search.
    const search = listOf(page).locator('input[data-testid="quick-search"], [data-testid="quick-search"] input').first();
    await search.fill('Penrose');
    await search.press('Enter');
    await listOf(page).locator('.ant-table-row', { hasText: 'Penrose' }).waitFor();
    expect(await listOf(page).locator('.ant-table-row').count()).toBe(1);

    // The manager's page: the org chart of the account's people.
    await page.goto(`${app.server.url}/contact/contact-detail?flag=detail&id=${bossId}`);
    const detail = detailOf(page);
    await expect.poll(() => detail.getByTestId('record-name').textContent(), { timeout: 20_000 }).toContain('Nora Quill');
    await detail.getByTestId('record-hierarchy').getByText('Theo Marsh').waitFor();
    await settled(page);
    await screenshot(page, 'contacts-detail-en');

    // The account lists its people.
    await page.goto(`${app.server.url}/account/account-detail?flag=detail&id=${accountId}`);
    const contacts = page.locator('[data-testid="record-detail-account"]:visible [data-testid="related-contact-accountId"]');
    await expect.poll(() => contacts.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(2);
    await settled(page);
    await screenshot(page, 'contacts-account-en');
  });

  it('shows the contact screens in Chinese: the list, a contact with its manager and the account’s contacts', async () => {
    const { page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language: 'zh', width: 1400, height: 900 });
    const api = apiOf(app.server.url, token);
    const { accountId, reportId } = await team(api, { account: '青石数据', boss: ['芳', '林'], report: ['伟', '陈'] });

    await openPage(page, app.server.url, '/contact/contact-index');
    await listOf(page).locator('.ant-table-row').first().waitFor();
    await settled(page);
    await screenshot(page, 'contacts-list-zh');

    await page.goto(`${app.server.url}/contact/contact-detail?flag=detail&id=${reportId}`);
    const detail = detailOf(page);
    await expect.poll(() => detail.getByTestId('record-name').textContent(), { timeout: 20_000 }).toContain('陈伟');
    await detail.getByTestId('record-hierarchy').getByText('林芳').waitFor();
    await settled(page);
    await screenshot(page, 'contacts-detail-zh');

    await page.goto(`${app.server.url}/account/account-detail?flag=detail&id=${accountId}`);
    const contacts = page.locator('[data-testid="record-detail-account"]:visible [data-testid="related-contact-accountId"]');
    await expect.poll(() => contacts.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(2);
    await settled(page);
    await screenshot(page, 'contacts-account-zh');
  });
});
