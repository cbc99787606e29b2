import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot, signIn } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';

const NO_PERMISSION = "Sorry，you don't have the permissions for this URL，please contact IT Services，thanks！";

/** Every administration page, by its address, and the test id its content carries. */
const ADMIN_PAGES = [
  ['users', '/system/user', 'user-page'],
  ['roles', '/system/role', 'role-page'],
  ['depts', '/system/dept', 'dept-page'],
  ['menus', '/system/menu', 'menu-page'],
  ['dicts', '/system/dict', 'dict-page'],
  ['dict-data', '/system/dict-data?dictType=crm_rating', 'dict-data-page'],
  ['login-log', '/setup/log-login', 'logininfor-page'],
  ['operation-log', '/setup/log-operation', 'operlog-page'],
  ['profile', '/user/profile', 'profile-page'],
] as const;

async function setLanguage(page: Page, language: 'en' | 'zh') {
  await page.evaluate((lang) => {
    localStorage.setItem('language', lang);
    document.cookie = `language=${lang}; path=/`;
  }, language);
}

describe('administration in Chromium', () => {
  const app = serverAndBrowser();

  it('an administrator creates a sales rep, who sees only their menus and is refused the user administration', async () => {
    const admin = await app.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(admin, app.server.url);
    await admin.waitForURL(/\/home/);
    await admin.goto(`${app.server.url}/system/user`);
    await admin.getByTestId('user-page').waitFor();
    await admin.getByRole('cell', { name: 'olivia.park', exact: true }).first().waitFor();

    await admin.getByRole('button', { name: 'Add' }).click();
    const form = admin.getByTestId('user-form');
    await form.waitFor();
    // The client refuses an empty form with the server's own messages.
    await admin.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => form.getByText('User name is required').count()).toBe(1);

    await form.locator('#user_nickName').fill('Sam Seller');
    await form.locator('#user_userName').fill('sam.seller');
    await form.locator('#user_password').fill('seller123');
    await form.locator('#user_roleIds').click();
    await admin.locator('.ant-select-item-option', { hasText: 'Sales Representative' }).click();
    await admin.keyboard.press('Escape');
    await admin.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
    // A password built on the user's own name is refused with the strength estimate's reason, on its field.
    await form.getByText('This password is too easy to guess: it contains the account’s own name or address. Add a word or two, less common ones.').waitFor();
    await form.locator('#user_password').fill('Harbour-Seller-42');
    await admin.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
    await form.waitFor({ state: 'detached' });
    const samRow = admin.getByRole('row').filter({ hasText: 'sam.seller' });
    await samRow.waitFor();

    // Editing keeps the sign-in name and saves the change.
    await samRow.getByRole('button', { name: 'Edit' }).click();
    await form.locator('#user_nickName').waitFor();
    await expect.poll(() => form.locator('#user_nickName').inputValue(), { timeout: 10_000 }).toBe('Sam Seller');
    expect(await form.locator('#user_userName').inputValue()).toBe('sam.seller');
    await form.locator('#user_nickName').fill('Sam S. Seller');
    await admin.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();
    await form.waitFor({ state: 'detached' });
    await samRow.getByRole('cell', { name: 'Sam S. Seller', exact: true }).waitFor();

    // The new sales rep sees exactly the sales menus of the role, and not the administration.
    const rep = await app.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(rep, app.server.url, 'sam.seller', 'Harbour-Seller-42');
    // A password set by an administrator is due for a change, so no My day or landing dashboard yet: the home page.
    await rep.waitForURL(/\/home/);
    await rep.getByTestId('menu-Leads').waitFor();
    const topMenus = () =>
      rep.evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid="sidebar"] .ant-menu-root > li'), (li) => li.querySelector('[data-testid^="menu-"]')?.getAttribute('data-testid')),
      );
    expect(await topMenus()).toEqual(['menu-Leads', 'menu-Opportunity', 'menu-Account', 'menu-Contact', 'menu-Task', 'menu-Calendar', 'menu-MyApprovals', 'menu-Inbox', 'menu-Campaign', 'menu-Activity', 'menu-Report', 'menu-Dashboard']);
    await rep.goto(`${app.server.url}/system/user`);
    await expect.poll(() => rep.getByTestId('no-permission').textContent()).toBe(NO_PERMISSION);
    expect(await rep.getByTestId('user-page').count()).toBe(0);
    await screenshot(rep, 'admin-refused-en');
    await rep.close();

    // Assign roles: the held role is ticked; ticking another grants it.
    const openRoles = async () => {
      await samRow.getByRole('button', { name: 'More' }).click();
      await admin.getByRole('menuitem', { name: 'Assign roles' }).click();
      const dialog = admin.getByRole('dialog').filter({ hasText: 'Roles of sam.seller' });
      await dialog.getByRole('row').filter({ hasText: 'marketing' }).waitFor();
      return dialog;
    };
    const checkbox = (dialog: Locator, roleKey: string) => dialog.getByRole('row').filter({ hasText: roleKey }).locator('.ant-checkbox-input');
    let roles = await openRoles();
    await expect.poll(() => checkbox(roles, 'sales_rep').isChecked()).toBe(true);
    expect(await checkbox(roles, 'marketing').isChecked()).toBe(false);
    await checkbox(roles, 'marketing').check();
    await admin.waitForTimeout(300);
    await screenshot(admin, 'admin-assign-roles-en');
    await roles.getByRole('button', { name: 'OK' }).click();
    await roles.waitFor({ state: 'hidden' });
    roles = await openRoles();
    await expect.poll(() => checkbox(roles, 'marketing').isChecked()).toBe(true);
    expect(await checkbox(roles, 'sales_rep').isChecked()).toBe(true);
    await roles.getByRole('button', { name: 'Cancel' }).click();
    await admin.close();
  });

  it('an administrator adds users to a role from the role page and removes them again', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(page, app.server.url);
    await page.waitForURL(/\/home/);
    await page.goto(`${app.server.url}/system/role`);
    await page.getByTestId('role-page').waitFor();
    await page.getByRole('row').filter({ hasText: 'marketing' }).getByRole('button', { name: 'Users' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Users with the role Marketing' });
    await drawer.getByRole('cell', { name: 'mia.chen', exact: true }).waitFor();
    expect(await drawer.getByRole('cell', { name: 'olivia.park', exact: true }).count()).toBe(0);

    await drawer.getByRole('button', { name: 'Add users' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Add users to the role Marketing' });
    await dialog.getByRole('cell', { name: 'olivia.park', exact: true }).waitFor();
    // Those who already hold the role are not offered.
    expect(await dialog.getByRole('cell', { name: 'mia.chen', exact: true }).count()).toBe(0);
    await dialog.getByRole('row').filter({ hasText: 'olivia.park' }).locator('.ant-checkbox-input').check();
    await dialog.getByRole('row').filter({ hasText: 'noah.king' }).locator('.ant-checkbox-input').check();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    await drawer.getByRole('cell', { name: 'olivia.park', exact: true }).waitFor();
    await drawer.getByRole('cell', { name: 'noah.king', exact: true }).waitFor();
    await screenshot(page, 'admin-role-users-en');

    await drawer.getByRole('row').filter({ hasText: 'olivia.park' }).locator('.ant-checkbox-input').check();
    await drawer.getByRole('row').filter({ hasText: 'noah.king' }).locator('.ant-checkbox-input').check();
    await drawer.getByRole('button', { name: 'Remove selected' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Remove the 2 selected users from the role Marketing?' });
    await confirm.getByRole('button', { name: 'OK' }).click();
    await drawer.getByRole('cell', { name: 'olivia.park', exact: true }).waitFor({ state: 'detached' });
    expect(await drawer.getByRole('cell', { name: 'noah.king', exact: true }).count()).toBe(0);
    await drawer.getByRole('cell', { name: 'mia.chen', exact: true }).waitFor();
    await page.close();
  });

  it('an opportunity stage is added with its win probability, which the form insists on', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signIn(page, app.server.url);
    await page.waitForURL(/\/home/);
    await page.goto(`${app.server.url}/system/dict-data?dictType=crm_opportunity_stage`);
    await page.getByTestId('dict-data-page').waitFor();
    await page.getByRole('row').filter({ hasText: 'needs_analysis' }).getByRole('cell', { name: '40%' }).waitFor();

    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Add dictionary value' });
    await dialog.locator('#dictLabel').fill('Verbal yes');
    await dialog.locator('#dictValue').fill('verbal_yes');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.getByText('An opportunity stage needs a win probability from 0 to 100').waitFor();
    await dialog.locator('#probability').fill('90');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: 'verbal_yes' }).getByRole('cell', { name: '90%' }).waitFor();
    await page.close();
  });

  // One test per language, each with room for nine full page loads on a busy machine.
  for (const language of ['en', 'zh'] as const) {
    it(`renders every administration page (${language})`, async () => {
      const page = await app.browser.newPage({ viewport: { width: 1400, height: 900 } });
      await signIn(page, app.server.url);
      await page.waitForURL(/\/home/);
      await setLanguage(page, language);
      for (const [name, path, testId] of ADMIN_PAGES) {
        await page.goto(`${app.server.url}${path}`);
        await page.getByTestId(testId).waitFor();
        // Wait for the data: no spinner left and no error state.
        await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton').count(), { timeout: 15_000 }).toBe(0);
        expect(await page.getByTestId('retry').count()).toBe(0);
        await screenshot(page, `admin-${name}-${language}`);
      }
      await page.close();
    }, 120_000);
  }
});
