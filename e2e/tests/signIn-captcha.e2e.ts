import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from '../helpers/browser';
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
