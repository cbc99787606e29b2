import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { pickOption, screenshot } from '../helpers/browser';
import { apiOf } from '../helpers/api';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

/** Waits for the visible page of the layout's tabs that shows a module's record. */
const detailOf = (page: Page, module: string) => page.locator(`[data-testid="record-detail-${module}"]:visible`);
const listOf = (page: Page) => page.locator('[data-testid="record-list-leads"]:visible');

/** Opens a link that the page opens in a new tab (print views) and waits for its content. */
async function newTab(context: BrowserContext, open: () => Promise<void>, ready: string): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), open()]);
  await tab.getByTestId(ready).first().waitFor();
  return tab;
}

/** Waits until nothing on the page is loading any more (related lists, tags), for a screenshot that shows the page as it stays. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count(), { timeout: 20_000 }).toBe(0);
}

/** The OK button of the dialog on top (antd writes two Chinese characters with a space between). */
const okOf = (page: Page) => page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: /^(OK|确\s?定|Convert|转\s?化)$/ });

describe('leads in Chromium, as a sales rep', () => {
  const app = serverAndBrowser();

  it('creates a lead through the form, finds it with a saved view, edits it inline, converts it and opens what it became; search and print find it too', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 900 });
    const api = apiOf(app.server.url, token);
    // An account of Olivia's at the lead's e-mail domain: the conversion offers it before creating anything.
    const account = await api('POST', '/crm/account', { name: 'Quillfeather Holdings', website: 'https://quillfeather.example' });
    expect(account.code).toBe(200);

    await openPage(page, app.server.url, '/Leads/leads-index');
    await listOf(page).locator('.ant-table-row').first().waitFor();
    await screenshot(page, 'leads-list-en');

    // New lead: the record type first, then the form, which insists on a last name.
    await listOf(page).getByTestId('record-new').click();
    await page.getByTestId('record-type-picker').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    const form = page.getByTestId('record-form');
    await form.waitFor();
    await form.locator('#firstName').fill('Ava');
    await form.locator('#company').fill('Quillfeather Ltd');
    await form.locator('#email').fill('ava.ashdown@quillfeather.example');
    await page.getByTestId('record-form-save').click();
    await form.getByText('Please fill in last name').waitFor();
    await page.waitForTimeout(300); // the drawer's opening animation
    await screenshot(page, 'leads-form-en');
    await form.locator('#lastName').fill('Ashdown');
    await page.getByTestId('record-form-save').click();
    await form.waitFor({ state: 'detached' });

    // A filter on the company, saved as a view of Olivia's own, finds the lead again.
    await listOf(page).getByTestId('filter-toggle').click();
    const condition = listOf(page).getByTestId('filter-condition').first();
    await pickOption(page, condition.getByRole('combobox', { name: 'Field' }), /^Company$/);
    await condition.getByRole('textbox', { name: 'Value' }).fill('Quillfeather Ltd');
    await listOf(page).getByTestId('filter-apply').click();
    await listOf(page).getByRole('link', { name: 'Ashdown', exact: true }).waitFor();
    await listOf(page).getByTestId('view-menu').click();
    await page.getByRole('menuitem', { name: 'Save as new view…' }).click();
    await page.getByTestId('save-view-form').getByRole('textbox').fill('Quillfeather leads');
    await okOf(page).click();
    await page.getByTestId('save-view-form').waitFor({ state: 'detached' });
    await pickOption(page, listOf(page).getByTestId('view-switcher'), /^All Leads$/);
    await pickOption(page, listOf(page).getByTestId('view-switcher'), /^Quillfeather leads$/);
    await expect.poll(() => listOf(page).locator('.ant-table-row').count()).toBe(1);
    await listOf(page).getByRole('link', { name: 'Ashdown', exact: true }).waitFor();

    // The list prints as it is shown: the saved view, its filter and columns.
    const printedList = await newTab(context, () => listOf(page).getByTestId('list-print').click(), 'print-table');
    expect(await printedList.getByTestId('print-title').textContent()).toBe('Leads · Quillfeather leads');
    expect(await printedList.getByTestId('print-table').locator('tbody tr').count()).toBe(1);
    await printedList.getByRole('cell', { name: 'Ashdown', exact: true }).waitFor();
    await screenshot(printedList, 'leads-print-list-en');
    await printedList.emulateMedia({ media: 'print' });
    expect(await printedList.getByTestId('print-button').isVisible()).toBe(false);
    await printedList.close();

    // The detail page: one field edited in place, and its history entry.
    await listOf(page).getByRole('link', { name: 'Ashdown', exact: true }).click();
    const detail = detailOf(page, 'leads');
    await expect.poll(() => detail.getByTestId('record-name').textContent()).toBe('Ava Ashdown');
    await detail.getByRole('button', { name: 'Edit Title' }).click();
    await detail.getByTestId('inline-edit-title').getByRole('textbox').fill('Head of Procurement');
    await page.keyboard.press('Enter');
    await detail.getByTestId('inline-edit-title').waitFor({ state: 'detached' });
    await detail.getByTestId('section-main').getByText('Head of Procurement').waitFor();
    await detail.getByTestId('activity-timeline').getByText('Olivia Park changed Title').waitFor();
    await detail.getByTestId('campaign-history').waitFor();
    await settled(page);
    await screenshot(page, 'leads-detail-en');

    const printedLead = await newTab(context, () => detail.getByTestId('record-print').click(), 'record-name');
    expect(await printedLead.getByTestId('record-name').textContent()).toBe('Ava Ashdown');
    await printedLead.getByTestId('section-main').getByText('Head of Procurement').waitFor();
    await screenshot(printedLead, 'leads-print-detail-en');
    await printedLead.close();

    // Conversion: the account at the lead's domain is shown first; a new account and an opportunity are made.
    await detail.getByTestId('lead-convert').click();
    const dialog = page.getByTestId('convert-form');
    await dialog.getByTestId('convert-candidate').filter({ hasText: 'Quillfeather Holdings' }).waitFor();
    expect(await dialog.locator('#account_name').inputValue()).toBe('Quillfeather Ltd');
    await dialog.locator('#opportunity_name').fill('Quillfeather Ltd - Pilot');
    await dialog.locator('#opportunity_closeDate').click();
    await dialog.locator('#opportunity_closeDate').fill('2027-01-29');
    await page.keyboard.press('Enter');
    await dialog.locator('#opportunity_amount').fill('48000');
    await page.waitForTimeout(300);
    await screenshot(page, 'leads-convert-en');
    await okOf(page).click();
    await dialog.waitFor({ state: 'detached' });
    const banner = detail.getByTestId('converted-banner');
    await banner.waitFor();
    expect(await detail.getByTestId('record-locked').textContent()).toBe('A converted lead cannot be changed');
    expect(await detail.getByTestId('lead-convert').count()).toBe(0);
    expect(await detail.getByTestId('record-edit').count()).toBe(0);
    // What it became points back at it: the lead's related lists show them at once.
    await detail.getByTestId('related-account-sourceLeadId').getByRole('link', { name: 'Quillfeather Ltd', exact: true }).waitFor();
    await detail.getByTestId('related-opportunity-sourceLeadId').getByRole('link', { name: 'Quillfeather Ltd - Pilot' }).waitFor();
    await settled(page);
    await screenshot(page, 'leads-converted-en');

    await banner.getByRole('link', { name: 'Quillfeather Ltd', exact: true }).click();
    await expect.poll(() => detailOf(page, 'account').getByTestId('record-name').textContent()).toBe('Quillfeather Ltd');
    await page.goBack();
    await detail.getByTestId('converted-banner').getByRole('link', { name: 'Quillfeather Ltd - Pilot' }).click();
    const opportunity = detailOf(page, 'opportunity');
    await expect.poll(() => opportunity.getByTestId('record-name').textContent()).toBe('Quillfeather Ltd - Pilot');
    await opportunity.getByText('$48,000.00').first().waitFor();

    // The search palette finds the lead by its name (next to the contact it became) and opens it.
    await page.getByTestId('menu-search').click();
    await page.keyboard.type('Ashdown');
    // The conversion made a contact of the same name: both are listed, and the lead's hit opens the lead.
    const hit = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Ava Ashdown · Leads' });
    await hit.waitFor();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Ava Ashdown · Contacts' }).waitFor();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-group').first().textContent()).toBe('Records');
    await page.waitForTimeout(300);
    await screenshot(page, 'leads-search-en');
    await hit.click();
    await page.waitForURL(/\/Leads\/leads-detail\?flag=detail&id=\d+$/);
    await context.close();
  }, 240_000);

  it('shows the lead screens in Chinese: list, form, detail, conversion, the converted banner and both print views', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language: 'zh', width: 1400, height: 900 });
    const api = apiOf(app.server.url, token);
    const created = await api('POST', '/crm/leads', { firstName: '伟', lastName: '王', company: '远航新能源', email: 'wang.wei@yuanhang.cn', title: '采购经理', leadSource: 'web' });
    const leadId = created.data as number;
    const done = await api('POST', '/crm/leads', { firstName: '芳', lastName: '李', company: '锦程物流集团', email: 'li.fang@jincheng.cn' });
    const convertedId = done.data as number;
    expect((await api('POST', '/crm/leads/convert', { leadId: convertedId, version: 1, account: { mode: 'new', name: '锦程物流集团' } })).code).toBe(200);

    await openPage(page, app.server.url, '/Leads/leads-index');
    await listOf(page).locator('.ant-table-row').first().waitFor();
    await screenshot(page, 'leads-list-zh');
    const printedList = await newTab(context, () => listOf(page).getByTestId('list-print').click(), 'print-table');
    await printedList.getByRole('cell', { name: '远航新能源' }).first().waitFor();
    await screenshot(printedList, 'leads-print-list-zh');
    await printedList.close();

    await listOf(page).getByTestId('record-new').click();
    await page.getByTestId('record-type-picker').waitFor();
    await page.getByRole('button', { name: /^下\s?一\s?步$/ }).click();
    const form = page.getByTestId('record-form');
    await form.waitFor();
    await page.getByTestId('record-form-save').click();
    await form.getByText('请填写姓').first().waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'leads-form-zh');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    await page.goto(`${app.server.url}/Leads/leads-detail?flag=detail&id=${leadId}`);
    const detail = detailOf(page, 'leads');
    await expect.poll(() => detail.getByTestId('record-name').textContent()).toBe('王伟');
    await detail.getByTestId('activity-timeline').getByTestId('history-entry').first().waitFor();
    await settled(page);
    await screenshot(page, 'leads-detail-zh');
    const printedLead = await newTab(context, () => detail.getByTestId('record-print').click(), 'record-name');
    expect(await printedLead.getByTestId('record-name').textContent()).toBe('王伟');
    await screenshot(printedLead, 'leads-print-detail-zh');
    await printedLead.close();

    await detail.getByTestId('lead-convert').click();
    const dialog = page.getByTestId('convert-form');
    await dialog.getByTestId('convert-candidates').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'leads-convert-zh');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${app.server.url}/Leads/leads-detail?flag=detail&id=${convertedId}`);
    await detailOf(page, 'leads').getByTestId('converted-banner').getByRole('link', { name: '锦程物流集团' }).waitFor();
    await settled(page);
    await screenshot(page, 'leads-converted-zh');
    await context.close();
  }, 180_000);

  for (const language of ['en', 'zh'] as const) {
    it(`converts a lead into an account that already has its contact: the contact is shown, chosen and linked, not made again (${language})`, async () => {
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language, width: 1400, height: 900 });
      const api = apiOf(app.server.url, token);
      const company = `Linkwell ${language} Ltd`;
      const email = `rosa.${language}@linkwell.example`;
      const accountId = (await api('POST', '/crm/account', { name: company })).data as number;
      const contactId = (await api('POST', '/crm/contact', { firstName: 'Rosa', lastName: 'Linkwell', email: email.toUpperCase(), title: 'Buyer', accountId })).data as number;
      const leadId = (await api('POST', '/crm/leads', { firstName: 'Rosa', lastName: 'Linkwell', company, email })).data as number;
      const contactsBefore = (await api('GET', `/crm/contact/list?q=${encodeURIComponent('Linkwell')}`)).rows!.length;

      await page.goto(`${app.server.url}/Leads/leads-detail?flag=detail&id=${leadId}`);
      const detail = detailOf(page, 'leads');
      await expect.poll(() => detail.getByTestId('record-name').textContent()).toBe('Rosa Linkwell');
      await detail.getByTestId('lead-convert').click();
      const dialog = page.getByTestId('convert-form');
      // A new account first: its contact is a new one.
      await dialog.getByTestId('convert-contact-candidates').waitFor();
      expect(await dialog.getByTestId('convert-contact').getByRole('radio').count()).toBe(0);
      await dialog.getByTestId('convert-candidate').filter({ hasText: company }).click();
      await dialog.locator('#opportunity_create').uncheck();
      const contact = dialog.getByTestId('convert-contact').getByTestId('convert-contact-candidate');
      await expect.poll(() => contact.count()).toBe(1);
      expect(await contact.textContent()).toContain('Rosa Linkwell');
      await expect.poll(() => dialog.getByTestId('convert-contact').locator('.ant-radio-wrapper-checked').textContent()).toContain('Rosa Linkwell');
      await page.waitForTimeout(300);
      await screenshot(page, `leads-convert-contact-${language}`);
      await okOf(page).click();
      await dialog.waitFor({ state: 'detached' });
      await detail.getByTestId('converted-banner').waitFor();

      const lead = (await api('GET', `/crm/leads/${leadId}`)).data as { convertedAccountId: number; convertedContactId: number };
      expect(lead).toMatchObject({ convertedAccountId: accountId, convertedContactId: contactId });
      expect((await api('GET', `/crm/contact/list?q=${encodeURIComponent('Linkwell')}`)).rows).toHaveLength(contactsBefore);
      await context.close();
    }, 120_000);
  }
});
