import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickUntil, quickSearch, screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const listOf = (page: Page, module: string) => page.locator(`[data-testid="record-list-${module}"]:visible`);
const detailOf = (page: Page, module: string) => page.locator(`[data-testid="record-detail-${module}"]:visible`);
/** The OK button of the dialog on top (antd writes two Chinese characters with a space between). */
const okOf = (page: Page) => page.locator('.ant-modal-wrap:visible').last().getByRole('button', { name: /^(OK|Convert)$/ });

/**
 * What went wrong on a page without the user asking for it: errors written to the console
 * (uncaught ones too) and answers of 400 or more. The walk causes none on purpose, so any is a fault.
 */
function watchForFaults(page: Page): string[] {
  const faults: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') faults.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => faults.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) faults.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return faults;
}

/**
 * Issue 36's newcomer's walk, as a sales manager: create a lead, convert it, move the opportunity
 * along its stages, complete the follow-up task, open a report and the dashboard — with no console
 * error and no failed request on the way. It uses the screens the way a person does (roles, labels
 * and the engine's stable test ids); the pipeline step moves the opportunity on its stage path, the
 * board's own test (opportunity.e2e.ts) drags cards.
 */
describe('a newcomer\'s walk through the product, as a sales manager', () => {
  const app = serverAndBrowser();

  it('creates a lead, converts it, moves the opportunity, completes its task, opens a report and the dashboard: no console error, no 4xx/5xx', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, { username: 'emma.stone', width: 1440, height: 900 });
    const faults = watchForFaults(page);

    // 1. A new lead, through the list's New button and the form.
    await openPage(page, app.server.url, '/Leads/leads-index');
    const leads = listOf(page, 'leads');
    await leads.locator('.ant-table-row').first().waitFor();
    await leads.getByTestId('record-new').click();
    await page.getByTestId('record-type-picker').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    const form = page.getByTestId('record-form');
    await form.waitFor();
    await form.locator('#firstName').fill('Wren');
    await form.locator('#lastName').fill('Wayfarer');
    await form.locator('#company').fill('Wayfarer Walks Ltd');
    await form.locator('#email').fill('wren@wayfarer-walks.example');
    await page.getByTestId('record-form-save').click();
    await form.waitFor({ state: 'detached' });
    await quickSearch(leads, 'Wayfarer Walks', 1);
    await leads.getByRole('link', { name: 'Wayfarer', exact: true }).click();
    const lead = detailOf(page, 'leads');
    await expect.poll(() => lead.getByTestId('record-name').textContent()).toBe('Wren Wayfarer');

    // 2. Converted: a new account, an opportunity and a follow-up task.
    await lead.getByTestId('lead-convert').click();
    const dialog = page.getByTestId('convert-form');
    await dialog.locator('#account_name').waitFor();
    expect(await dialog.locator('#opportunity_name').inputValue()).toBe('Wayfarer Walks Ltd deal');
    await dialog.locator('#opportunity_closeDate').click();
    await dialog.locator('#opportunity_closeDate').fill('2027-03-31');
    await page.keyboard.press('Enter');
    await dialog.locator('#opportunity_amount').fill('36000');
    await dialog.getByTestId('convert-task').getByRole('checkbox', { name: 'Create a follow-up task' }).check();
    await screenshot(page, 'newcomer-convert');
    await okOf(page).click();
    await dialog.waitFor({ state: 'detached' });
    const banner = lead.getByTestId('converted-banner');
    await banner.getByRole('link', { name: 'Wayfarer Walks Ltd deal' }).click();
    const deal = detailOf(page, 'opportunity');
    await expect.poll(() => deal.getByTestId('record-name').textContent()).toBe('Wayfarer Walks Ltd deal');

    // 3. The pipeline: the opportunity moves on to Proposal along its stage path.
    const path = deal.getByTestId('stage-path');
    await path.locator('.ant-steps-item-process').waitFor();
    await path.getByText('Proposal', { exact: true }).click();
    await expect.poll(() => path.locator('.ant-steps-item-process .ant-steps-item-title').textContent()).toBe('Proposal');
    await deal.getByTestId('stage-history').getByText('Proposal').first().waitFor();

    // 4. The follow-up task, completed from the opportunity's related list.
    const task = deal.getByTestId('related-task-relatedTo').locator('.ant-table-row').first();
    const completed = page.getByText('Task completed').waitFor({ timeout: 45_000 });
    await clickUntil(task.getByTestId('task-complete'), task.getByTestId('task-reopen'));
    await completed;
    await screenshot(page, 'newcomer-opportunity');

    // 5. A report, opened from the list's templates by its name (a real link).
    await openPage(page, app.server.url, '/report/report-index');
    await page.getByRole('tab', { name: 'Templates' }).click();
    await page.getByRole('link', { name: 'Pipeline by stage', exact: true }).first().click();
    const report = page.getByTestId('report-detail');
    await expect.poll(() => report.getByTestId('report-title').textContent(), { timeout: 20_000 }).toBe('Pipeline by stage');
    await report.getByTestId('report-chart').locator('canvas').waitFor({ timeout: 20_000 });
    await expect.poll(() => report.textContent()).toContain('Proposal');

    // 6. The dashboard: every widget drawn, none left loading.
    await openPage(page, app.server.url, '/dashboard/dashboard-index');
    const grid = page.getByTestId('dashboard-grid');
    await grid.waitFor({ timeout: 20_000 });
    await grid.getByTestId('report-chart').first().locator('canvas').waitFor({ timeout: 20_000 });
    await expect.poll(() => grid.getByTestId('widget-loading').count(), { timeout: 20_000 }).toBe(0);
    await screenshot(page, 'newcomer-dashboard');

    expect(faults).toEqual([]);
    await context.close();
  }, 240_000);
});
