import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { navigate, signedInPage } from './shell-support';

/** Every template demo page (SPEC §2) by address, with the demo id its content carries. */
const PAGES: Array<[string, string]> = [
  ['/permission/page', 'permission.page'],
  ['/permission/directive', 'permission.directive'],
  ['/permission/role', 'permission.role'],
  ['/icon/index', 'icon'],
  ['/components/tinymce', 'tinymce'],
  ['/components/markdown', 'markdown'],
  ['/components/json-editor', 'jsonEditor'],
  ['/components/split-pane', 'splitPane'],
  ['/components/avatar-upload', 'avatar'],
  ['/components/dropzone', 'dropzone'],
  ['/components/sticky', 'sticky'],
  ['/components/count-to', 'countTo'],
  ['/components/mixin', 'mixin'],
  ['/components/back-to-top', 'backToTop'],
  ['/components/drag-dialog', 'dragDialog'],
  ['/components/drag-select', 'dragSelect'],
  ['/components/dnd-list', 'dndList'],
  ['/components/drag-kanban', 'dragKanban'],
  ['/charts/keyboard', 'charts.keyboard'],
  ['/charts/line', 'charts.line'],
  ['/charts/mixchart', 'charts.mixchart'],
  ['/nested/menu1/menu1-1', 'nested'],
  ['/nested/menu1/menu1-2/menu1-2-1', 'nested'],
  ['/nested/menu1/menu1-2/menu1-2-2', 'nested'],
  ['/nested/menu1/menu1-3', 'nested'],
  ['/nested/menu2', 'nested'],
  ['/example/list', 'example.list'],
  ['/example/create', 'example.create'],
  ['/example/edit/7', 'example.edit'],
  ['/tab/index', 'tab'],
  ['/error/401', 'error.401'],
  ['/error/404', 'error.404'],
  ['/error-log/log', 'errorLog'],
  ['/excel/export-excel', 'excel.export'],
  ['/excel/export-selected-excel', 'excel.selected'],
  ['/excel/export-merge-header', 'excel.merge'],
  ['/excel/upload-excel', 'excel.upload'],
  ['/zip/download', 'zip'],
  ['/pdf/index', 'pdf'],
  ['/pdf/download', 'pdf.download'],
  ['/theme/index', 'theme'],
  ['/clipboard/index', 'clipboard'],
  ['/i18n/index', 'i18n'],
];
const ADMIN_ONLY = ['/permission/page', '/permission/role'];

