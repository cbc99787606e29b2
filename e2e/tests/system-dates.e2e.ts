import { describe, expect, it } from 'vitest';
import { CLIENT_HEADER, ORBIT_WEB_CLIENT } from '@orbit/shared/constants';
import { screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const BROWSER_ZONE = 'Asia/Shanghai';
/** An instant as the browser's wall clock shows it, `YYYY-MM-DD HH:mm:ss` (sv-SE writes dates that way). */
const inBrowserZone = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: BROWSER_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso));

/** Each system page, the list its table shows, where the rows are, and a date column it draws. */
const pages: Array<[string, string, 'rows' | 'data', string]> = [
  ['/system/user', '/system/user/list', 'rows', 'createTime'],
  ['/system/role', '/system/role/list', 'rows', 'createTime'],
  ['/system/dept', '/system/dept/list', 'data', 'createTime'],
  ['/system/dict', '/system/dict/type/list', 'rows', 'createTime'],
  ['/system/config', '/system/config/list', 'rows', 'createTime'],
  ['/system/notice', '/system/notice/list', 'rows', 'createTime'],
  ['/setup/log-login', '/monitor/logininfor/list', 'rows', 'loginTime'],
  ['/setup/log-operation', '/monitor/operlog/list', 'rows', 'operTime'],
];

/**
 * Orbit's own pages keep showing the system lists' times in the browser's zone (issue 29): the
 * server runs in UTC and gives RuoYi clients its wall clock, but Orbit's web app names itself and
 * gets ISO instants, so a browser in Shanghai shows Shanghai times, in both languages.
 */
describe('dates on Orbit’s system pages in Chromium', () => {
  const app = serverAndBrowser({ TZ: 'UTC' });

  it('every system list and the profile show times in the browser’s zone (en, zh)', async () => {
    const { context, token } = await signedInPage(app.browser, app.server.url, { width: 1400, height: 900, timezoneId: BROWSER_ZONE });
    const orbit = async (path: string, init: RequestInit = {}) =>
      (await (await fetch(`${app.server.url}/dev-api${path}`, { ...init, headers: { authorization: `Bearer ${token}`, [CLIENT_HEADER]: ORBIT_WEB_CLIENT, 'content-type': 'application/json' } })).json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    await orbit('/system/notice', { method: 'POST', body: JSON.stringify({ noticeTitle: 'Dated notice', noticeType: '1', noticeContent: 'x' }) });
    await context.close();

    for (const language of ['en', 'zh'] as const) {
      const { context: shown, page: view } = await signedInPage(app.browser, app.server.url, { width: 1400, height: 900, language, timezoneId: BROWSER_ZONE });
      for (const [path, list, where, field] of pages) {
        const first = (await orbit(`${list}?pageNum=1&pageSize=10`))[where][0];
        const expected = inBrowserZone(first[field]);
        await openPage(view, app.server.url, path);
        const content = view.locator(`[data-page="${path}"]:visible`);
        await expect.poll(() => content.textContent(), { timeout: 20_000, message: `${language} ${path}` }).toContain(expected);
        if (path === '/system/user') await screenshot(view, `system-dates-users-${language}`);
      }
      const profile = (await orbit('/system/user/profile')).data;
      await openPage(view, app.server.url, '/user/profile');
      await expect.poll(() => view.locator('[data-page="/user/profile"]:visible').textContent(), { timeout: 20_000 }).toContain(inBrowserZone(profile.createTime));
      await screenshot(view, `system-dates-profile-${language}`);
      await shown.close();
    }
    // The server's own wall clock is UTC: had the pages been given it, they would show other times.
    expect(inBrowserZone('2026-11-28T01:49:08.000Z')).toBe('2026-11-28 09:49:08');
  }, 240_000);

  it('the menu page reads RuoYi’s string flags: an external link edits as one (en, zh)', async () => {
    const { context, token } = await signedInPage(app.browser, app.server.url);
    const created = await fetch(`${app.server.url}/dev-api/system/menu`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ parentId: 0, menuName: 'Help centre', menuType: 'C', orderNum: 99, path: 'https://example.com/help', routeName: 'HelpCentre', isFrame: '0', isCache: '1', icon: 'link' }),
    });
    expect(((await created.json()) as { code: number }).code).toBe(200);
    await context.close();
    for (const [language, edit, yes, notCached] of [['en', /Edit/, 'Yes', 'Not cached'], ['zh', /修改/, '是', '不缓存']] as const) {
      const { context: shown, page } = await signedInPage(app.browser, app.server.url, { width: 1400, height: 900, language });
      await openPage(page, app.server.url, '/system/menu');
      const row = page.locator('.ant-table-row').filter({ hasText: 'Help centre' });
      await row.getByRole('button', { name: edit }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByRole('radio', { name: yes, exact: true }).first().isChecked(), { timeout: 20_000 }).toBe(true);
      expect(await dialog.getByRole('radio', { name: notCached }).isChecked()).toBe(true);
      await screenshot(page, `menu-external-link-${language}`);
      await shown.close();
    }
  }, 120_000);
});
