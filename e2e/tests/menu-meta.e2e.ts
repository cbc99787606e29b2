import { describe, expect, it } from 'vitest';
import { apiOf } from '../helpers/api';
import path from 'node:path';
import { artefactsDir, screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage, switchLanguage } from './shell-support';

type Menu = Record<string, unknown> & { menuId: number; menuName: string; menuType: string; perms: string | null };

/** Issue 27 items 1, 18, 19 in Chromium: external entries, the server's pins and crumbs, the profile's introduction. */
describe('route meta and the profile in the browser', () => {
  const app = serverAndBrowser();

  it('marks the sidebar’s outside address with its host, in English and Chinese', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url);
    const api = apiOf(app.server.url, token);
    const system = ((await api('GET', '/system/menu/list')).data as Menu[]).find((m) => m.menuName === 'System' && m.menuType === 'M')!;
    const added = await api('POST', '/system/menu', { parentId: system.menuId, menuName: 'Help Centre', routeName: 'HelpCentre', menuType: 'C', path: 'https://help.example.com/orbit', isFrame: 0, icon: 'link', orderNum: 99 });
    expect(added.code).toBe(200);
    await openPage(page, app.server.url, '/system/user');
    const entry = page.getByTestId('menu-HelpCentre');
    await entry.waitFor();
    expect(await entry.getByRole('img', { name: 'Opens help.example.com in a new tab' }).count()).toBe(1);
    expect(await entry.textContent()).toContain('help.example.com');
    await entry.scrollIntoViewIfNeeded();
    await page.getByTestId('sidebar').screenshot({ path: path.join(artefactsDir, 'menu-external-link-en.png') });
    await switchLanguage(page, '中文');
    expect(await page.getByTestId('menu-HelpCentre').getByRole('img', { name: '在新标签页打开 help.example.com' }).count()).toBe(1);
    await page.getByTestId('menu-HelpCentre').scrollIntoViewIfNeeded();
    await page.getByTestId('sidebar').screenshot({ path: path.join(artefactsDir, 'menu-external-link-zh.png') });
    await context.close();
  });

  it('pins the tab and leaves out the crumb the server’s menu says', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url);
    const api = apiOf(app.server.url, token);
    const menus = (await api('GET', '/system/menu/list')).data as Menu[];
    const leads = menus.find((m) => m.perms === 'crm:leads:list')!;
    const setup = menus.find((m) => m.menuName === 'Setup' && m.menuType === 'M')!;
    expect((await api('PUT', '/system/menu', { ...leads, affix: true })).code).toBe(200);
    expect((await api('PUT', '/system/menu', { ...setup, breadcrumb: false })).code).toBe(200);

    await openPage(page, app.server.url, '/setup/log-login');
    const leadsTab = page.locator('[data-testid="tag"][data-path="/Leads/leads-index"]');
    await leadsTab.waitFor();
    expect(await leadsTab.getAttribute('data-affix')).toBe('true');
    expect(await leadsTab.getByTestId('tag-close').count()).toBe(0);
    // The documentation page stays pinned (SPEC §2).
    expect(await page.locator('[data-testid="tag"][data-path="/documentation/index"]').getAttribute('data-affix')).toBe('true');
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toBe('Home/Login Log');
    await screenshot(page, 'menu-meta-pinned-en');
    await switchLanguage(page, '中文');
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toBe('首页/登录日志');
    await screenshot(page, 'menu-meta-pinned-zh');

    // The menu dialog offers both settings for a page (Chinese here, English in the next test's language).
    await openPage(page, app.server.url, '/system/menu');
    await page.getByRole('button', { name: /新\s?增$/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('菜单', { exact: true }).check();
    await dialog.getByRole('radiogroup', { name: '固定标签' }).waitFor();
    await dialog.getByRole('radiogroup', { name: '面包屑' }).waitFor();
    await screenshot(page, 'menu-dialog-meta-zh');
    await context.close();
  });

  it('writes and shows an introduction on the profile, in English and Chinese', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, { username: 'mia.chen' });
    await openPage(page, app.server.url, '/user/profile');
    expect(await page.getByTestId('profile-introduction').textContent()).toBe('Nothing written yet');
    await page.getByLabel('Introduction').fill('Campaigns and events for the whole company.\n负责市场活动。');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByTestId('profile-introduction').textContent()).toBe('Campaigns and events for the whole company.\n负责市场活动。');
    await screenshot(page, 'profile-introduction-en');
    await switchLanguage(page, '中文');
    await page.getByText('个人简介').first().waitFor();
    await screenshot(page, 'profile-introduction-zh');
    await openPage(page, app.server.url, '/home');
    await expect.poll(() => page.getByTestId('home-introduction').textContent()).toContain('Campaigns and events');
    await screenshot(page, 'home-introduction-zh');
    await context.close();
  });
});
