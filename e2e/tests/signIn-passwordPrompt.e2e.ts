import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signIn } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';

type Envelope = { code: number; msg: string; token?: string; rows?: { userId: number; userName: string }[] };

/**
 * The forced password change: an administrator resets a user's password through the API (the
 * e2e server's PGlite can only be opened by that process), so the user must change it at sign-in.
 */
describe('forced password change prompt in Chromium', () => {
  const app = serverAndBrowser();
  let adminToken = '';
  const api = async (path: string, init: RequestInit = {}): Promise<{ status: number; body: Envelope }> => {
    const res = await fetch(`${app.server.url}/dev-api${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...(adminToken ? { Authorization: `Bearer ${adminToken}` } : {}), ...init.headers },
    });
    return { status: res.status, body: (await res.json()) as Envelope };
  };
  /** Gives the user a password set by the administrator; true when both calls succeeded. */
  const resetByAdmin = async (userName: string, password: string): Promise<boolean> => {
    const list = await api(`/system/user/list?userName=${userName}`);
    const user = list.body.rows?.find((row) => row.userName === userName);
    if (list.status !== 200 || !user) return false;
    const reset = await api('/system/user/resetPwd', { method: 'PUT', body: JSON.stringify({ userId: user.userId, password }) });
    return reset.status === 200;
  };

  beforeAll(async () => {
    adminToken = (await api('/login', { method: 'POST', body: JSON.stringify({ username: 'admin', password: 'admin123' }) })).body.token ?? '';
  });

  it('makes a user whose password an administrator set choose a new one before going on', async () => {
    expect(await resetByAdmin('olivia.park', 'set-by-admin-1')).toBe(true);
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, app.server.url, 'olivia.park', 'set-by-admin-1');
    await page.waitForURL(/\/home/);
    const dialog = page.getByTestId('forced-password-change');
    await dialog.waitFor();
    expect(await page.locator('.ant-modal-close').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await screenshot(page, 'password-forced-en');

    await page.getByLabel('Old password').fill('not-it-at-all');
    await page.getByLabel('New password', { exact: true }).fill('olivia-own-1');
    await page.getByLabel('Confirm new password').fill('olivia-own-1');
    await page.getByTestId('change-password-submit').click();
    await expect.poll(() => dialog.textContent()).toContain('The old password is wrong');
    await page.waitForTimeout(400); // antd's error message fades in
    await screenshot(page, 'password-forced-wrong-old-en');

    await page.getByLabel('Old password').fill('set-by-admin-1');
    await page.getByTestId('change-password-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('greeting').textContent()).toContain('Olivia Park');

    // The new password is the one that works from now on, and no prompt comes back.
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await signIn(page, app.server.url, 'olivia.park', 'olivia-own-1');
    // Now free to go on, she lands on My day (while the prompt was due, on the home page).
    await page.waitForURL(/\/my-day$/);
    await page.getByTestId('my-day').waitFor();
    expect(await page.getByTestId('forced-password-change').count()).toBe(0);
    await page.close();
  });

  it('shows the prompt in Chinese', async () => {
    expect(await resetByAdmin('noah.king', 'set-by-admin-2')).toBe(true);
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/login`);
    await page.getByTestId('login-language').getByRole('button', { name: '中文' }).click();
    await signIn(page, app.server.url, 'noah.king', 'set-by-admin-2');
    await page.waitForURL(/\/home/);
    await page.getByTestId('forced-password-change').waitFor();
    await expect.poll(() => page.locator('.ant-modal-title').textContent()).toBe('请设置您自己的密码');
    // The dialog zooms in; its submit stays disabled until it is open (a click while it grew landed beside it), and Playwright's click waits for that: one click is enough.
    await page.getByTestId('change-password-submit').click();
    await expect.poll(() => page.getByTestId('forced-password-change').textContent()).toContain('旧密码不能为空');
    await page.waitForTimeout(400);
    await screenshot(page, 'password-forced-zh');
    await context.close();
  });
});
