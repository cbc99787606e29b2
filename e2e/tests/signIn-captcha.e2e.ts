import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiOf } from '../helpers/api';
import { screenshot, signIn } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';

/** The other end-to-end files run with CAPTCHA_ENABLED=false; this one keeps the captcha on. */
describe('the sign-in captcha in Chromium', () => {
  const app = serverAndBrowser({ CAPTCHA_ENABLED: 'true' });

  const captchaSrc = (page: Page) => page.getByTestId('captcha-image').locator('img').getAttribute('src');

  it('shows a captcha picture, a new one on click, and refuses a wrong code with a new picture', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.server.url}/login`);
    await page.getByTestId('captcha-image').locator('img').waitFor();
    const first = await captchaSrc(page);
    expect(first).toMatch(/^data:image\//);
    await screenshot(page, 'login-captcha-en');

    await page.getByTestId('captcha-image').click();
    await expect.poll(() => captchaSrc(page)).not.toBe(first);
    const second = await captchaSrc(page);

    await page.getByLabel('User name', { exact: true }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('admin123');
    await page.getByTestId('sign-in').click();
    await expect.poll(() => page.getByTestId('login-code-error').textContent()).toBeTruthy();

    await page.getByLabel('Verification code', { exact: true }).fill('zzzz');
    await page.getByTestId('sign-in').click();
    await page.getByText('The verification code is wrong').waitFor();
    // A captcha is single use: the refused attempt brought a new picture, and no session.
    await expect.poll(() => captchaSrc(page)).not.toBe(second);
    expect(page.url()).toMatch(/\/login$/);
    expect((await page.context().cookies()).some((c) => c.name === 'Admin-Token')).toBe(false);
    await page.close();
  });
});

/**
 * Every form that has a code mailed asks the captcha when the setting is on (issue 27, item 10):
 * the sessions are opened while it is off, then an administrator turns it on in the settings.
 */
describe('the captcha on the forms that mail a code, in Chromium', () => {
  const app = serverAndBrowser();

  const pictureOf = (page: Page) => page.getByRole('img', { name: /^(Verification code picture|验证码图片)$/ });

  it('asks it in the profile’s e-mail change, the forgotten password and the code sign-in, in both languages', async () => {
    const en = await app.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(en, app.server.url, 'admin', 'admin123');
    await en.waitForURL(/\/home/);
    const zhContext = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const zh = await zhContext.newPage();
    await zh.goto(`${app.server.url}/login`);
    await zh.getByTestId('login-language').getByRole('button', { name: '中文' }).click();
    await signIn(zh, app.server.url, 'olivia.park', 'admin123');
    await zh.waitForURL(/\/(home|dashboard|my-day)/);

    const login = (await (await fetch(`${app.server.url}/dev-api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) })).json()) as { token: string };
    const api = apiOf(app.server.url, login.token);
    const setting = (await api('GET', '/system/config/list?configKey=sys.account.captchaEnabled')).rows![0] as Record<string, unknown>;
    expect((await api('PUT', '/system/config', { ...setting, configValue: 'true' })).code).toBe(200);

    for (const [page, texts, name] of [
      [en, { change: /^Change$/, email: 'New e-mail address', password: 'Current password', send: 'Send code', required: 'Verification code is required' }, 'profile-email-captcha-en'],
      // antd puts a space between two Chinese characters of a button ("更 改").
      [zh, { change: /^更\s?改$/, email: '新邮箱', password: '当前密码', send: '发送验证码', required: '验证码不能为空' }, 'profile-email-captcha-zh'],
    ] as const) {
      await page.goto(`${app.server.url}/user/profile`);
      await page.getByTestId('profile-page').getByRole('button', { name: texts.change }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(texts.email).fill('new.address@example.com');
      await dialog.getByLabel(texts.password).fill('admin123');
      await pictureOf(page).waitFor();
      await dialog.getByRole('button', { name: texts.send }).click();
      await dialog.getByText(texts.required).waitFor();
      await screenshot(page, name);
    }

    const out = await app.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await out.goto(`${app.server.url}/login?mode=forgot`);
    await out.getByLabel('E-mail').fill('admin@example.com');
    const first = await pictureOf(out).getAttribute('src');
    await out.getByTestId('send-code').click();
    await expect.poll(() => out.getByTestId('login-email-captcha-error').textContent()).toBe('Verification code is required');
    await out.getByLabel('Verification code', { exact: true }).fill('zzzz');
    await out.getByTestId('send-code').click();
    await out.getByText('The verification code is wrong').waitFor();
    // Used once: the refusal brought a new picture, and the flow stays on the address.
    await expect.poll(() => pictureOf(out).getAttribute('src')).not.toBe(first);
    await screenshot(out, 'forgot-captcha-en');

    await out.goto(`${app.server.url}/login?mode=code`);
    await out.getByTestId('login-language').getByRole('button', { name: '中文' }).click();
    await out.getByLabel('邮箱').fill('admin@example.com');
    await pictureOf(out).waitFor();
    await out.getByTestId('send-code').click();
    await expect.poll(() => out.getByTestId('login-email-captcha-error').textContent()).toBe('验证码不能为空');
    await screenshot(out, 'email-code-captcha-zh');
    expect(out.url()).toMatch(/mode=code/);

    await api('PUT', '/system/config', { ...setting, configValue: '' });
    await Promise.all([en.close(), zhContext.close(), out.close()]);
  });
});
