import { describe, expect, it } from 'vitest';
import { apiOf } from '../helpers/api';
import path from 'node:path';
import { artefactsDir, screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

/** Issue 36 items 1 and 2 in Chromium: a tab per record, named by it; the capped, scrolling strip; the administrator's menu. */
describe('tabs per record and the administrator’s menu', () => {
  const app = serverAndBrowser();
  const WORDS = {
    en: { demo: 'Template demo', calendar: 'Calendar', leads: 'Leads' },
    zh: { demo: '模板示例', calendar: '日历', leads: '线索' },
  } as const;

  for (const language of ['en', 'zh'] as const) {
    const words = WORDS[language];

    it(`opens each lead in its own tab titled with its name, keeps the active tab in view, closes the oldest over the cap (${language})`, async () => {
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { language, width: 1024 });
      const api = apiOf(app.server.url, token);
      // The cap (System › Settings): 12 tabs.
      const setting = (await api('GET', '/system/config/list?configKey=sys.tabs.max')).rows![0] as Record<string, unknown>;
      expect((await api('PUT', '/system/config', { ...setting, configValue: '12' })).code).toBe(200);
      const leads = ((await api('GET', '/crm/leads/list?pageNum=1&pageSize=10')).rows as Array<{ id: number }>).map((r) => r.id);
      expect(leads).toHaveLength(10);

      const names: string[] = [];
      const leadTabs = page.locator('[data-testid="tag"][data-path="/Leads/leads-detail"]');
      const open = async (id: number) => {
        await page.goto(`${app.server.url}/Leads/leads-detail?flag=detail&id=${id}`);
        const name = page.locator(`[data-tab="/Leads/leads-detail?flag=detail&id=${id}"] [data-testid="record-name"]`);
        await name.waitFor();
        names.push((await name.textContent())!.trim());
        await expect.poll(() => page.title()).toBe(`Orbit CRM - ${names.at(-1)}`);
      };

      await open(leads[0]!);
      await open(leads[1]!);
      await expect.poll(() => leadTabs.allTextContents()).toEqual(names.slice(0, 2));
      expect(await page.locator('[data-testid="tag"][aria-selected="true"]').textContent()).toBe(names[1]);
      await screenshot(page, `tabs-two-leads-${language}`);

      // Back to the first lead through its tab: its own page, its name in the browser's title.
      await leadTabs.first().click();
      await page.waitForURL(new RegExp(`id=${leads[0]}$`));
      await expect.poll(() => page.title()).toBe(`Orbit CRM - ${names[0]}`);

      for (const id of leads.slice(2)) await open(id);
      const pinned = await page.locator('[data-testid="tag"][data-affix="true"]').count();
      // The cap applies once the setting is read, just after the page is drawn.
      await expect.poll(() => page.getByTestId('tag').count()).toBe(12);
      // The least recently used goes first: the second lead (the first was shown again after it).
      const kept = await leadTabs.allTextContents();
      expect(kept).toHaveLength(12 - pinned);
      expect(kept).not.toContain(names[1]);
      expect(kept.at(-1)).toBe(names.at(-1));
      const strip = page.getByTestId('tags-view');
      expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      const active = page.locator('[data-testid="tag"][aria-selected="true"]');
      expect(await active.textContent()).toBe(names.at(-1));
      await expect
        .poll(async () => {
          const [box, tab] = [await strip.boundingBox(), await active.boundingBox()];
          return Boolean(box && tab && tab.x >= box.x - 1 && tab.x + tab.width <= box.x + box.width + 1);
        })
        .toBe(true);
      await screenshot(page, `tabs-capped-${language}`);
      expect((await api('PUT', '/system/config', { ...setting, configValue: '' })).code).toBe(200);
      await context.close();
    }, 180_000);

    it(`draws the template demo in one folder, modules as direct links, and Home's cards in the language (${language})`, async () => {
      const { context, page } = await signedInPage(app.browser, app.server.url, { language });
      await openPage(page, app.server.url, '/home');
      const sidebar = page.getByTestId('sidebar');
      expect(await sidebar.getByTestId('menu-TemplateDemo').textContent()).toBe(words.demo);
      // The demo's pages are inside the folder, not beside the product's modules.
      expect(await sidebar.getByTestId('menu-Icons').isVisible()).toBe(false);
      const cards = page.getByTestId('home-sections');
      await expect.poll(() => cards.textContent()).toContain(words.demo);
      expect(await cards.textContent()).toContain(words.calendar);
      if (language === 'zh') expect(await cards.textContent()).not.toMatch(/Calendar|Icons|Theme/);
      await screenshot(page, `home-cards-${language}`);

      // A module is one click: its entry is a link, not a folder.
      const leads = sidebar.getByTestId('menu-Leads');
      expect(await leads.textContent()).toBe(words.leads);
      expect(await leads.evaluate((el) => el.closest('li')!.classList.contains('ant-menu-submenu'))).toBe(false);
      await leads.click();
      await page.waitForURL(/\/Leads\/leads-index$/);

      await sidebar.getByTestId('menu-TemplateDemo').click();
      await sidebar.getByTestId('menu-Icons').waitFor();
      await sidebar.getByTestId('menu-Icons').click();
      await page.waitForURL(/\/icon\/index$/);
      await page.waitForTimeout(300);
      await sidebar.screenshot({ path: path.join(artefactsDir, `tabs-sidebar-${language}.png`) });
      await context.close();
    }, 120_000);
  }
});
