import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openedConfirm, screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

type Answer = { status: number; body: { code: number; msg: string; total?: number } };

/** A call made from the page with the key only (no session), as another program would. */
const withKey = (page: Page, key: string, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ key, method, path, body }) => {
      const res = await fetch(`/dev-api${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'accept-language': document.documentElement.lang, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: await res.json() } as Answer;
    },
    { key, method, path, body },
  );

describe('personal API keys in Chromium, as a sales rep', () => {
  const app = serverAndBrowser();

  for (const language of ['en', 'zh'] as const) {
    const texts =
      language === 'en'
        ? { tab: 'API keys', create: 'New API key', name: 'Name', readOnly: 'Read-only', done: 'I have copied it', never: 'Never', refused: 'This API key is read-only: it may only read (GET requests)' }
        : { tab: 'API 密钥', create: '新建 API 密钥', name: '名称', readOnly: '只读', done: '我已复制', never: '从未使用', refused: '此 API 密钥为只读：只能读取（GET 请求）' };

    it(`creates a read-only key on the profile page (${language}), shows it once, and the key lists the rep's leads but may not write`, async () => {
      const { context, page } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language });
      await openPage(page, app.server.url, '/user/profile');
      await page.getByRole('tab', { name: texts.tab }).click();
      const section = page.getByTestId('api-keys-section');
      await section.getByText(texts.create).waitFor();
      await screenshot(page, `api-keys-empty-${language}`);

      await section.getByRole('button', { name: texts.create }).click();
      const dialog = page.getByTestId('api-key-create-dialog');
      await dialog.getByLabel(texts.name).fill(`Sync ${language}`);
      await dialog.getByRole('checkbox', { name: texts.readOnly }).check();
      await screenshot(page, `api-keys-create-${language}`);
      await dialog.locator('.ant-btn-primary').click();

      const shown = page.getByTestId('api-key-shown-once');
      const value = shown.getByTestId('api-key-value');
      await value.waitFor();
      const key = await value.inputValue();
      expect(key).toMatch(/^orb_[A-Za-z0-9_-]{43}$/);
      await screenshot(page, `api-keys-shown-once-${language}`);
      await shown.getByRole('button', { name: texts.done }).click();
      await section.getByText(`Sync ${language}`).waitFor();
      await section.getByText(texts.never).waitFor();
      // The list shows the first characters only, never the key.
      expect(await section.textContent()).not.toContain(key);

      const leads = await withKey(page, key, 'GET', '/crm/leads/list?pageSize=5');
      expect(leads.status).toBe(200);
      expect(leads.body.total).toBeGreaterThan(0);
      const write = await withKey(page, key, 'POST', '/crm/leads', { lastName: 'Keyed', company: 'Key Co' });
      expect(write.status).toBe(403);
      expect(write.body.msg).toBe(texts.refused);

      // Its last use shows once the list is read again.
      await page.reload();
      await page.getByRole('tab', { name: texts.tab }).click();
      await section.getByText(`Sync ${language}`).waitFor();
      await expect.poll(() => section.getByText(texts.never).count()).toBe(0);
      await screenshot(page, `api-keys-list-${language}`);
      await context.close();
    });
  }

  it('an administrator sees the rep’s keys on the Users page and revokes one: the key answers 401 from then on', async () => {
    const rep = await signedInPage(app.browser, app.server.url, { username: 'olivia.park' });
    await openPage(rep.page, app.server.url, '/home');
    const created = await rep.page.evaluate(async (token) => {
      const res = await fetch('/dev-api/system/user/profile/apikey', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Revoked by IT', expiresInDays: 30 }),
      });
      return ((await res.json()) as { data: { key: string } }).data.key;
    }, rep.token);
    expect((await withKey(rep.page, created, 'GET', '/crm/leads/list?pageSize=1')).status).toBe(200);

    const { context, page } = await signedInPage(app.browser, app.server.url, { username: 'admin', width: 1400 });
    await openPage(page, app.server.url, '/system/user');
    await page.getByTestId('all-api-keys-button').click();
    const dialog = page.getByTestId('all-api-keys-dialog');
    const row = dialog.locator('.ant-table-row', { hasText: 'Revoked by IT' });
    await row.waitFor();
    expect(await row.textContent()).toContain('olivia.park');
    await screenshot(page, 'api-keys-admin-en');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await (await openedConfirm(page)).getByRole('button', { name: 'OK' }).click();
    // The tag, exactly: the key's name "Revoked by IT" holds the word before it is revoked.
    await row.getByText('Revoked', { exact: true }).waitFor();
    await screenshot(page, 'api-keys-admin-revoked-en');
    expect((await withKey(rep.page, created, 'GET', '/crm/leads/list?pageSize=1')).status).toBe(401);
    await context.close();
    await rep.context.close();
  });
});
