import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage, switchLanguage } from './shell-support';

const NO_PERMISSION = "Sorry，you don't have the permissions for this URL，please contact IT Services，thanks！";

const fileRows = [
  { id: 11, fileName: 'Opportunities 2026-11.xlsx', status: 0, createTimeStr: '2026-11-22 10:05:00' },
  { id: 12, fileName: 'Leads export.xlsx', status: 1, createTimeStr: '2026-11-22 09:30:12' },
  { id: 13, fileName: 'Accounts export.xlsx', status: 3, createTimeStr: '2026-11-21 17:45:40' },
];

/** The file dialog's API answers, so that the dialog shows each file state (the real API has its own tests). */
async function fakeFileApi(page: Page) {
  await page.route('**/dev-api/userFile/userFilePageList', async (route) => {
    const body = route.request().postDataJSON() as { type: number; pageNum: number; pageSize: number };
    const rows = body.type === 1 ? fileRows : [];
    await route.fulfill({ json: { code: 200, msg: 'ok', total: rows.length, rows }, headers: { 'System-Version': 'v1.0.4' } });
  });
  await page.route('**/dev-api/userFile/getFileUrl/12', (route) =>
    route.fulfill({ json: { code: 200, msg: 'ok', data: { fileUrl: '/dev-api/userFile/download/12', fileName: 'Leads export.xlsx' } }, headers: { 'System-Version': 'v1.0.4' } }),
  );
  await page.route('**/dev-api/userFile/download/12', (route) =>
    route.fulfill({ body: 'PK-excel-bytes', contentType: 'application/octet-stream', headers: { 'System-Version': 'v1.0.4' } }),
  );
}

