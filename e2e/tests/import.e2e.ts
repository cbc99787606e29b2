import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settledScreenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An xlsx of these rows, the first one its header. */
async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Leads');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const wizardOf = (page: Page) => page.getByTestId('import-wizard');

/** Opens the wizard on the leads list and uploads the file; answers once the mapping shows. */
async function uploadInWizard(page: Page, name: string, content: Buffer, uploadShot?: string): Promise<void> {
  await page.locator('[data-testid="record-list-leads"]:visible').getByTestId('list-import').click();
  await wizardOf(page).getByTestId('import-template').waitFor();
  if (uploadShot) await settledScreenshot(page, uploadShot);
  await wizardOf(page).locator('input[type="file"]').setInputFiles({ name, mimeType: XLSX, buffer: content });
  await wizardOf(page).getByTestId('import-mapping').waitFor({ timeout: 30_000 });
}

/** From the mapping to the dry run's answer. */
async function toCheck(page: Page): Promise<void> {
  await wizardOf(page).getByTestId('import-next').click();
  await wizardOf(page).getByTestId('import-duplicate-field').waitFor();
  await wizardOf(page).getByTestId('import-next').click();
  await wizardOf(page).getByTestId('import-check').waitFor({ timeout: 60_000 });
}

describe('import in Chromium', () => {
  const app = serverAndBrowser();

  it('imports a file with two bad rows through the wizard, and its error file says why, in English and in Chinese', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 900 });
    await openPage(page, app.server.url, '/Leads/leads-index');
    await uploadInWizard(
      page,
      'new leads.xlsx',
      await xlsx([
        ['Last Name', 'First Name', 'Company', 'Email', 'Lead Status'],
        ['Importwell', 'Ada', 'Wizard Works', 'ada@wizard.example', 'Contacted'],
        ['Importly', 'Ben', 'Wizard Works', 'ben@wizard.example', 'New'],
        ['', 'Nameless', 'Wizard Works', 'nameless@wizard.example', 'New'],
        ['Badmail', 'Cy', 'Wizard Works', 'not-an-email', 'New'],
      ]),
      'import-wizard-upload-en',
    );
    await expect.poll(() => wizardOf(page).locator('.ant-table-row').count()).toBe(5);
    await settledScreenshot(page, 'import-wizard-mapping-en');

    await toCheck(page);
    await expect.poll(() => wizardOf(page).getByTestId('import-check-errors').locator('.ant-table-row').count()).toBe(2);
    await expect.poll(() => wizardOf(page).getByTestId('import-check-errors').textContent()).toContain('Last Name: Please fill in last name');
    await settledScreenshot(page, 'import-wizard-check-en');

    await wizardOf(page).getByTestId('import-run').click();
    await wizardOf(page).getByTestId('import-done').waitFor({ timeout: 60_000 });
    expect(await wizardOf(page).getByTestId('import-done').textContent()).toMatch(/Created.*2.*Failed.*2/s);
    await settledScreenshot(page, 'import-wizard-done-en');

    const [download] = await Promise.all([page.waitForEvent('download'), wizardOf(page).getByTestId('import-error-file').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Last Name', 'First Name', 'Company', 'Email', 'Lead Status', 'Error']);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(6).value).toBe('Last Name: Please fill in last name');
    expect(sheet.getRow(3).getCell(6).value).toBe('Email has an invalid value');

    // The list shows the new leads; the file centre lists the upload with its counts and undo.
    await wizardOf(page).getByTestId('import-open-files').click();
    const files = page.getByTestId('file-dialog');
    await files.getByTestId('import-phase-imported').first().waitFor();
    expect(await files.getByTestId('import-counts').first().textContent()).toBe('2 created · 0 updated · 0 skipped · 2 failed');
    await settledScreenshot(page, 'import-file-centre-en');
    await context.close();

    const zh = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 900, language: 'zh' });
    await openPage(zh.page, app.server.url, '/Leads/leads-index');
    await uploadInWizard(
      zh.page,
      '新线索.xlsx',
      await xlsx([
        ['姓', '名', '公司', '邮箱', '线索状态'],
        ['赵', '一', '向导科技', 'zhao@wizard.example', '已联系'],
        ['钱', '二', '向导科技', 'qian@wizard.example', '睡着了'],
      ]),
      'import-wizard-upload-zh',
    );
    await settledScreenshot(zh.page, 'import-wizard-mapping-zh');
    await toCheck(zh.page);
    await expect.poll(() => wizardOf(zh.page).getByTestId('import-check-errors').textContent()).toContain('线索状态的值无效');
    await settledScreenshot(zh.page, 'import-wizard-check-zh');
    await wizardOf(zh.page).getByTestId('import-run').click();
    await wizardOf(zh.page).getByTestId('import-done').waitFor({ timeout: 60_000 });
    await wizardOf(zh.page).getByTestId('import-open-files').click();
    const zhFiles = zh.page.getByTestId('file-dialog');
    await zhFiles.getByTestId('import-phase-imported').first().waitFor();
    expect(await zhFiles.getByTestId('import-counts').first().textContent()).toBe('新建 1 · 更新 0 · 跳过 0 · 失败 1');
    await settledScreenshot(zh.page, 'import-file-centre-zh');
    await zh.context.close();
  }, 240_000);
});
