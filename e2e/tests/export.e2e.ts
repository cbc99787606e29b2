import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiOf } from '../helpers/api';
import { quickSearch, screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const listOf = (page: Page) => page.locator('[data-testid="record-list-leads"]:visible');

async function search(page: Page, text: string): Promise<void> {
  await quickSearch(listOf(page), text, 2);
}

/**
 * Exports the leads list as shown: a short list downloads at once (issue 36), without the file
 * centre opening; read the file.
 */
async function exportShownList(page: Page, choice: RegExp): Promise<ExcelJS.Worksheet> {
  await listOf(page).getByTestId('list-export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: choice }).click()]);
  expect(await page.getByTestId('file-dialog').locator('.ant-modal-wrap').isVisible()).toBe(false);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** Opens the file centre from the top bar (its downloads tab first). */
async function openFileCentre(page: Page): Promise<void> {
  await page.getByTestId('file-button').click();
  await page.getByTestId('file-dialog').locator('.ant-table-row').first().waitFor();
  expect(await page.getByTestId('file-dialog').locator('.ant-modal-wrap').isVisible()).toBe(true);
}

/** Waits in the file centre for the newest file to be available, downloads it and opens it. */
async function downloadNewest(page: Page): Promise<ExcelJS.Workbook> {
  const dialog = page.getByTestId('file-dialog');
  const newest = dialog.locator('.ant-table-row').first();
  await expect.poll(() => newest.locator('[data-testid="file-status-available"]').count(), { timeout: 30_000 }).toBe(1);
  const [download] = await Promise.all([page.waitForEvent('download'), newest.getByRole('button').click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  return workbook;
}

describe('export in Chromium', () => {
  const app = serverAndBrowser();

  it('exports a searched lead list to Excel at once, kept in the file centre as done, in English and in Chinese', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 900 });
    const api = apiOf(app.server.url, token);
    for (const lastName of ['Exportwell', 'Exportly']) {
      const res = await api('POST', '/crm/leads', { lastName, company: 'Xlsx Works', status: 'contacted' });
      expect(res.code, res.msg).toBe(200);
    }

    await openPage(page, app.server.url, '/Leads/leads-index');
    await search(page, 'Xlsx Works');

    const sheet = await exportShownList(page, /This list as shown/);
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Last Name', 'Company', 'Lead Status']));
    expect(sheet.rowCount).toBe(3);
    const lastNames = [2, 3].map((r) => sheet.getRow(r).getCell(header.indexOf('Last Name') + 1).value);
    expect(lastNames.sort()).toEqual(['Exportly', 'Exportwell']);
    expect(sheet.getRow(2).getCell(header.indexOf('Lead Status') + 1).value).toBe('Contacted');
    // Listed in the file centre as done, and downloadable from there again.
    await openFileCentre(page);
    const again = (await downloadNewest(page)).worksheets[0]!;
    expect(again.rowCount).toBe(3);
    await screenshot(page, 'export-file-centre-en');
    await context.close();

    const zh = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 900, language: 'zh' });
    await openPage(zh.page, app.server.url, '/Leads/leads-index');
    await search(zh.page, 'Xlsx Works');
    const zhSheet = await exportShownList(zh.page, /当前列表/);
    const zhHeader = (zhSheet.getRow(1).values as string[]).slice(1);
    expect(zhHeader).toEqual(expect.arrayContaining(['姓', '公司', '线索状态']));
    expect(zhSheet.getRow(2).getCell(zhHeader.indexOf('线索状态') + 1).value).toBe('已联系');
    await openFileCentre(zh.page);
    await zh.page.getByTestId('file-dialog').locator('.ant-table-row').first().locator('[data-testid="file-status-available"]').waitFor();
    await zh.page.waitForTimeout(400); // the dialog's opening animation
    await screenshot(zh.page, 'export-file-centre-zh');
    await zh.context.close();
  }, 180_000);

  it('exports a report with its figures and records from the report page', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'admin', width: 1400, height: 900 });
    const api = apiOf(app.server.url, token);
    const templates = await api('GET', '/crm/report/list?kind=templates&pageSize=50');
    const pipeline = (templates.rows as Array<{ id: number; name: string }>).find((r) => r.name === 'Pipeline by stage')!;
    await page.goto(`${app.server.url}/report/report-detail?flag=detail&id=${pipeline.id}`);
    await page.getByTestId('report-export').click();
    const workbook = await downloadNewest(page);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Summary', 'Records']);
    expect((workbook.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual(['Stage', 'Sum of Amount (USD)', 'Record Count']);
    await screenshot(page, 'export-report-en');
    await context.close();
  }, 120_000);
});
