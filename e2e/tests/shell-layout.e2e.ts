import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openFromSidebar, openPage, openSettings, signedInPage, switchLanguage } from './shell-support';

describe('web shell: layout, tags, languages, search', () => {
  const app = serverAndBrowser();

  it('remembers the sidebar state across a reload', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await openPage(page, app.server.url, '/home');
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getAttribute('data-opened')).toBe('true');
    expect((await sidebar.boundingBox())!.width).toBe(210);
    await screenshot(page, 'shell-home-en');

    await page.getByTestId('hamburger').click();
    await expect.poll(() => sidebar.getAttribute('data-opened')).toBe('false');
    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    expect(await page.getByTestId('sidebar').getAttribute('data-opened')).toBe('false');
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())!.width).toBe(54);
    await screenshot(page, 'shell-sidebar-collapsed-en');

    await page.getByTestId('hamburger').click();
    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    expect(await page.getByTestId('sidebar').getAttribute('data-opened')).toBe('true');
    await context.close();
  });

  it('keeps the browser console free of warnings: the build ships no library\'s development checks', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    // Pages with their own <Routes> inside the layout (the keep-alive host): react-router's
    // development build warned about each.
    for (const path of ['/home', '/Leads/leads-index', '/guide/index']) await openPage(page, app.server.url, path);
    await page.goBack();
    await page.locator('[data-page="/Leads/leads-index"]:visible').waitFor();
    expect(warnings).toEqual([]);
    await context.close();
  });

  it('collapses the sidebar at 800px wide and opens it over the content', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, { width: 800, height: 900 });
    await openPage(page, app.server.url, '/Leads/leads-index');
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getAttribute('data-device')).toBe('mobile');
    expect(await sidebar.getAttribute('data-opened')).toBe('false');
    await expect.poll(async () => (await sidebar.boundingBox())!.x + 210).toBeLessThanOrEqual(0);
    const main = (await page.locator('.app-main').boundingBox())!;
    expect(main.x).toBe(0);
    await screenshot(page, 'shell-mobile-en');

    await page.getByTestId('hamburger').click();
    await expect.poll(async () => (await sidebar.boundingBox())!.x).toBe(0);
    await page.getByTestId('sidebar-mask').waitFor();
    // Over the content: the page does not move.
    expect((await page.locator('.app-main').boundingBox())!.x).toBe(0);
    await screenshot(page, 'shell-mobile-menu-en');
    await page.getByTestId('sidebar-mask').click({ position: { x: 700, y: 400 } });
    await expect.poll(() => sidebar.getAttribute('data-opened')).toBe('false');
    await context.close();
  });

  it('fits a phone: top bar, tabs and file dialog at 390px', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, { width: 390, height: 844, language: 'zh' });
    await openPage(page, app.server.url, '/home');
    const bar = (await page.locator('.app-navbar').boundingBox())!;
    expect(bar.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'shell-phone-zh');
    await page.getByTestId('file-button').click();
    await page.getByRole('dialog', { name: '文件管理' }).getByText('下载记录').waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'shell-phone-files-zh');
    await context.close();
  });

  it('Log Out clears the token, the tabs and goes to the sign-in page', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await openPage(page, app.server.url, '/Leads/leads-index');
    // The user menu is a dropdown: on busy cores a click can reach its item while it still moves into place, so try again.
    for (let attempt = 1; ; attempt++) {
      await page.getByTestId('user-menu').click();
      await page.getByTestId('navbar-logout').click();
      try {
        await page.waitForURL(/\/login$/, { timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    expect((await context.cookies()).some((c) => c.name === 'Admin-Token')).toBe(false);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.goto(`${app.server.url}/home`);
    await page.waitForURL(/\/login\?redirect=%2Fhome/);
    await context.close();
  });

  it('applies the remembered settings: theme colour, tags view off, no sidebar logo; size from its cookie', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await context.addCookies([{ name: 'size', value: 'small', url: app.server.url }]);
    await context.addInitScript(() => localStorage.setItem('layout-setting', JSON.stringify({ colours: { main: '#006d75' }, tagsView: false, fixedHeader: true, sidebarLogo: false })));
    await openPage(page, app.server.url, '/Leads/leads-index');
    expect(await page.getByTestId('tags-view').count()).toBe(0);
    expect(await page.getByTestId('sidebar-logo').count()).toBe(0);
    const button = page.getByTestId('record-new'); // the list's primary button
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 109, 117)');
    expect(await button.evaluate((el) => el.className)).toContain('ant-btn-sm');
    await screenshot(page, 'shell-settings-applied-en');
    await context.close();
  });

  it('tags view: close, close others, close all; pinned tabs stay', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    for (const path of ['/Leads/leads-index', '/opportunity/opportunity-index', '/account/account-index', '/task/task-index']) {
      await page.goto(`${app.server.url}${path}`);
      await page.getByTestId('app-layout').waitFor();
    }
    // Navigate inside the app so that the tabs are those of one visit.
    await openFromSidebar(page, [], 'Campaign', /campaign-index/);
    const tabs = () => page.getByTestId('tag').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    await expect.poll(tabs).toEqual(['/home', '/documentation/index', '/my-day', '/Leads/leads-index', '/opportunity/opportunity-index', '/account/account-index', '/task/task-index', '/campaign/campaign-index']);
    const tag = (path: string) => page.locator(`[data-testid="tag"][data-path="${path}"]`);
    const openMenus = page.locator('.ant-dropdown:not(.ant-dropdown-hidden):visible');
    /**
     * Right-clicks a tab once the previous menu has gone, and gives its menu once it shows. On a
     * busy machine a context menu can close again as it opens (the right-click's own mouse events
     * arriving late), so the right-click is repeated, at most three times, until the menu stays.
     */
    const tagMenu = async (path: string) => {
      await expect.poll(() => openMenus.count()).toBe(0);
      for (let attempt = 1; ; attempt++) {
        await tag(path).click({ button: 'right' });
        const menu = openMenus.first();
        try {
          await menu.getByRole('menuitem').first().waitFor({ state: 'visible', timeout: 5_000 });
          return menu;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    };
    /**
     * Chooses an item of a freshly opened menu of the tab and waits for the tabs it should leave.
     * The click is dispatched on the item itself: on busy cores a mouse click at the item's place
     * can land on a menu still sliding into place, on the item above it ("Close others" for
     * "Close all"). Tried again (at most three times) when the tabs do not follow.
     */
    const choose = async (path: string, item: string, expected: string[]) => {
      for (let attempt = 1; ; attempt++) {
        try {
          await (await tagMenu(path)).getByRole('menuitem', { name: item, exact: true }).dispatchEvent('click');
          await expect.poll(tabs, { timeout: 5_000 }).toEqual(expected);
          return;
        } catch (error) {
          if (attempt === 3) throw error;
          await page.keyboard.press('Escape');
        }
      }
    };
    expect(await tag('/home').getAttribute('data-affix')).toBe('true');
    expect(await tag('/home').getByTestId('tag-close').count()).toBe(0);
    await screenshot(page, 'shell-tags-en');

    // Close the active tab: the last remaining one opens.
    await tag('/campaign/campaign-index').getByTestId('tag-close').click();
    await page.waitForURL(/\/task\/task-index$/);
    await expect.poll(tabs).not.toContain('/campaign/campaign-index');

    // Right-click → Close others keeps the pinned tabs and that one.
    await tagMenu('/opportunity/opportunity-index');
    await page.waitForTimeout(300);
    await screenshot(page, 'shell-tags-menu-en');
    // A full-page screenshot resizes the page and may move the open menu: choose from a fresh one.
    await page.keyboard.press('Escape');
    await choose('/opportunity/opportunity-index', 'Close others', ['/home', '/documentation/index', '/my-day', '/opportunity/opportunity-index']);
    await page.waitForURL(/\/opportunity\/opportunity-index$/);

    // A pinned tab cannot be closed from its menu.
    const pinnedMenu = await tagMenu('/documentation/index');
    const closeItem = pinnedMenu.getByRole('menuitem', { name: 'Close', exact: true });
    expect(await closeItem.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    // Close all leaves the pinned tabs.
    await choose('/opportunity/opportunity-index', 'Close all', ['/home', '/documentation/index', '/my-day']);
    await page.waitForURL(/\/my-day$/);
    await screenshot(page, 'shell-close-all-en');
    await context.close();
  });

  it('switching to Chinese changes menu labels and the page title', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await openPage(page, app.server.url, '/Leads/leads-index');
    expect(await page.getByTestId('menu-Leads').textContent()).toBe('Leads');
    expect(await page.title()).toBe('Orbit CRM - Leads');

    await switchLanguage(page, '中文');
    await expect.poll(() => page.getByTestId('menu-Leads').textContent()).toBe('线索');
    await expect.poll(() => page.title()).toBe('Orbit CRM - 线索');
    expect(await page.getByTestId('menu-System').textContent()).toBe('系统管理');
    expect(await page.getByTestId('navbar-greeting').textContent()).toContain('您好');
    await screenshot(page, 'shell-leads-zh');

    // Remembered: a reload stays in Chinese.
    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    await expect.poll(() => page.getByTestId('menu-Leads').textContent()).toBe('线索');
    await openPage(page, app.server.url, '/setup/index-opportunity/opportunity-fields');
    await expect.poll(() => page.title()).toBe('Orbit CRM - 页面布局');
    await openPage(page, app.server.url, '/home');
    await screenshot(page, 'shell-home-zh');
    await openSettings(page, '布局设置');
    await page.waitForTimeout(400);
    await screenshot(page, 'shell-settings-zh');
    // The close button rather than Escape: a key pressed while the drawer is still opening can be lost.
    await page.locator('.ant-drawer-close').click();
    await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' });
    await page.getByTestId('file-button').click();
    await page.getByRole('dialog', { name: '文件管理' }).getByText('下载记录').waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'shell-files-zh');
    await page.keyboard.press('Escape');
    await page.goto(`${app.server.url}/no/such/page`);
    await page.waitForURL(/\/404$/);
    await screenshot(page, 'shell-404-zh');
    await context.close();
  });

  it("a top-bar menu stays under its button when the page scrolls under the fixed header", async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, { height: 600 });
    await openPage(page, app.server.url, '/home');
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    await page.getByTestId('language-switch').hover();
    const item = page.getByRole('menuitem', { name: '中文' });
    await item.waitFor();
    await page.waitForTimeout(400); // its opening animation
    // Measured in the same task as the scroll, before antd could realign a popup that scrolled away.
    const moved = await page.evaluate(() => {
      const li = Array.from(document.querySelectorAll('[role=menuitem]')).find((e) => e.textContent === '中文')!;
      const before = li.getBoundingClientRect().top;
      window.scrollTo({ top: 120, behavior: 'instant' });
      const after = li.getBoundingClientRect().top;
      const header = document.querySelector('.app-navbar')!.getBoundingClientRect().bottom;
      const pop = li.closest('.ant-dropdown')!;
      return { scrolled: window.scrollY, before, after, header, inHeader: !!pop.closest('.app-header'), headerPosition: getComputedStyle(document.querySelector('.app-header')!).position, popups: document.querySelectorAll('.ant-dropdown').length };
    });
    expect(moved.scrolled).toBe(120);
    expect({ inHeader: moved.inHeader, headerPosition: moved.headerPosition }).toEqual({ inHeader: true, headerPosition: 'sticky' });
    expect(moved.after).toBeCloseTo(moved.before, 0);
    expect(moved.after).toBeGreaterThanOrEqual(moved.header);
    await item.click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    await context.close();
  });

  it('menu search opens a page from a misspelt title (English and Chinese)', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await openPage(page, app.server.url, '/home');
    await page.getByTestId('menu-search').click();
    await page.keyboard.type('Dashbord');
    await page.locator('.ant-select-item-option').first().waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'shell-search-en');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/dashboard-index$/);
    await expect.poll(() => page.title()).toBe('Orbit CRM - Dashboard');

    await page.getByTestId('menu-search').click();
    await page.keyboard.type('用户');
    await page.locator('.ant-select-item-option').first().waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'shell-search-zh');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/system\/user$/);
    await context.close();
  });

  it('keeps a visited page alive in its tab, breadcrumbs navigate', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await openPage(page, app.server.url, '/home');
    await openFromSidebar(page, ['Setup'], 'SetupOpportunity', /opportunity-fields$/);
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toBe('Home/Setup/Opportunity/Page Layout');
    await page.getByTestId('breadcrumb').getByRole('link', { name: 'Setup' }).click();
    await page.waitForURL(/\/setup\/index-leads\/leads-fields$/);
    // Both pages stay mounted; only the active one is visible.
    await expect.poll(() => page.locator('[data-page="/setup/index-opportunity/opportunity-fields"]').isVisible()).toBe(false);
    expect(await page.locator('[data-page="/setup/index-opportunity/opportunity-fields"]').count()).toBe(1);
    expect(await page.locator('[data-page="/setup/index-leads/leads-fields"]').isVisible()).toBe(true);
    // The guide is not cached: leaving it unmounts it.
    await openPage(page, app.server.url, '/guide/index');
    await page.locator('[data-testid="tag"][data-path="/home"]').click();
    await page.waitForURL(/\/home$/);
    await expect.poll(() => page.locator('[data-page="/guide/index"]').count()).toBe(0);
    await context.close();
  });
});
