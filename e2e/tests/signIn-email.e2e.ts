import { describe, expect, it } from 'vitest';
import { screenshot, signIn } from '../helpers/browser';
import { outboxMails, waitForMailCode } from '../helpers/mail';
import { serverAndBrowser } from '../helpers/suite';

/** The two e-mail flows of the sign-in page, with the codes read from the server's outbox. */
describe('forgot password and e-mail code sign-in in Chromium', () => {
  const app = serverAndBrowser();

  it('resets a forgotten password: e-mail → code → new password → back to sign-in with a message', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.server.url}/login`);
    await page.getByTestId('forgot-password').click();
    await page.waitForURL(/mode=forgot/);
    await page.getByTestId('email-step').waitFor();
    await page.getByTestId('send-code').click();
    await expect.poll(() => page.getByTestId('login-email-error').textContent()).toBe('E-mail is required');
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByTestId('send-code').click();
    await expect.poll(() => page.getByTestId('login-email-error').textContent()).toBe('wrong format');
    await screenshot(page, 'forgot-1-email-en');

    const seen = outboxMails(app.server.dataDir).map((m) => m.file);
    await page.getByLabel('E-mail').fill('admin@example.com');
    await page.getByTestId('send-code').click();
    await page.getByTestId('code-step').waitFor();
    // The resend link counts down the 60 s cool-down.
    await expect.poll(() => page.getByTestId('resend-code').textContent()).toMatch(/Send a new code in (59|60) s/);
    expect(await page.getByTestId('resend-code').isDisabled()).toBe(true);
    const code = await waitForMailCode(app.server.dataDir, 'admin@example.com', seen);

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Code from the e-mail').fill(wrong);
    await page.getByTestId('submit-code').click();
    await expect.poll(() => page.getByTestId('login-email-code-error').textContent()).toBe('The code is wrong or has expired');
    await screenshot(page, 'forgot-2-code-en');

    await page.getByLabel('Code from the e-mail').fill(code);
    await page.getByTestId('submit-code').click();
    await page.getByTestId('new-password-step').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('new-secret-1');
    await page.getByLabel('Confirm new password').fill('new-secret-2');
    await page.getByTestId('reset-password-submit').click();
    await expect.poll(() => page.getByTestId('reset-confirm-password-error').textContent()).toBe('The two passwords do not match');
    await screenshot(page, 'forgot-3-password-en');
    await page.getByLabel('Confirm new password').fill('new-secret-1');
    await page.getByTestId('reset-password-submit').click();

    await expect.poll(() => page.getByTestId('login-success').textContent()).toBe('Your password has been reset, please sign in');
    expect(page.url()).not.toMatch(/mode=/);
    await screenshot(page, 'forgot-4-done-en');
    await signIn(page, app.server.url, 'admin', 'admin123');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('The user name or password is wrong');
    await signIn(page, app.server.url, 'admin', 'new-secret-1');
    await page.waitForURL(/\/home/);
    await expect.poll(() => page.getByTestId('greeting').textContent()).toContain('Alex Admin');
    await page.close();
  });

  it('signs in with a code sent by e-mail, in Chinese', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/login`);
    await page.getByTestId('login-language').getByRole('button', { name: '中文' }).click();
    await page.getByTestId('email-code-sign-in').click();
    await page.waitForURL(/mode=code/);
    const seen = outboxMails(app.server.dataDir).map((m) => m.file);
    await page.getByLabel('邮箱').fill('admin@example.com');
    await page.getByTestId('send-code').click();
    await page.getByTestId('code-step').waitFor();
    await expect.poll(() => page.getByTestId('resend-code').textContent()).toMatch(/秒后可重新发送/);
    await screenshot(page, 'email-code-zh');
    const code = await waitForMailCode(app.server.dataDir, 'admin@example.com', seen);
    await page.getByLabel('邮件中的验证码').fill(code);
    await page.getByTestId('submit-code').click();
    await page.waitForURL(/\/home/);
    await expect.poll(() => page.getByTestId('greeting').textContent()).toContain('欢迎回来');
    await context.close();
  });

  it('e-mail code sign-in honours ?id=&module=: module 4 opens the campaign detail page', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/login?mode=code&id=17&module=4`);
    const seen = outboxMails(app.server.dataDir).map((m) => m.file);
    // The sign-in code's cool-down is per address and purpose; the previous test used admin's login code.
    await page.getByLabel('E-mail').fill('iris.tan@example.com');
    await page.getByTestId('send-code').click();
    await page.getByTestId('code-step').waitFor();
    const code = await waitForMailCode(app.server.dataDir, 'iris.tan@example.com', seen);
    await page.getByLabel('Code from the e-mail').fill(code);
    await page.getByTestId('submit-code').click();
    await page.waitForURL(/\/campaign\/campaign-detail\?flag=detail&id=17$/);
    await page.close();
  });
});
