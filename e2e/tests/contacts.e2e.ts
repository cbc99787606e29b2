import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { quickSearch, screenshot } from '../helpers/browser';
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

/** Opens the contact list until its rows show; then a screenshot. */
async function showsList(page: Page, baseUrl: string, shot: string): Promise<void> {
  await openPage(page, baseUrl, '/contact/contact-index');
  await listOf(page).locator('.ant-table-row').first().waitFor();
  await settled(page);
  await screenshot(page, shot);
}

/** Opens a contact's page (page.goto) until it shows its name and, in its org chart, another of the account's people; then a screenshot. */
async function showsContact(page: Page, baseUrl: string, contactId: number, name: string, inChart: string, shot: string): Promise<void> {
  await page.goto(`${baseUrl}/contact/contact-detail?flag=detail&id=${contactId}`);
  const detail = detailOf(page);
  await expect.poll(() => detail.getByTestId('record-name').textContent(), { timeout: 20_000 }).toContain(name);
  await detail.getByTestId('record-hierarchy').getByText(inChart).waitFor();
  await settled(page);
  await screenshot(page, shot);
}

/** Opens an account's page until its related list shows its two contacts; then a screenshot. */
async function showsAccountContacts(page: Page, baseUrl: string, accountId: number, shot: string): Promise<void> {
  await page.goto(`${baseUrl}/account/account-detail?flag=detail&id=${accountId}`);
  const contacts = page.locator('[data-testid="record-detail-account"]:visible [data-testid="related-contact-accountId"]');
  await expect.poll(() => contacts.locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(2);
  await settled(page);
  await screenshot(page, shot);
}

describe('contacts in Chromium, as a sales rep', () => {
  const app = serverAndBrowser();

  it('creates a contact through the form and finds it in the list; shows who reports to whom and the account’s contacts; refuses a manager of another account', async () => {
    const { page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 900 });
    const api = apiOf(app.server.url, token);
    const { accountId, bossId } = await team(api, { account: 'Brightwater Analytics', boss: ['Nora', 'Quill'], report: ['Theo', 'Marsh'] });
    const other = (await api('POST', '/crm/account', { name: 'Elsewhere Ltd' })).data as number;
    const refused = await api('POST', '/crm/contact', { lastName: 'Stray', accountId: other, reportsToId: bossId });
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('Reports To must be a contact of the same account');

    await showsList(page, app.server.url, 'contacts-list-en');

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
    await quickSearch(listOf(page), 'Penrose', 1);
    await listOf(page).locator('.ant-table-row', { hasText: 'Penrose' }).waitFor();

    // The manager's page: the org chart of the account's people; the account lists its people.
    await showsContact(page, app.server.url, bossId, 'Nora Quill', 'Theo Marsh', 'contacts-detail-en');
    await showsAccountContacts(page, app.server.url, accountId, 'contacts-account-en');
  });

  it('shows the contact screens in Chinese: the list, a contact with its manager and the account’s contacts', async () => {
    const { page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language: 'zh', width: 1400, height: 900 });
    const api = apiOf(app.server.url, token);
    const { accountId, reportId } = await team(api, { account: '青石数据', boss: ['芳', '林'], report: ['伟', '陈'] });

    await showsList(page, app.server.url, 'contacts-list-zh');

    await showsContact(page, app.server.url, reportId, '陈伟', '林芳', 'contacts-detail-zh');
    await showsAccountContacts(page, app.server.url, accountId, 'contacts-account-zh');
  });
});
