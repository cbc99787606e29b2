import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { artefactsDir, pickOption, screenshot } from '../helpers/browser';
import { apiOf } from '../helpers/api';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const SETUP = '/setup/index-leads/leads-fields';
const setupPage = (page: Page) => page.locator('[data-testid="setup-page"]:visible');
const listOf = (page: Page) => page.locator('[data-testid="record-list-leads"]:visible');
const option = (page: Page, text: string | RegExp) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
const okOf = (page: Page) => page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: /^(OK|确\s?定)$/ });
const tab = (page: Page, name: string) => setupPage(page).getByRole('tab', { name });

/** A dialog over the page: the window as it is seen, not the whole scrolled page behind it. */
const windowShot = (page: Page, name: string) => page.screenshot({ path: path.join(artefactsDir, `${name}.png`) });

/** Picks a field type by typing its label (the list is long and scrolls). */
async function chooseType(page: Page, label: string): Promise<void> {
  await page.getByTestId('field-type').click();
  await page.getByTestId('field-type').locator('input').fill(label);
  await option(page, new RegExp(`^${label}$`)).waitFor();
  // The first match is the one typed (Picklist before Multi-Select Picklist): Enter picks it.
  await page.keyboard.press('Enter');
  // A picklist asks where its values come from.
  await page.getByTestId('dict-mode').waitFor();
}

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count(), { timeout: 20_000 }).toBe(0);
}