describe('web shell: requests, errors, files', () => {
  const app = serverAndBrowser();

  it('the file dialog shows a generating, an available and a failed file, and downloads the available one', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await fakeFileApi(page);
    await openPage(page, app.server.url, '/home');
    await page.getByTestId('file-button').click();
    const dialog = page.getByTestId('file-dialog');
    await dialog.getByText('Leads export.xlsx').waitFor();
    expect(await dialog.getByRole('tab', { name: 'Download Record' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('tab', { name: 'Upload Record' }).waitFor();
    await dialog.getByTestId('file-status-generating').waitFor();
    await dialog.getByTestId('file-status-failed').waitFor();
    expect(await dialog.getByTestId('file-status-available').textContent()).toBe('Available');
    expect(await dialog.getByTestId('file-download-11').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('file-download-13').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('file-download-12').isEnabled()).toBe(true);
    await screenshot(page, 'shell-files-en');

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('file-download-12').click()]);
    expect(download.suggestedFilename()).toBe('Leads export.xlsx');
    await page.getByText('Download Successful').waitFor();

    // The upload tab asks for type 0.
    const listed = page.waitForRequest((r) => r.url().includes('userFilePageList') && (r.postDataJSON() as { type: number }).type === 0);
    await dialog.getByRole('tab', { name: 'Upload Record' }).click();
    await listed;
    await context.close();
  });

  it('the real file API answers the dialog (empty for a new user)', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await openPage(page, app.server.url, '/home');
    const answered = page.waitForResponse((r) => r.url().includes('/dev-api/userFile/userFilePageList'));
    await page.getByTestId('file-button').click();
    const response = await answered;
    expect(await response.json()).toMatchObject({ code: 200, total: 0, rows: [] });
    await context.close();
  });

  it("a browser without fullscreen says 'you browser can not work'", async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await context.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
    await openPage(page, app.server.url, '/home');
    await page.getByTestId('fullscreen').click();
    await page.locator('.ant-message-notice').getByText('you browser can not work', { exact: true }).waitFor();
    await context.close();
  });

  it('an expired session shows the Confirm logout dialog; Re-Login goes to the sign-in page', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await openPage(page, app.server.url, '/home');
    await context.addCookies([{ name: 'Admin-Token', value: 'expired-or-revoked-token', url: app.server.url }]);
    await page.getByTestId('file-button').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Confirm logout' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('You have been logged out, you can cancel to stay on this page, or log in again');
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    await screenshot(page, 'shell-session-expired-en');
    await dialog.getByRole('button', { name: 'Re-Login' }).click();
    await page.waitForURL(/\/login/);
    expect((await context.cookies()).some((c) => c.name === 'Admin-Token')).toBe(false);
    await context.close();
  });

  it('the request dialogs speak Chinese too', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await openPage(page, app.server.url, '/home');
    await switchLanguage(page, '中文');
    await page.route('**/dev-api/userFile/**', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'system-version': 'v1.0.5' } });
    });
    await page.getByTestId('file-button').click();
    const update = page.getByRole('dialog').filter({ hasText: '系统更新' });
    await update.waitFor();
    await screenshot(page, 'shell-system-update-zh');
    await context.close();

    const second = await signedInPage(app.browser, app.server.url);
    await openPage(second.page, app.server.url, '/home');
    await switchLanguage(second.page, '中文');
    await second.context.addCookies([{ name: 'Admin-Token', value: 'expired-or-revoked-token', url: app.server.url }]);
    await second.page.getByTestId('file-button').click();
    const logout = second.page.getByRole('dialog').filter({ hasText: '系统提示' });
    await logout.getByRole('button', { name: '重新登录' }).waitFor();
    await screenshot(second.page, 'shell-session-expired-zh');
    await second.context.close();
  });

  it('a changed server version shows the blocking System Update dialog', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await openPage(page, app.server.url, '/home');
    await page.route('**/dev-api/userFile/**', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'system-version': 'v1.0.5' } });
    });
    await page.getByTestId('file-button').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'System Update' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('A new version has been detected. The system will update immediately.');
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['OK']);
    await screenshot(page, 'shell-system-update-en');
    await page.unroute('**/dev-api/userFile/**');
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await reloaded;
    await context.close();
  });

  it('a sales rep opening /system/user gets the no-permission message, in both languages', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park' });
    await page.goto(`${app.server.url}/system/user`);
    await page.getByText(NO_PERMISSION).waitFor();
    expect(await page.title()).toBe('Orbit CRM - No permission');
    await screenshot(page, 'shell-401-en');
    await switchLanguage(page, '中文');
    await page.getByText('抱歉，您没有访问此地址的权限，请联系 IT 服务部门，谢谢！').waitFor();
    await screenshot(page, 'shell-401-zh');
    // An address outside the product's areas is simply not found.
    await page.goto(`${app.server.url}/definitely-not-here`);
    await page.waitForURL(/\/404$/);
    await context.close();
  });

  it('collects uncaught errors in the error-log dialog (production build): Msg, Info, Url, Stack, Clear All', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await openPage(page, app.server.url, '/home');
    expect(await page.getByTestId('error-log').count()).toBe(0);
    const thrown: string[] = [];
    page.on('pageerror', (error) => thrown.push(error.message));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Widget exploded');
      });
      void Promise.reject(new Error('Nobody caught this promise'));
    });
    // Both reached the page as uncaught errors (so a missing button is the collector's fault).
    await expect.poll(() => thrown.length).toBe(2);
    await page.getByTestId('error-log').click();
    const dialog = page.getByRole('dialog', { name: 'Error log' });
    await dialog.getByRole('cell', { name: 'Widget exploded', exact: true }).waitFor();
    await dialog.getByRole('cell', { name: 'Nobody caught this promise', exact: true }).waitFor();
    for (const header of ['Msg', 'Info', 'Url', 'Stack']) await dialog.getByRole('columnheader', { name: header }).waitFor();
    await screenshot(page, 'shell-error-log-en');
    await dialog.getByRole('button', { name: 'Clear All' }).click();
    await expect.poll(() => page.getByTestId('error-log').count()).toBe(0);
    await context.close();
  });

  it('a menu that cannot be loaded shows the menu-load message and goes back to sign-in', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await page.route('**/dev-api/getRouters', (route) => route.fulfill({ status: 500, json: { code: 500, msg: '' }, headers: { 'System-Version': 'v1.0.4' } }));
    await page.goto(`${app.server.url}/home`);
    await page.getByText('菜单数据加载异常').waitFor();
    await page.waitForURL(/\/login\?redirect=%2Fhome$/);
    // Only the menu-load message: the server's own 'Error' is not shown beside it.
    expect(await page.locator('.ant-message-notice').allInnerTexts()).toEqual(['菜单数据加载异常']);
    await context.close();
  });

  it('with a bogus token the guard clears it and goes to /login?redirect=', async () => {
    const context = await app.browser.newContext();
    await context.addCookies([{ name: 'Admin-Token', value: 'bogus', url: app.server.url }]);
    const page = await context.newPage();
    await page.goto(`${app.server.url}/Leads/leads-index?flag=detail&id=3`);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/Leads/leads-index?flag=detail&id=3');
    await page.getByRole('dialog').filter({ hasText: 'Confirm logout' }).waitFor();
    expect((await context.cookies()).some((c) => c.name === 'Admin-Token')).toBe(false);
    await context.close();
  });
});
