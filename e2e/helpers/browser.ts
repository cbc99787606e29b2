import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { expect, vi } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const artefactsDir = path.join(root, 'artefacts/screenshots');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * Screenshots are for a person to look at, and CI keeps none: a full-page capture of a tall page
 * costs a second or more of a busy core, over two hundred times a run. `E2E_SCREENSHOTS=1` takes
 * them in CI too.
 */
const takesScreenshots = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/**
 * Saves a screenshot of a main screen into the ignored artefacts folder, for a person to look at;
 * `settleMs`: a pause first for what moves without a CSS animation (a chart drawing itself in), and
 * only when a screenshot is taken — nothing else waits for it.
 */
export async function screenshot(page: Page, name: string, settleMs = 0): Promise<void> {
  if (!takesScreenshots) return;
  if (settleMs) await page.waitForTimeout(settleMs);
  mkdirSync(artefactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artefactsDir, `${name}.png`), fullPage: true });
}

/**
 * Once the page's finite animations (a dialog opening, a message sliding in) have ended. Before a
 * click in a dialog that has just opened: antd's zoom-in starts from the dialog's final box, so a
 * button looks still to Playwright, then shrinks and grows back while the click is on its way — on
 * a busy machine the click lands beside it and is lost (docs/decisions.md, the password prompt).
 */
export async function animationsEnded(page: Page): Promise<void> {
  // A function, not a string: the app's CSP (script-src 'self') refuses the eval a string predicate
  // runs through. Typed by hand: bench/ compiles this file without the DOM's types.
  type Animated = { getAnimations: () => Array<{ playState: string; effect: { getTiming: () => { iterations?: number } } | null }> };
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: Animated }).document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** The confirmation dialog just opened (antd's `Modal.confirm`), once it has finished zooming in: ready for a click. */
export async function openedConfirm(page: Page): Promise<Locator> {
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.waitFor();
  await animationsEnded(page);
  return confirm;
}

/** A screenshot once the page's finite animations have ended. */
export async function settledScreenshot(page: Page, name: string): Promise<void> {
  if (!takesScreenshots) return;
  await animationsEnded(page);
  await screenshot(page, name);
}

/** Signs in through the real sign-in page (captcha is off in the e2e server). */
export async function signIn(page: Page, baseUrl: string, username = 'admin', password = 'admin123'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/^(User name|用户名)$/).fill(username);
  await page.getByLabel(/^(Password|密码)$/).fill(password);
  // antd puts a space between two Chinese characters of a button ("登 录").
  await page.getByRole('button', { name: /^(Sign in|登\s?录)$/ }).click();
}

/** The select's search input (role combobox): the locator itself when it is that input. */
async function comboboxOf(select: Locator): Promise<Locator> {
  return (await select.getAttribute('role')) === 'combobox' ? select : select.locator('[role="combobox"]').first();
}

/**
 * The dropdown that belongs to an open antd select. The open combobox names its listbox
 * (`aria-controls`), which lives inside its own dropdown: another select's dropdown that is still
 * fading out (it stays `:visible` for its closing animation, with options of the same names) is
 * never matched.
 */
export async function dropdownOf(page: Page, select: Locator): Promise<Locator> {
  const combobox = await comboboxOf(select);
  await expect.poll(() => combobox.getAttribute('aria-controls'), { timeout: 5_000 }).toBeTruthy();
  const listbox = await combobox.getAttribute('aria-controls');
  return page.locator(`.ant-select-dropdown:has([id="${listbox}"])`);
}

/**
 * Opens an antd select and picks an option in its own dropdown (dropdownOf), then waits for a
 * single select's dropdown to close, so that it cannot cover the next click. A list that
 * re-renders while the dropdown opens (its data arriving) can close or move the dropdown under the
 * click, so the open-and-pick is retried a few times before it counts as failed. `typed` is typed
 * into the select's search first.
 */
export async function pickOption(page: Page, select: Locator, option: RegExp | string, { typed = '', attempts = 3 } = {}): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await select.click();
      const dropdown = await dropdownOf(page, select);
      // A long list is virtual (only its first options are drawn): typing finds the option.
      if (typed) await (await comboboxOf(select)).pressSequentially(typed);
      await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click({ timeout: 8_000 });
      const multiple = await select.evaluate((el) => !!el.closest('.ant-select-multiple') || !!el.querySelector('.ant-select-multiple') || el.classList.contains('ant-select-multiple'));
      if (!multiple) await dropdown.waitFor({ state: 'hidden', timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await closeDropdown(page);
    }
  }
}

/**
 * Closes an open select's dropdown with Escape — only when one is open: with none open, Escape
 * closes the dialog the select is in, and every later step then waits for a form that is gone.
 */
export async function closeDropdown(page: Page): Promise<void> {
  if ((await page.locator('.ant-select-dropdown:visible').count()) > 0) await page.keyboard.press('Escape');
}

/**
 * Types a term into a list's quick search and waits until the list holds `rows` rows. A list that
 * re-renders just then (a save's refresh arriving) can drop the Enter, so the search is typed
 * again a few times before it counts as failed.
 */
export async function quickSearch(list: Locator, term: string, rows: number, attempts = 3): Promise<void> {
  const box = list.locator('input[data-testid="quick-search"], [data-testid="quick-search"] input').first();
  for (let attempt = 1; ; attempt++) {
    await box.fill(term);
    await box.press('Enter');
    try {
      await expect.poll(() => list.locator('.ant-table-row').count(), { timeout: 7_000 }).toBe(rows);
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/**
 * Clicks a button until what it should bring about is there. On a busy machine a click that lands
 * while a dialog slides in or out, or while the row under it re-renders, is lost, and the button
 * stays; it is clicked again (only while it is still shown) until `outcome` appears.
 */
export async function clickUntil(button: Locator, outcome: Locator, { timeout = 40_000, state = 'visible' as 'visible' | 'detached' } = {}): Promise<void> {
  await vi.waitFor(async () => {
    if (await button.isVisible()) await button.click({ timeout: 3_000 });
    await outcome.waitFor({ state, timeout: 5_000 });
  }, { timeout, interval: 500 });
}

/**
 * Types into a lookup's search and picks the option it finds, until `shownIn` (the lookup, or its
 * form item) shows that option: under load the search's answer can replace the options under the
 * click, which is then lost, and a form saved without it fails later and far from the cause.
 */
export async function pickFound(page: Page, search: Locator, typed: string, option: string | RegExp, shownIn: Locator, attempts = 3): Promise<void> {
  const shows = (text: string) => (typeof option === 'string' ? text.includes(option) : option.test(text.trim()));
  for (let attempt = 1; !shows(await shownIn.innerText()); attempt++) {
    if (attempt > attempts) throw new Error(`the lookup never showed ${option}`);
    await search.click();
    await search.fill(typed);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click({ timeout: 8_000 }).catch(() => closeDropdown(page));
  }
}