describe('set-up in Chromium: an administrator adds a field, a sales rep must fill it', () => {
  const app = serverAndBrowser();

  it('adds a picklist field to Leads, places it required in the Partner layout; a rep creating a Partner lead must fill it; it filters the list', async () => {
    const { page } = await signedInPage(app.browser, app.server.url, { username: 'admin', width: 1500, height: 950 });
    await openPage(page, app.server.url, SETUP);
    await setupPage(page).getByTestId('field-row-lastName').waitFor();
    await settled(page);
    await screenshot(page, 'setup-fields-en');

    // The field dialog: a picklist with a dictionary created in place.
    await setupPage(page).getByTestId('new-field').click();
    const dialog = page.getByTestId('field-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('field-name').fill('partnerTier');
    await chooseType(page, 'Picklist');
    await dialog.getByTestId('field-label-en').fill('Partner Tier');
    await dialog.getByTestId('field-label-zh').fill('合作伙伴等级');
    await dialog.getByTestId('dict-mode').getByText('Create a new dictionary').click();
    await dialog.getByTestId('new-dict-type').fill('crm_partner_tier');
    await dialog.getByTestId('new-dict-name').fill('Partner Tier');
    await dialog.getByTestId('dict-value-0').fill('gold');
    await dialog.getByTestId('dict-label-en-0').fill('Gold');
    await dialog.getByTestId('dict-label-zh-0').fill('金牌');
    await dialog.getByTestId('dict-add-value').click();
    await dialog.getByTestId('dict-value-1').fill('silver');
    await dialog.getByTestId('dict-label-en-1').fill('Silver');
    await dialog.getByTestId('dict-label-zh-1').fill('银牌');
    // It starts placed in the layouts the active record types use.
    expect(await dialog.getByTestId('field-layouts').locator('.ant-select-selection-item').allTextContents()).toEqual(['Lead Layout', 'Partner Lead Layout']);
    await page.waitForTimeout(300);
    await windowShot(page, 'setup-field-dialog-en');
    await okOf(page).click();
    await dialog.waitFor({ state: 'detached' });
    await setupPage(page).getByTestId('field-row-partnerTier').waitFor();

    // The Partner layout has the field already: it is made required there.
    await tab(page, 'Page Layouts').click();
    await pickOption(page, setupPage(page).getByTestId('layout-select'), /^Partner Lead Layout$/);
    await setupPage(page).getByTestId('layout-required-partnerTier').check();
    await setupPage(page).getByTestId('layout-preview').getByText('Partner Tier').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'setup-layout-en');
    await setupPage(page).getByTestId('layout-save').click();
    await page.getByText('Page layout saved').waitFor();

    // The template is shown read-only.
    await pickOption(page, setupPage(page).getByTestId('layout-select'), /Template/);
    await setupPage(page).getByTestId('template-note').waitFor();
    expect(await setupPage(page).getByTestId('layout-save').count()).toBe(0);

    await tab(page, 'Record Types').click();
    await setupPage(page).getByTestId('record-type-partner').waitFor();
    await screenshot(page, 'setup-record-types-en');

    // The same screens in Chinese.
    const zh = await signedInPage(app.browser, app.server.url, { username: 'admin', width: 1500, height: 950, language: 'zh' });
    await openPage(zh.page, app.server.url, SETUP);
    await setupPage(zh.page).getByTestId('field-row-partnerTier').waitFor();
    await settled(zh.page);
    await screenshot(zh.page, 'setup-fields-zh');
    await setupPage(zh.page).getByTestId('new-field').click();
    await zh.page.getByTestId('field-dialog').waitFor();
    await chooseType(zh.page, '选项列表');
    await zh.page.getByTestId('dict-mode').locator('.ant-radio-wrapper').nth(1).click();
    await zh.page.waitForTimeout(300);
    expect(await zh.page.getByTestId('field-filterable').getAttribute('aria-checked')).toBe('true');
    await windowShot(zh.page, 'setup-field-dialog-zh');
    await zh.page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: /^取\s?消$/ }).click();
    await tab(zh.page, '页面布局').click();
    await pickOption(zh.page, setupPage(zh.page).getByTestId('layout-select'), /^合作伙伴线索布局$/);
    await setupPage(zh.page).getByTestId('layout-field-partnerTier').waitFor();
    await zh.page.mouse.move(0, 0);
    await zh.page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(zh.page, 'setup-layout-zh');
    await tab(zh.page, '记录类型').click();
    await setupPage(zh.page).getByTestId('record-type-partner').waitFor();
    await screenshot(zh.page, 'setup-record-types-zh');
    await zh.context.close();

    // A sales rep creates a Partner lead: the form asks for the new field.
    const rep = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 900 });
    await openPage(rep.page, app.server.url, '/Leads/leads-index');
    await listOf(rep.page).locator('.ant-table-row').first().waitFor();
    await settled(rep.page);
    await rep.page.waitForTimeout(1000);
    await listOf(rep.page).getByTestId('record-new').click();
    await rep.page.getByTestId('record-type-picker').getByText('Partner', { exact: true }).click();
    await rep.page.getByRole('button', { name: 'Next' }).click();
    const form = rep.page.getByTestId('record-form');
    await form.waitFor();
    await form.locator('#lastName').fill('Tierney');
    await form.locator('#email').fill('tierney@reseller.example');
    await rep.page.getByTestId('record-form-save').click();
    const tierRequired = form.getByText('Partner Tier is required');
    await tierRequired.waitFor();
    // Picked again until the form takes it (its message goes): under load the dropdown can close under the click.
    for (let attempt = 1; await tierRequired.count(); attempt++) {
      if (attempt > 3) throw new Error('the Partner Tier picker never took Gold');
      await form.locator('#partnerTier').click();
      await option(rep.page, /^Gold$/).click({ timeout: 8_000 }).catch(() => undefined);
      await tierRequired.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
    }
    // In this environment the form opens without its initial values (status default, owner) — the
    // leads e2e fails the same way at this branch's start (see the report) — so they are chosen here.
    if (await form.getByText('Lead Status is required').count()) {
      await pickOption(rep.page, form.locator('#status'), /^New$/);
    }
    if (await form.getByText('Owner is required').count()) {
      await form.locator('#ownerId').click();
      await form.locator('#ownerId').fill('Olivia');
      await option(rep.page, /Olivia Park/).first().click();
    }
    await rep.page.getByTestId('record-form-save').click();
    await form.waitFor({ state: 'detached' });
    const created = (await apiOf(app.server.url, rep.token)('GET', `/crm/leads/list?filter=${encodeURIComponent(JSON.stringify({ field: 'lastName', op: 'eq', value: 'Tierney' }))}&fields=partnerTier`)) as unknown as { rows: Array<{ partnerTier: string }> };
    expect(created.rows.map((r) => r.partnerTier)).toEqual(['gold']);

    // The field filters the lead list.
    await listOf(rep.page).getByTestId('filter-toggle').click();
    const condition = listOf(rep.page).getByTestId('filter-condition').first();
    await pickOption(rep.page, condition.getByRole('combobox', { name: 'Field' }), /^Partner Tier$/, { typed: 'Partner' });
    await pickOption(rep.page, condition.locator('.ant-select').nth(2), /^Gold$/);
    await listOf(rep.page).getByTestId('filter-apply').click();
    await expect.poll(() => listOf(rep.page).locator('.ant-table-row').count()).toBe(1);
    await listOf(rep.page).getByRole('link', { name: 'Tierney', exact: true }).waitFor();
    await rep.context.close();
  }, 240_000);
});
