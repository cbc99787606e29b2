import { describe, expect, it } from 'vitest';
import { screenshot, signIn } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';

describe('sign in and out in Chromium', () => {
  const app = serverAndBrowser();

  it('signs in through the real page, greets the user, logs out', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.server.url}/home`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByTestId('password-sign-in').waitFor();
    expect(await page.title()).toBe('Orbit CRM - Sign in');
    await screenshot(page, 'login-en');
    await signIn(page, app.server.url);
    await page.waitForURL(/\/home/);
    await expect.poll(() => page.getByTestId('greeting').textContent()).toContain('Alex Admin');
    await screenshot(page, 'home-en');
    // The profile is cached while signed in; whoever signs in next in this tab, without a page
    // load in between, must not see it.
    const openProfile = async () => {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
    };
    await openProfile();
    await page.getByTestId('profile-page').getByText('admin@example.com').first().waitFor();
    await page.getByTestId('tag').filter({ hasText: 'Home' }).click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login/);
    await page.getByLabel('User name', { exact: true }).fill('olivia.park');
    await page.getByLabel('Password', { exact: true }).fill('admin123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // A sales rep starts on My day (docs/my-day.md); her role's dashboard stays pinned beside it.
    await page.waitForURL(/\/my-day$/);
    await openProfile();
    await page.getByTestId('profile-page').getByText('olivia.park@example.com').first().waitFor();
    expect(await page.getByText('admin@example.com').count()).toBe(0);
    // The revoked session is gone: going back to home lands on the sign-in page again.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('navbar-logout').click();
    await page.waitForURL(/\/login/);
    await page.goto(`${app.server.url}/home`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.close();
  });

  it('checks the fields in the browser and shows the server refusal of a wrong password', async () => {
    const page = await app.browser.newPage();
    await page.goto(`${app.server.url}/login`);
    await page.getByTestId('sign-in').click();
    await expect.poll(() => page.getByTestId('login-username-error').textContent()).toBe('User name is required');
    await expect.poll(() => page.getByTestId('login-password-error').textContent()).toBe('Password is required');

    await signIn(page, app.server.url, '  admin  ', 'not-the-password');
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('The user name or password is wrong');
    await expect.poll(() => page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);
    await screenshot(page, 'login-wrong-password-en');
    expect(page.url()).toMatch(/\/login$/);
    await page.close();
  });

  it('honours ?redirect= after sign-in, and a signed-in visit to /login goes straight on', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.server.url}/login?redirect=${encodeURIComponent('/home?from=redirect')}`);
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('admin123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/home\?from=redirect$/);
    await page.goto(`${app.server.url}/login`);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await context.close();
  });

  it('a redirect off the site (/\\host, /<tab>/host) shows the sign-in page on /auth-redirect and is ignored after sign-in', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    for (const hostile of ['/\\evil.example', '/\t/evil.example']) {
      await page.goto(`${app.server.url}/auth-redirect?redirect=${encodeURIComponent(hostile)}`);
      await page.waitForURL(`${app.server.url}/login?redirect=%2F`);
      await page.getByTestId('password-sign-in').waitFor();
    }
    await page.goto(`${app.server.url}/login?redirect=${encodeURIComponent('/\t/evil.example')}`);
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('admin123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.origin === app.server.url && url.pathname === '/home');
    await context.close();
  });

  it('switches the sign-in page to Chinese and signs in in Chinese', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${app.server.url}/login`);
    await page.getByTestId('login-language').getByRole('button', { name: '中文' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('登录');
    await expect.poll(() => page.title()).toBe('Orbit CRM - 登录');
    await expect.poll(() => page.locator('label[for="login-username"]').textContent()).toBe('用户名');
    await expect.poll(() => page.locator('label[for="login-password"]').textContent()).toBe('密码');
    await page.getByTestId('sign-in').click();
    await expect.poll(() => page.getByTestId('login-username-error').textContent()).toBe('用户名不能为空');
    await screenshot(page, 'login-zh');
    await signIn(page, app.server.url);
    await page.waitForURL(/\/home/);
    await expect.poll(() => page.getByTestId('greeting').textContent()).toContain('欢迎回来');
    await screenshot(page, 'home-zh');
    await context.close();
  });

  it('fits a phone screen', async () => {
    const page = await app.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${app.server.url}/login`);
    await page.getByTestId('password-sign-in').waitFor();
    await screenshot(page, 'login-phone-en');
    await page.close();
  });
});
