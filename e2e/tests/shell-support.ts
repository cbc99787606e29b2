import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * Signs in through the API (the sign-in page has its own tests) and puts the token where the web
 * app keeps it, so that shell tests start on a signed-in page quickly.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  options: { username?: string; width?: number; height?: number; language?: 'en' | 'zh'; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const res = await fetch(`${baseUrl}/dev-api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: options.username ?? 'admin', password: 'admin123' }),
  });
  const body = (await res.json()) as { code: number; token?: string; msg: string };
  if (!body.token) throw new Error(`sign-in failed: ${body.msg}`);
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1366, height: options.height ?? 820 },
    acceptDownloads: true,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  await context.addCookies([
    { name: 'Admin-Token', value: body.token, url: baseUrl },
    { name: 'language', value: options.language ?? 'en', url: baseUrl },
  ]);
  const page = await context.newPage();
  return { context, page, token: body.token };
}

/** Waits until the layout shows the page of `path` (its tab active, its content mounted). */
export async function openPage(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByTestId('app-layout').waitFor();
  await page.locator(`[data-page="${path}"]:visible`).waitFor();
}

/** Goes to `path` inside the running app, as a menu click does (no reload: a walk through many pages stays short). */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Switches the language through the top bar's language menu. */
export async function switchLanguage(page: Page, label: 'English' | '中文'): Promise<void> {
  const lang = label === '中文' ? 'zh-CN' : 'en';
  // Retried: on busy cores the hover menu can close, or another navbar menu cover it, before the click lands.
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId('language-switch').hover();
    await page.getByRole('menuitem', { name: label }).click({ timeout: 10_000 }).catch(() => undefined);
    const switched = await page.waitForFunction((want) => document.documentElement.lang === want, lang, { timeout: 5_000 }).then(() => true, () => false);
    if (switched) return;
    if (attempt === 3) throw new Error(`the language did not switch to ${label}`);
    await page.mouse.move(0, 0);
  }
}

/**
 * Opens a page through the sidebar: its directories (outermost first), then the page itself.
 * Retried: under a busy CPU a click can land while a submenu is still unfolding, and a second
 * click on a directory would fold it again, so each directory is clicked only while closed.
 */
export async function openFromSidebar(page: Page, dirs: string[], leaf: string, url: RegExp): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const chain = [...dirs, leaf];
    for (let i = 0; i < dirs.length; i++) {
      const next = page.getByTestId(`menu-${chain[i + 1]}`);
      if (!(await next.isVisible())) await page.getByTestId(`menu-${chain[i]}`).click();
      await next.waitFor({ timeout: 5_000 }).catch(() => undefined);
    }
    await page.getByTestId(`menu-${leaf}`).click({ timeout: 5_000 }).catch(() => undefined);
    try {
      await page.waitForURL(url, { timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Opens the layout settings through the user menu. Retried: on a busy CPU the menu item can be
 * clicked while its dropdown is still unfolding (or another dropdown is still folding away), and
 * that click is lost.
 */
export async function openSettings(page: Page, label: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (!(await page.getByRole('menuitem', { name: label }).isVisible())) await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: label }).click({ timeout: 5_000 }).catch(() => undefined);
    try {
      await page.getByTestId('settings-drawer').waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
