import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiOf, fixture } from '../helpers/api';
import { boardColumn, boardOf, columnCount, settled } from '../helpers/board';
import path from 'node:path';
import { artefactsDir, screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

/** A phone's screen (an iPhone 12–14's CSS pixels). */
const PHONE = { width: 390, height: 844 };

const WORDS = {
  en: { details: 'Details', activity: 'Activity', next: /^Next$/, stage: 'Proposal', position: '2 of 7', moveTo: 'Negotiation', save: /^Save$/ },
  zh: { details: '详细信息', activity: '动态', next: /^下一步$/, stage: '方案报价', position: '第 2 列，共 7 列', moveTo: '商务谈判', save: /^保\s?存$/ },
} as const;

/**
 * The screen as the phone shows it. A full-page screenshot makes the window as tall as the page for
 * a moment, which resizes a board sized to the window and snaps it elsewhere while it is taken.
 */
const screenOnly = (page: Page, name: string) => page.screenshot({ path: path.join(artefactsDir, `${name}.png`) });

/** The element's width on the screen. */
const widthOf = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!.width;

describe('a day on a phone (390 × 844), as a sales rep', () => {
  const app = serverAndBrowser();

  for (const language of ['en', 'zh'] as const) {
    const words = WORDS[language];
    it(`lists as cards, opens a record with its timeline, fills a form full-screen, swipes the board and searches (${language})`, async () => {
      const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language, ...PHONE });
      const api = apiOf(app.server.url, token);
      const name = language === 'en' ? 'Pocketline' : '掌上通';
      const lead = await api('POST', '/crm/leads', fixture({ lastName: `${name} Buyer`, company: `${name} Ltd`, status: 'new' }));
      expect(lead.code).toBe(200);

      // The lead list: a card per record with the list's first columns, no table to scroll sideways.
      await openPage(page, app.server.url, '/Leads/leads-index');
      const cards = page.locator('[data-testid="record-cards"]:visible');
      await cards.locator('li').first().waitFor();
      expect(await page.locator('[data-testid="record-table"]:visible').count()).toBe(0);
      const card = cards.getByTestId(`record-card-${lead.data}`);
      await card.waitFor();
      expect(await card.innerText()).toContain(`${name} Ltd`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await settled(page);
      await screenshot(page, `phone-leads-list-${language}`);

      // Its page: the details first, the timeline one tap away.
      await card.getByRole('link').first().click();
      await page.waitForURL(new RegExp(`/Leads/leads-detail\\?flag=detail&id=${lead.data}$`));
      const detail = page.locator('[data-testid="record-detail-leads"]:visible');
      await detail.getByTestId('detail-pane').waitFor();
      expect(await detail.getByTestId('activity-timeline').isVisible()).toBe(false);
      await detail.getByTestId('detail-pane').getByText(words.activity, { exact: true }).click();
      await detail.getByTestId('activity-timeline').waitFor();
      expect((await detail.getByTestId('activity-timeline').boundingBox())!.y).toBeLessThan(PHONE.height);
      await settled(page);
      await screenshot(page, `phone-lead-timeline-${language}`);
      await detail.getByTestId('detail-pane').getByText(words.details, { exact: true }).click();

      // A new lead: the record type, then the form, each filling the screen.
      await openPage(page, app.server.url, '/Leads/leads-index');
      await page.locator('[data-testid="record-new"]:visible').click();
      await page.locator('.ant-modal:visible').waitFor();
      await page.waitForTimeout(400);
      expect(await widthOf(page, '.ant-modal:visible')).toBe(PHONE.width);
      await page.locator('.ant-modal:visible').getByRole('button', { name: words.next }).click();
      const form = page.locator('[data-testid="record-form"]:visible');
      await form.waitFor();
      await page.waitForTimeout(400);
      expect(await widthOf(page, '.ant-drawer-content-wrapper:visible')).toBe(PHONE.width);
      await screenOnly(page, `phone-lead-form-${language}`);
      await page.keyboard.press('Escape');

      // The pipeline: one column fills the screen; a swipe brings the next, which says where it is.
      const deal = await api('POST', '/crm/opportunity', { name: `${name} - Pilot`, accountId: (await api('POST', '/crm/account', fixture({ name: `${name} Ltd` }))).data, closeDate: '2026-12-18', stage: 'qualification', amount: '5000.00' });
      expect(deal.code).toBe(200);
      await page.goto(`${app.server.url}/opportunity/opportunity-index?mode=board`);
      const board = boardOf(page, 'opportunity');
      await boardColumn(page, 'opportunity', 'prospecting').waitFor();
      const first = (await boardColumn(page, 'opportunity', 'prospecting').boundingBox())!;
      const area = (await board.boundingBox())!;
      expect(first.width).toBeGreaterThan(area.width - 24);
      expect(first.x + first.width).toBeLessThanOrEqual(area.x + area.width);
      await settled(page);
      await screenOnly(page, `phone-board-${language}`);
      // A swipe that stops a little past the middle of a column settles on the next one.
      await board.evaluate((el) => el.scrollBy({ left: el.clientWidth * 0.6 }));
      const second = boardColumn(page, 'opportunity', 'qualification');
      const aligned = async () => Math.abs(Math.round((await second.boundingBox())!.x - (await board.boundingBox())!.x));
      await expect.poll(aligned).toBeLessThan(4);
      expect(await second.locator('.crm-board-column-position').innerText()).toBe(words.position);
      // No drag on a touch screen: "Move to" moves the card.
      await second.getByTestId(`board-card-${deal.data}`).getByTestId('board-card-move').click();
      await page.getByRole('menuitem', { name: words.moveTo }).click();
      await expect.poll(async () => (await api('GET', `/crm/opportunity/${deal.data}`)).data, { timeout: 20_000 }).toMatchObject({ stage: 'negotiation' });
      await boardColumn(page, 'opportunity', 'negotiation').getByTestId(`board-card-${deal.data}`).waitFor({ state: 'attached' });
      expect(Number(await columnCount(boardColumn(page, 'opportunity', 'negotiation')))).toBeGreaterThan(0);
      // The board stays on the column the card left.
      await expect.poll(aligned).toBeLessThan(4);
      await screenOnly(page, `phone-board-swiped-${language}`);

      // The search palette from the top bar finds the lead.
      await page.getByTestId('menu-search').click();
      await page.keyboard.type(name);
      const hit = page.locator('.ant-select-item-option:visible', { hasText: `${name} Buyer` }).first();
      await hit.waitFor({ timeout: 20_000 });
      await page.waitForTimeout(300);
      await screenOnly(page, `phone-search-${language}`);
      // The palette's list stays on the screen (it opens under the top bar's right end).
      const popup = (await page.locator('.ant-select-dropdown:visible').boundingBox())!;
      expect(popup.x).toBeGreaterThanOrEqual(0);
      expect(popup.x + popup.width).toBeLessThanOrEqual(PHONE.width);
      await hit.click();
      await page.waitForURL(new RegExp(`/Leads/leads-detail\\?flag=detail&id=${lead.data}$`));
      await context.close();
    }, 240_000);
  }
});