const demo = (page: Page, id: string) => page.locator(`.app-page:visible [data-demo="${id}"]`);
const slug = (path: string) => path.slice(1).replace(/\//g, '-');

async function open(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByTestId('app-layout').waitFor();
}

/** Pages a restricted role is tried on: the two admin-only ones and a few of each section. */
const SAMPLE = PAGES.filter(([path], i) => ADMIN_ONLY.includes(path) || i % 8 === 3);

describe('template demo pages in Chromium', () => {
  const app = serverAndBrowser();

  for (const language of ['en', 'zh'] as const) {
    it(`admin opens every demo page (${language})`, async () => {
      const { context, page } = await signedInPage(app.browser, app.server.url, { language, width: 1400, height: 900 });
      await open(page, app.server.url, PAGES[0]![0]);
      for (const [path, id] of PAGES) {
        await navigate(page, path);
        await demo(page, id).waitFor({ timeout: 20_000 });
        if (id.startsWith('charts.')) await page.locator('.app-page:visible [data-testid="demo-chart"] canvas').first().waitFor();
        await screenshot(page, `demo-${slug(path)}-${language}`, 200);
      }
      // The sidebar lists the demo sections; the example base redirects to its list; a non-numeric id does not exist.
      await page.getByTestId('menu-Charts').waitFor();
      await page.goto(`${app.server.url}/example`);
      await page.waitForURL(/\/example\/list$/);
      await page.goto(`${app.server.url}/example/edit/abc`);
      await page.waitForURL(/\/404$/);
      await context.close();
    }, 300_000);
  }

  it('editor: the demo pages but the permission page and role; visitor: none (a sample of each section)', async () => {
    const editor = await signedInPage(app.browser, app.server.url, { username: 'editor' });
    for (const [path, id] of SAMPLE) {
      await open(editor.page, app.server.url, path);
      if (ADMIN_ONLY.includes(path)) {
        await editor.page.getByTestId('no-permission').waitFor();
        await screenshot(editor.page, `demo-editor-refused-${slug(path)}-en`);
      } else await demo(editor.page, id).waitFor({ timeout: 20_000 });
    }
    await editor.context.close();

    const visitor = await signedInPage(app.browser, app.server.url, { username: 'visitor' });
    await open(visitor.page, app.server.url, '/dashboard/dashboard-index');
    await visitor.page.locator('[data-page="/dashboard/dashboard-index"]:visible').waitFor();
    for (const [path] of SAMPLE) {
      await open(visitor.page, app.server.url, path);
      await visitor.page.getByTestId('no-permission').waitFor();
      expect(await visitor.page.locator('.app-page:visible [data-demo]').count(), path).toBe(0);
    }
    await visitor.context.close();
  }, 300_000);

  /** A 2×2 PNG: the browser decodes it, the crop redraws it, and the server takes the crop as an image. */
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4zwAE/xkgFAAb8gP91pbyKwAAAABJRU5ErkJggg==', 'base64');

  for (const language of ['en', 'zh'] as const) {
    it(`uploads a cropped avatar through the profile path, and the demo role switch narrows the sidebar (${language})`, async () => {
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { language, width: 1400, height: 900 });

      await open(page, app.server.url, '/components/avatar-upload');
      const avatar = page.locator('.app-page:visible');
      await avatar.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await avatar.getByTestId('avatar-crop-upload').click();
      await page.getByText(language === 'en' ? "Avatar uploaded: it is now your account's avatar" : '头像已上传：现在是你账号的头像').waitFor();
      const shown = avatar.locator('[data-testid="avatar-uploaded"] img');
      expect(await shown.getAttribute('src')).toMatch(/^\/dev-api\/profile\/avatar\/[^/]+\.png$/);
      // The server serves what it kept: the image decodes, and it is now the signed-in user's avatar.
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(200);
      const info = (await (await fetch(`${app.server.url}/dev-api/getInfo`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { user: { avatar: string } };
      expect(`/dev-api${info.user.avatar}`).toBe(await shown.getAttribute('src'));
      expect(await page.getByTestId('user-menu').locator('img').getAttribute('src')).toBe(await shown.getAttribute('src'));
      await screenshot(page, `demo-avatar-uploaded-${language}`);

      await open(page, app.server.url, '/permission/page');
      const sidebar = page.getByTestId('sidebar');
      const role = (name: string) => page.locator('.app-page:visible .ant-radio-button-wrapper', { hasText: name });
      await sidebar.getByTestId('menu-PagePermission').waitFor();
      await role('editor').click();
      await sidebar.getByTestId('menu-PagePermission').waitFor({ state: 'detached' });
      expect(await sidebar.getByTestId('menu-RolePermission').count()).toBe(0);
      // The editor's permission folder holds one page: it is drawn as that page's link, under the folder's name.
      await sidebar.getByTestId('menu-Permission').waitFor();
      expect(await sidebar.getByTestId('menu-DirectivePermission').count()).toBe(0);
      await role('visitor').click();
      await sidebar.getByTestId('menu-Permission').waitFor({ state: 'detached' });
      expect(await sidebar.getByTestId('menu-Charts').count()).toBe(0);
      expect(await sidebar.getByTestId('menu-System').count()).toBe(1);
      await page.waitForTimeout(400); // the radio buttons' colour transition settles
      await screenshot(page, `demo-permission-visitor-${language}`);
      // A reload keeps the played role (session storage); the page stays open, so the role can be switched back.
      await page.reload();
      await page.locator('.app-page:visible [data-demo="permission.page"]').waitFor();
      await expect.poll(() => page.locator('.app-page:visible [data-testid="demo-role"]').textContent()).toBe('visitor');
      expect(await sidebar.getByTestId('menu-Permission').count()).toBe(0);
      await role('admin').click();
      await sidebar.getByTestId('menu-Permission').waitFor();
      await sidebar.getByTestId('menu-Charts').waitFor();
      await sidebar.getByTestId('menu-PagePermission').waitFor();
      await context.close();
    }, 180_000);
  }

  it('drags a kanban card, exports the selected rows to Excel and reads them back, switches the theme colour, and plays the roles', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, { width: 1400, height: 900 });

    await open(page, app.server.url, '/components/drag-kanban');
    const card = page.locator('.app-page:visible [data-testid="kanban-todo"] [data-testid="kanban-card"]', { hasText: 'Call Acme' });
    await card.dragTo(page.locator('.app-page:visible [data-testid="kanban-done"]'));
    await expect.poll(() => page.locator('.app-page:visible [data-testid="kanban-done"] [data-testid="kanban-card"]').allTextContents()).toEqual(['Qualify lead', 'Call Acme']);
    expect(await page.locator('.app-page:visible [data-testid="kanban-todo"] [data-testid="kanban-card"]').count()).toBe(2);
    await screenshot(page, 'demo-kanban-dragged-en');

    await open(page, app.server.url, '/excel/export-selected-excel');
    const selected = page.locator('.app-page:visible');
    await selected.getByTestId('excel-export').click();
    await page.getByText('Please select at least one record and try again').waitFor();
    await selected.locator('.ant-table-row').nth(1).locator('input[type="checkbox"]').check();
    await selected.locator('.ant-table-row').nth(3).locator('input[type="checkbox"]').check();
    await selected.getByTestId('excel-file-name').fill('chosen');
    const [download] = await Promise.all([page.waitForEvent('download'), selected.getByTestId('excel-export').click()]);
    expect(download.suggestedFilename()).toBe('chosen.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(['Id', 'Title', 'Author', 'Readings', 'Date']);
    expect(sheet.rowCount).toBe(3);
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value]).toEqual([2, 4]);

    await open(page, app.server.url, '/theme/index');
    const primary = () => page.evaluate(() => getComputedStyle(document.querySelector('.app-page:not([hidden]) .ant-btn-primary')!).backgroundColor);
    expect(await primary()).toBe('rgb(85, 66, 246)');
    await page.locator('.app-page:visible').getByTestId('theme-0958d9').click();
    await expect.poll(primary).toBe('rgb(9, 88, 217)');
    await screenshot(page, 'demo-theme-switched-en');
    await page.locator('.app-page:visible').getByTestId(`theme-5542f6`).click();
    await expect.poll(primary).toBe('rgb(85, 66, 246)');

    // The directive hides blocks by the demo role; the role page creates a role through the mock endpoint.
    await open(page, app.server.url, '/permission/directive');
    const blocks = page.locator('.app-page:visible [data-testid="directive-blocks"] .ant-alert');
    await expect.poll(() => blocks.count()).toBe(2);
    const role = (name: string) => page.locator('.app-page:visible .ant-radio-button-wrapper', { hasText: name });
    await role('visitor').click();
    await expect.poll(() => blocks.count()).toBe(0);
    await role('editor').click();
    await expect.poll(() => blocks.count()).toBe(2);
    await screenshot(page, 'demo-directive-editor-en');
    await role('admin').click();

    await open(page, app.server.url, '/permission/role');
    const roles = page.locator('.app-page:visible .ant-table-row');
    await expect.poll(() => roles.count()).toBe(3);
    await page.locator('.app-page:visible').getByRole('button', { name: 'New role' }).click();
    await page.locator('.ant-modal:visible input').first().fill('auditor');
    await page.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => roles.count()).toBe(4);
    const key = Number(await roles.nth(3).locator('td').first().textContent());
    expect(key).toBeGreaterThanOrEqual(300);
    expect(key).toBeLessThanOrEqual(5000);
    await context.close();
  }, 240_000);
});
