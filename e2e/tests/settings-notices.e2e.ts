import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiOf } from '../helpers/api';
import { screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

/** Clicks the list's Export button and reads the downloaded workbook's first sheet. */
async function exportList(page: Page): Promise<ExcelJS.Worksheet> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

describe('System › Settings, the notice bell and a system-list export in Chromium', () => {
  const app = serverAndBrowser();

  it('an administrator changes a built-in setting on the settings page (en, zh)', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, { width: 1400, height: 900 });
    await openPage(page, app.server.url, '/system/config');
    const retention = row(page, 'sys.file.retentionDays');
    await expect.poll(() => retention.textContent(), { timeout: 20_000 }).toContain('default (7)');
    await retention.getByRole('button', { name: /Edit/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('Leave the value empty to use the default (7)');
    await dialog.getByLabel('Value').fill('400');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => dialog.textContent()).toContain('Setting value must be a whole number from 1 to 365');
    await dialog.getByLabel('Value').fill('30');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => retention.textContent()).toContain('30');
    await screenshot(page, 'settings-page-en');
    await context.close();

    const zh = await signedInPage(app.browser, app.server.url, { width: 1400, height: 900, language: 'zh' });
    await openPage(zh.page, app.server.url, '/system/config');
    await expect.poll(() => row(zh.page, 'sys.account.captchaEnabled').textContent(), { timeout: 20_000 }).toContain('登录验证码开关');
    await screenshot(zh.page, 'settings-page-zh');
    await zh.context.close();
  }, 180_000);

  it('a notice published on the notices page reaches the bell, unread until opened (en, zh)', async () => {
    const admin = await signedInPage(app.browser, app.server.url, { width: 1400, height: 900 });
    await openPage(admin.page, app.server.url, '/system/notice');
    await admin.page.getByTestId('notice-add').click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Office closed on Friday');
    await dialog.getByLabel('Content').fill('The office is closed all day.\nSupport stays reachable by e-mail.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => row(admin.page, 'Office closed on Friday').count(), { timeout: 20_000 }).toBe(1);
    await screenshot(admin.page, 'notices-page-en');
    await admin.context.close();

    const { context, page } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 900 });
    await openPage(page, app.server.url, '/Leads/leads-index');
    const bell = page.getByTestId('notice-bell');
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notices, 1 unread');
    await bell.click();
    const item = page.getByTestId('notice-list').getByTestId('notice-item').filter({ hasText: 'Office closed on Friday' });
    await expect.poll(() => item.count()).toBe(1);
    await page.waitForTimeout(500); // the popover's opening animation
    await screenshot(page, 'notice-bell-en');
    await item.click();
    const view = page.getByTestId('notice-view');
    await expect.poll(() => view.textContent()).toContain('Support stays reachable by e-mail.');
    await page.waitForTimeout(500);
    await screenshot(page, 'notice-view-en');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notices');
    await context.close();

    const api = apiOf(app.server.url, (await signedInPage(app.browser, app.server.url)).token);
    expect((await api('POST', '/system/notice', { noticeTitle: '周五办公室关闭', noticeType: '2', noticeContent: '<p>全天关闭。</p>' })).code).toBe(200);
    const zh = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 900, language: 'zh' });
    await openPage(zh.page, app.server.url, '/Leads/leads-index');
    const zhBell = zh.page.getByTestId('notice-bell');
    await expect.poll(() => zhBell.getAttribute('aria-label'), { timeout: 20_000 }).toBe('通知公告，1 条未读');
    await zhBell.click();
    await expect.poll(() => zh.page.getByTestId('notice-list').textContent()).toContain('周五办公室关闭');
    await zh.page.waitForTimeout(500);
    await screenshot(zh.page, 'notice-bell-zh');
    await zh.context.close();
  }, 180_000);

  it('a notice written by RuoYi’s editor keeps its formatting when edited on the notices page (en, zh)', async () => {
    const quill = '<p class="ql-align-center"><strong>Closed</strong> on <span style="color:rgb(230, 0, 0)">Friday</span></p><ol><li>Support by e-mail</li></ol>';
    const api = apiOf(app.server.url, (await signedInPage(app.browser, app.server.url)).token);
    const created = await api('POST', '/system/notice', { noticeTitle: 'Formatted by RuoYi', noticeType: '1', status: '1', noticeContent: quill });
    expect(created.code).toBe(200);
    const noticeId = created.data as number;

    const { context, page } = await signedInPage(app.browser, app.server.url, { width: 1400, height: 900 });
    await openPage(page, app.server.url, '/system/notice');
    const formatted = row(page, 'Formatted by RuoYi');
    await expect.poll(() => formatted.count(), { timeout: 20_000 }).toBe(1);
    await formatted.getByRole('button', { name: /Edit/ }).click();
    const dialog = page.getByRole('dialog');
    const editor = dialog.getByRole('textbox', { name: 'Content' });
    await expect.poll(() => editor.locator('strong').textContent()).toBe('Closed');
    // Type a line at the end and make it bold with the toolbar.
    await editor.locator('li').last().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Back on Monday');
    await screenshot(page, 'notice-editor-en');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const saved = ((await api('GET', `/system/notice/${noticeId}`)).data as { noticeContent: string }).noticeContent;
    expect(saved).toContain('<p class="ql-align-center"><strong>Closed</strong> on <span style="color:rgb(230, 0, 0)">Friday</span></p><ol><li>Support by e-mail</li></ol>');
    expect(saved).toMatch(/<(b|strong)>Back on Monday<\/(b|strong)>/);
    await context.close();

    const zh = await signedInPage(app.browser, app.server.url, { width: 1400, height: 900, language: 'zh' });
    await openPage(zh.page, app.server.url, '/system/notice');
    const zhRow = row(zh.page, 'Formatted by RuoYi');
    await expect.poll(() => zhRow.count(), { timeout: 20_000 }).toBe(1);
    await zhRow.getByRole('button', { name: /修改/ }).click();
    const zhEditor = zh.page.getByRole('dialog').getByRole('textbox', { name: '内容' });
    await expect.poll(() => zhEditor.textContent()).toContain('Back on Monday');
    expect(await zh.page.getByRole('dialog').getByRole('button', { name: '加粗' }).count()).toBe(1);
    await zh.page.waitForTimeout(500);
    await screenshot(zh.page, 'notice-editor-zh');
    await zh.context.close();
  }, 180_000);

  it('exports the user list with its filters to Excel (en, zh)', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, { width: 1400, height: 900 });
    await openPage(page, app.server.url, '/system/user');
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(5);
    const sheet = await exportList(page);
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['User', 'User name', 'Nickname', 'Department']);
    expect(sheet.rowCount).toBeGreaterThan(10);
    await screenshot(page, 'user-export-en');
    await context.close();

    const zh = await signedInPage(app.browser, app.server.url, { width: 1400, height: 900, language: 'zh' });
    await openPage(zh.page, app.server.url, '/system/user');
    await expect.poll(() => zh.page.locator('.ant-table-row').count(), { timeout: 20_000 }).toBeGreaterThan(5);
    const zhSheet = await exportList(zh.page);
    expect(zhSheet.name).toBe('用户');
    expect((zhSheet.getRow(1).values as string[]).slice(2, 3)).toEqual(['用户名']);
    await screenshot(zh.page, 'user-export-zh');
    await zh.context.close();
  }, 180_000);
});
