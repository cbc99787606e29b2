import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiOf, fixture } from '../helpers/api';
import { openedConfirm, settledScreenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { signedInPage } from './shell-support';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const filesOf = (page: Page) => page.locator('[data-testid="record-files"]:visible');

/** Drops files on the panel (its file input) and waits until the list has `rows` rows. */
async function attach(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>, rows: number): Promise<void> {
  await filesOf(page).locator('input[type="file"]').setInputFiles(files);
  await expect.poll(() => filesOf(page).getByTestId('record-file-name').count(), { timeout: 20_000 }).toBe(rows);
}

describe('files on a record in Chromium', () => {
  const app = serverAndBrowser();

  it('attaches several files to an account, previews an image and a PDF, downloads and deletes, refuses an empty file — in English', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 1000 });
    const api = apiOf(app.server.url, token);
    const accountId = (await api('POST', '/crm/account', fixture({ name: 'Fileworth Holdings' }))).data as number;
    // A real picture to preview: this very page, as the browser draws it.
    await page.goto(`${app.server.url}/account/account-detail?flag=detail&id=${accountId}`);
    await filesOf(page).waitFor();
    await filesOf(page).getByTestId('record-files-empty').waitFor();
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 480, height: 300 } });

    await attach(
      page,
      [
        { name: 'site photo.png', mimeType: 'image/png', buffer: picture },
        { name: 'Quote 2026.pdf', mimeType: 'application/pdf', buffer: PDF },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Call back on Tuesday') },
      ],
      3,
    );
    const panelText = await filesOf(page).textContent();
    expect(panelText).toContain('Files (3)');
    expect(panelText).toContain('Image');
    expect(panelText).toContain('PDF');
    expect(panelText).toContain('Olivia Park');
    await filesOf(page).scrollIntoViewIfNeeded();
    await settledScreenshot(page, 'attachments-list-en');

    // The image's preview.
    const row = (name: string) => filesOf(page).locator('.ant-table-row', { hasText: name });
    await row('site photo.png').getByTestId('record-file-preview').click();
    const image = page.getByTestId('record-file-preview-image');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await settledScreenshot(page, 'attachments-preview-image-en');
    await page.keyboard.press('Escape');
    await image.waitFor({ state: 'detached' });

    // The PDF's preview: a frame of its bytes.
    await row('Quote 2026.pdf').getByTestId('record-file-preview').click();
    await page.getByTestId('record-file-preview-pdf').waitFor();
    await settledScreenshot(page, 'attachments-preview-pdf-en');
    // Closed by its button: once Chromium's PDF viewer has loaded it holds the keyboard, and Escape
    // is the viewer's (a slow machine loaded it before the key was pressed).
    await page.locator('.ant-modal-close:visible').click();
    await page.getByTestId('record-file-preview-pdf').waitFor({ state: 'detached' });

    // Download: the same bytes, under the file's name.
    const [download] = await Promise.all([page.waitForEvent('download'), row('notes.txt').getByTestId('record-file-download').click()]);
    expect(download.suggestedFilename()).toBe('notes.txt');
    expect((await readFile((await download.path())!)).toString()).toBe('Call back on Tuesday');

    // Delete, after a confirmation.
    await row('notes.txt').getByTestId('record-file-delete').click();
    await (await openedConfirm(page)).locator('.ant-btn-dangerous').click();
    await expect.poll(() => filesOf(page).getByTestId('record-file-name').count()).toBe(2);

    // An empty file is refused, with the reason in the panel, and nothing is added.
    await filesOf(page).locator('input[type="file"]').setInputFiles([{ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) }]);
    await expect.poll(() => filesOf(page).getByTestId('record-files-error').textContent()).toContain('The file "empty.txt" is empty: nothing was uploaded');
    expect(await filesOf(page).getByTestId('record-file-name').count()).toBe(2);
    await settledScreenshot(page, 'attachments-error-en');

    // Another rep cannot reach them (outside their data scope).
    const other = await signedInPage(app.browser, app.server.url, { username: 'noah.king', width: 1200, height: 800 });
    const files = (await api('GET', `/crm/account/${accountId}/attachments`)).data as Array<{ id: number }>;
    expect((await apiOf(app.server.url, other.token)('GET', `/crm/account/${accountId}/attachments`)).code).toBe(404);
    const res = await fetch(`${app.server.url}/dev-api/crm/attachment/${files[0]!.id}`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(res.status).toBe(404);
    await other.context.close();
    await context.close();
  }, 180_000);

  it('attaches files to a lead and previews them — in Chinese', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 1000, language: 'zh' });
    const api = apiOf(app.server.url, token);
    const leadId = (await api('POST', '/crm/leads', fixture({ lastName: '附件', firstName: '测试', company: '文件科技' }))).data as number;
    await page.goto(`${app.server.url}/Leads/leads-detail?flag=detail&id=${leadId}`);
    await filesOf(page).waitFor();
    await filesOf(page).getByTestId('record-files-empty').waitFor();
    expect(await filesOf(page).textContent()).toContain('暂无文件');
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 480, height: 300 } });
    await attach(
      page,
      [
        { name: '现场照片.png', mimeType: 'image/png', buffer: picture },
        { name: '报价单.pdf', mimeType: 'application/pdf', buffer: PDF },
      ],
      2,
    );
    const text = await filesOf(page).textContent();
    expect(text).toContain('文件 (2)');
    expect(text).toContain('图片');
    expect(text).toContain('上传人');
    await filesOf(page).scrollIntoViewIfNeeded();
    await settledScreenshot(page, 'attachments-list-zh');
    await filesOf(page).locator('.ant-table-row', { hasText: '现场照片.png' }).getByTestId('record-file-name').click();
    await page.getByTestId('record-file-preview-image').waitFor();
    await settledScreenshot(page, 'attachments-preview-image-zh');
    await page.keyboard.press('Escape');
    await filesOf(page).locator('input[type="file"]').setInputFiles([{ name: '空文件.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) }]);
    await expect.poll(() => filesOf(page).getByTestId('record-files-error').textContent()).toContain('文件“空文件.txt”为空，未上传任何文件');
    await settledScreenshot(page, 'attachments-error-zh');
    await context.close();
  }, 180_000);
});
