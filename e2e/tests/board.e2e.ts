import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiOf, fixture } from '../helpers/api';
import { boardColumn, boardOf, columnCount, dragCard, settled } from '../helpers/board';
import { pickOption, screenshot } from '../helpers/browser';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const listOf = (page: Page, module: string) => page.locator(`[data-testid="record-list-${module}"]:visible`);

/** Narrows the list (and so its board) with the quick search, as a user does. */
async function quickSearch(page: Page, module: string, text: string): Promise<void> {
  const input = listOf(page, module).getByTestId('quick-search').locator('input');
  await input.fill(text);
  await input.press('Enter');
}

/** The text of a column's sum (`amount`, `weighted`). */
const sumOf = (page: Page, value: string, key: string) => boardColumn(page, 'opportunity', value).getByTestId(`column-${key}`).textContent();

describe('boards of any module in Chromium, as a sales rep', () => {
  const app = serverAndBrowser();

  it('shows leads by status, moves one by dragging, groups by another picklist and opens as left (en)', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1440, height: 900 });
    const api = apiOf(app.server.url, token);
    const token_ = 'Quarkboard';
    const ids: number[] = [];
    for (const [n, status, rating] of [[1, 'new', 'hot'], [2, 'new', 'warm'], [3, 'contacted', 'hot']] as const) {
      const lead = await api('POST', '/crm/leads', fixture({ lastName: `Lead ${n}`, company: `${token_} ${n}`, status, rating }));
      expect(lead.code).toBe(200);
      ids.push(lead.data as number);
    }

    await openPage(page, app.server.url, '/Leads/leads-index');
    await listOf(page, 'leads').getByTestId('display-mode').getByText('Board').click();
    await page.waitForURL(/mode=board&groupBy=status/);
    await boardColumn(page, 'leads', 'new').waitFor();
    expect(await listOf(page, 'leads').getByTestId('board-group-by').innerText()).toContain('Lead Status');
    await settled(page);
    await screenshot(page, 'board-leads-status-en');

    await quickSearch(page, 'leads', token_);
    await expect.poll(() => columnCount(boardColumn(page, 'leads', 'new')), { timeout: 20_000 }).toBe('2');
    expect(await columnCount(boardColumn(page, 'leads', 'contacted'))).toBe('1');
    // The columns have a readable width and every status has its own, all reachable by scrolling sideways.
    const width = (await boardColumn(page, 'leads', 'converted').boundingBox())!.width;
    expect(width).toBeGreaterThanOrEqual(260);
    expect(width).toBeLessThanOrEqual(280);

    await dragCard(page, boardColumn(page, 'leads', 'new').getByTestId(`board-card-${ids[0]}`), boardColumn(page, 'leads', 'qualified'));
    await expect.poll(() => columnCount(boardColumn(page, 'leads', 'qualified'))).toBe('1');
    expect(await columnCount(boardColumn(page, 'leads', 'new'))).toBe('1');
    await expect.poll(async () => (await api('GET', `/crm/leads/${ids[0]}`)).data, { timeout: 20_000 }).toMatchObject({ status: 'qualified' });

    // Grouped by rating instead; the choice is kept in the address and remembered.
    await listOf(page, 'leads').getByTestId('board-group-by').click();
    await page.getByRole('option', { name: 'Rating' }).click();
    await page.waitForURL(/groupBy=rating/);
    await expect.poll(() => columnCount(boardColumn(page, 'leads', 'hot')), { timeout: 20_000 }).toBe('2');
    await page.goto(`${app.server.url}/Leads/leads-index`);
    await boardColumn(page, 'leads', 'hot').waitFor();
    expect(await listOf(page, 'leads').getByTestId('board-group-by').innerText()).toContain('Rating');
    await context.close();
  }, 240_000);

  it('shows tasks by status and completes one by dragging it (zh)', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language: 'zh', width: 1440, height: 900 });
    const api = apiOf(app.server.url, token);
    const subject = '看板任务';
    const task = await api('POST', '/crm/task', { subject: `${subject} 一`, status: 'not_started', priority: 'high', dueDate: '2026-12-01' });
    expect(task.code).toBe(200);
    expect((await api('POST', '/crm/task', { subject: `${subject} 二`, status: 'in_progress', dueDate: '2026-12-02' })).code).toBe(200);

    await page.goto(`${app.server.url}/task/task-index?mode=board`);
    await boardColumn(page, 'task', 'not_started').waitFor();
    expect(await boardColumn(page, 'task', 'not_started').innerText()).toContain('未开始');
    expect(await listOf(page, 'task').getByTestId('board-group-by').innerText()).toContain('状态');
    // The board shows what the list shows: "My Open Tasks" (the first view) has no completed ones; all of them do.
    await pickOption(page, listOf(page, 'task').getByTestId('view-switcher'), /^全部任务$/);
    await quickSearch(page, 'task', subject);
    await expect.poll(() => columnCount(boardColumn(page, 'task', 'not_started')), { timeout: 20_000 }).toBe('1');
    expect(await columnCount(boardColumn(page, 'task', 'in_progress'))).toBe('1');
    await settled(page);
    await screenshot(page, 'board-tasks-status-zh');

    await dragCard(page, boardColumn(page, 'task', 'not_started').getByTestId(`board-card-${task.data}`), boardColumn(page, 'task', 'completed'));
    await expect.poll(() => columnCount(boardColumn(page, 'task', 'completed'))).toBe('1');
    expect(await columnCount(boardColumn(page, 'task', 'not_started'))).toBe('0');
    // The task module's own rule came with the move: completing stamps the completion time.
    await expect.poll(async () => (await api('GET', `/crm/task/${task.data}`)).data, { timeout: 20_000 }).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    // The board asked again after the move agrees.
    await listOf(page, 'task').getByRole('button', { name: /刷新|Refresh/ }).click();
    await settled(page);
    expect([await columnCount(boardColumn(page, 'task', 'not_started')), await columnCount(boardColumn(page, 'task', 'completed'))]).toEqual(['0', '1']);
    await boardColumn(page, 'task', 'completed').getByTestId(`board-card-${task.data}`).waitFor();
    await context.close();
  }, 240_000);

  it('moves the pipeline’s totals the moment a card is dropped, keeps its headers in view while scrolling, and rolls a refused move back with the message', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1440, height: 900 });
    const api = apiOf(app.server.url, token);
    const account = await api('POST', '/crm/account', fixture({ name: 'Optimist Freight' }));
    const deal = await api('POST', '/crm/opportunity', { name: 'Optimist Freight - Routing', accountId: account.data, closeDate: '2026-12-18', stage: 'proposal', amount: '10000.00' });
    expect(deal.code).toBe(200);

    await page.goto(`${app.server.url}/opportunity/opportunity-index?mode=board`);
    await boardColumn(page, 'opportunity', 'proposal').waitFor();
    await settled(page);
    // Every stage is reachable at 1440 px: the board scrolls sideways to "Closed Lost", shown whole.
    const board = boardOf(page, 'opportunity');
    expect(await board.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await boardColumn(page, 'opportunity', 'closed_lost').scrollIntoViewIfNeeded();
    const lost = (await boardColumn(page, 'opportunity', 'closed_lost').boundingBox())!;
    const area = (await board.boundingBox())!;
    expect(lost.x + lost.width).toBeLessThanOrEqual(area.x + area.width + 1);
    expect(await boardColumn(page, 'opportunity', 'closed_lost').locator('.crm-board-column-label').innerText()).toBe('Closed Lost');
    // Scrolled down, the column headers stay at the top of the board.
    await board.evaluate((el) => el.scrollTo({ top: 500, left: 0 }));
    await page.waitForTimeout(200);
    const header = (await boardColumn(page, 'opportunity', 'prospecting').locator('header').boundingBox())!;
    expect(Math.abs(header.y - (await board.boundingBox())!.y)).toBeLessThan(3);
    // The board fits the window: the page itself does not scroll.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
    await screenshot(page, 'board-opportunity-scrolled-en');
    await board.evaluate((el) => el.scrollTo({ top: 0, left: 0 }));

    await quickSearch(page, 'opportunity', 'Optimist Freight');
    await expect.poll(() => columnCount(boardColumn(page, 'opportunity', 'proposal')), { timeout: 20_000 }).toBe('1');
    expect(await sumOf(page, 'proposal', 'weighted')).toBe('$6,000.00');

    // The server takes its time: the card, the counts and the sums move before it answers.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/dev-api/crm/opportunity', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      await held;
      await route.fallback();
    });
    const card = boardColumn(page, 'opportunity', 'proposal').getByTestId(`board-card-${deal.data}`);
    await dragCard(page, card, boardColumn(page, 'opportunity', 'negotiation'));
    await expect.poll(() => columnCount(boardColumn(page, 'opportunity', 'negotiation')), { timeout: 2_000 }).toBe('1');
    expect(await columnCount(boardColumn(page, 'opportunity', 'proposal'))).toBe('0');
    expect([await sumOf(page, 'negotiation', 'amount'), await sumOf(page, 'negotiation', 'weighted'), await sumOf(page, 'proposal', 'amount')]).toEqual(['$10,000.00', '$8,000.00', '$0.00']);
    expect((await api('GET', `/crm/opportunity/${deal.data}`)).data).toMatchObject({ stage: 'proposal' });
    await screenshot(page, 'board-opportunity-optimistic-en');
    release();
    await expect.poll(async () => (await api('GET', `/crm/opportunity/${deal.data}`)).data, { timeout: 20_000 }).toMatchObject({ stage: 'negotiation', probability: 80 });
    await page.unroute('**/dev-api/crm/opportunity');
    await expect.poll(() => sumOf(page, 'negotiation', 'weighted')).toBe('$8,000.00');

    // The server refuses the next move (someone changed the deal meanwhile): it goes back, totals too, with the message.
    await page.route('**/dev-api/crm/opportunity', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ code: 409, msg: 'Someone else changed this record after you opened it.' }) })
        : route.fallback(),
    );
    await dragCard(page, boardColumn(page, 'opportunity', 'negotiation').getByTestId(`board-card-${deal.data}`), boardColumn(page, 'opportunity', 'qualification'));
    await page.getByText('Someone else changed this record after you opened it.').waitFor();
    await expect.poll(() => columnCount(boardColumn(page, 'opportunity', 'negotiation'))).toBe('1');
    expect(await columnCount(boardColumn(page, 'opportunity', 'qualification'))).toBe('0');
    expect(await sumOf(page, 'negotiation', 'weighted')).toBe('$8,000.00');
    await boardColumn(page, 'opportunity', 'negotiation').getByTestId(`board-card-${deal.data}`).waitFor();
    await context.close();
  }, 240_000);
});
