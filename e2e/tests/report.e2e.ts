import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../helpers/browser';
import { apiOf } from '../helpers/api';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

/** Waits until nothing on the page is loading any more, for a screenshot that shows the page as it stays. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count(), { timeout: 20_000 }).toBe(0);
}

/** Opens a page whose address has a query (the layout marks pages by path alone). */
async function openAt(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByTestId('app-layout').waitFor();
}

/** Picks an option of an antd select by its text, typed into the select's search first (its list is virtual). */
async function choose(page: Page, select: Locator, option: string, search = true): Promise<void> {
  await select.click();
  if (search) await page.keyboard.type(option);
  const exact = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: exact }).first().click();
}

describe('reports in Chromium, as a sales manager', () => {
  const app = serverAndBrowser();

  it('builds a matrix report with a chart, sees its preview, saves it and opens it; en and zh', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'emma.stone', width: 1600, height: 1400 });
    const api = apiOf(app.server.url, token);

    await openPage(page, app.server.url, '/report/report-index');
    await page.getByTestId('report-table').locator('.ant-table-row').first().waitFor().catch(() => undefined);
    await page.getByRole('tab', { name: 'Templates' }).click();
    await page.getByText('Pipeline by stage').waitFor();
    await settled(page);
    await screenshot(page, 'report-list-en');

    page.on('pageerror', (e) => console.log('pageerror', e.message));
    await page.getByTestId('report-new').click();
    await page.waitForURL(/flag=new/);
    const builder = page.getByTestId('report-builder');
    await builder.waitFor();
    // Nothing chosen yet: the SPEC §5 rule, from the server, above the preview.
    await expect.poll(() => page.getByTestId('report-preview-error').textContent(), { timeout: 20_000 }).toContain('The display field must be set first');

    await choose(page, builder.getByTestId('report-columns'), 'Opportunity Name');
    await page.keyboard.press('Escape');
    await choose(page, builder.getByTestId('report-columns'), 'Amount');
    await page.keyboard.press('Escape');
    await builder.getByTestId('report-format').getByText('Matrix').click();
    await choose(page, builder.getByTestId('report-group-rows-add'), 'Owner');
    // The same field on both axes is refused (SPEC §5).
    await choose(page, builder.getByTestId('report-group-columns-add'), 'Owner');
    await expect.poll(() => page.getByTestId('report-preview-error').textContent(), { timeout: 20_000 }).toBe('Do not select an option repeatedly in report group rows and columns');
    await choose(page, builder.getByTestId('report-group-columns-field-0'), 'Stage');
    await builder.getByTestId('report-aggregate-add').click();
    await choose(page, builder.getByTestId('report-chart-type'), 'Column', false);

    const preview = page.getByTestId('report-preview');
    await preview.getByTestId('report-matrix').waitFor({ timeout: 20_000 });
    await preview.getByTestId('report-chart').locator('canvas').waitFor({ timeout: 20_000 });
    await settled(page);
    await expect.poll(() => preview.getByTestId('report-matrix').textContent()).toContain('Grand total');
    await screenshot(page, 'report-builder-en');

    await page.getByTestId('report-save').click();
    await page.getByTestId('report-name').fill('Team pipeline by owner and stage');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/flag=detail&id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const detail = page.getByTestId('report-detail');
    await detail.getByTestId('report-matrix').waitFor({ timeout: 20_000 });
    await detail.getByTestId('report-chart').locator('canvas').waitFor({ timeout: 20_000 });
    expect(await detail.getByTestId('report-title').textContent()).toBe('Team pipeline by owner and stage');
    await settled(page);
    await screenshot(page, 'report-matrix-en');

    // What was saved is what was built.
    const saved = await api('GET', `/crm/report/${id}`);
    expect(saved.data).toMatchObject({
      name: 'Team pipeline by owner and stage',
      definition: { module: 'opportunity', format: 'matrix', columns: ['name', 'amount'], groupRows: [{ field: 'ownerId' }], groupColumns: [{ field: 'stage' }], chart: { type: 'column', aggregate: 0 } },
    });
    // The manager's grand total in the page is her scope's count.
    const run = await api('GET', `/crm/report/${id}/run`);
    const grand = (run.data as { summary: Array<{ rollup: boolean[]; values: number[] }> }).summary.find((r) => r.rollup.every(Boolean))!;
    expect(await detail.getByTestId('report-matrix').locator('.report-total-row').last().textContent()).toContain(String(grand.values[0]));

    // Added to a new dashboard of her own as a chart; a click on a bar segment lands on the records behind it.
    await detail.getByTestId('report-add-to-dashboard').click();
    await page.getByTestId('add-dashboard-name').fill('My team board');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Added to the dashboard').waitFor();
    await openPage(page, app.server.url, '/dashboard/dashboard-index');
    await choose(page, page.getByTestId('dashboard-select'), 'My team board', false);
    const chart = page.getByTestId('dashboard-grid').getByTestId('report-chart');
    await chart.locator('canvas').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('dashboard-grid').getByTestId('widget-chart').count()).toBe(1);
    await page.waitForTimeout(1000); // the bars' animation
    const area = (await chart.boundingBox())!;
    // The middle category's stacked bar (the rep with the most deals), near its foot.
    await page.mouse.move(area.x + area.width / 2, area.y + area.height * 0.7);
    await page.mouse.click(area.x + area.width / 2, area.y + area.height * 0.7);
    await page.waitForURL(/\/opportunity\/opportunity-index\?filter=/, { timeout: 20_000 });
    const segment = JSON.parse(new URL(page.url()).searchParams.get('filter')!) as { and: Array<{ field: string; op: string }> };
    expect(segment.and.map((c) => `${c.field} ${c.op}`)).toEqual(['ownerId eq', 'stage eq']);
    await page.locator('[data-testid="record-list-opportunity"]:visible .ant-table-row').first().waitFor({ timeout: 20_000 });
    await context.close();

    // In Chinese: the saved report, a summary template, the builder.
    const zh = await signedInPage(app.browser, app.server.url, { username: 'emma.stone', width: 1600, height: 1000, language: 'zh' });
    await openAt(zh.page, app.server.url, `/report/report-detail?flag=detail&id=${id}`);
    await zh.page.getByTestId('report-matrix').getByText('总计').waitFor({ timeout: 20_000 });
    await zh.page.getByTestId('report-chart').locator('canvas').waitFor({ timeout: 20_000 });
    await settled(zh.page);
    await screenshot(zh.page, 'report-matrix-zh');
    const templates = await api('GET', '/crm/report/list?kind=templates&pageSize=20');
    const pipeline = (templates.rows as Array<{ id: number; name: string }>).find((r) => r.name === 'Pipeline by stage')!;
    await openAt(zh.page, app.server.url, `/report/report-detail?flag=detail&id=${pipeline.id}`);
    await zh.page.getByTestId('report-summary').waitFor({ timeout: 20_000 });
    await zh.page.getByTestId('report-chart').locator('canvas').waitFor({ timeout: 20_000 });
    await settled(zh.page);
    await screenshot(zh.page, 'report-summary-zh');
    await openAt(zh.page, app.server.url, `/report/report-detail?flag=edit&id=${id}`);
    await zh.page.getByTestId('report-preview').getByTestId('report-matrix').waitFor({ timeout: 20_000 });
    await settled(zh.page);
    await screenshot(zh.page, 'report-builder-zh');
    await zh.context.close();
  }, 240_000);
});

describe('the sales dashboard in Chromium', () => {
  const app = serverAndBrowser();

  it('keeps each report\'s name on one line in the list, its tags beside or below it', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url);
    await openPage(page, app.server.url, '/report/report-index');
    const names = page.getByTestId('report-table').locator('[data-testid^="report-link-"]');
    await names.first().waitFor();
    // A name broken inside its words draws as more than one line box.
    const lines = await names.evaluateAll((links) => links.map((link) => [link.textContent, link.getClientRects().length]));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter(([, count]) => count !== 1)).toEqual([]);
    await context.close();
  });

  it('shows the seeded sales dashboard, and a click on a chart segment opens the matching records; en and zh', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, { username: 'emma.stone', width: 1600, height: 1300 });
    await openPage(page, app.server.url, '/dashboard/dashboard-index');
    const grid = page.getByTestId('dashboard-grid');
    await grid.waitFor({ timeout: 30_000 });
    await expect.poll(() => grid.getByTestId('report-chart').locator('canvas').count(), { timeout: 30_000 }).toBe(5);
    expect(await grid.getByTestId('widget-figure').count()).toBe(4);
    expect(await grid.getByTestId('widget-table').locator('.ant-table-row').count()).toBe(5);
    await settled(page);
    await page.waitForTimeout(800); // chart animations
    await screenshot(page, 'dashboard-en');

    // A stage of the pipeline by stage (a funnel when the bands narrow, else bars from the left):
    // one stage of open deals. Rows are tried until one is hit.
    const chart = grid.getByTestId('widget-chart').first().getByTestId('report-chart');
    const box = (await chart.boundingBox())!;
    for (const [i, y] of [0.4, 0.2, 0.6, 0.8].entries()) {
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * y);
      await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * y);
      try {
        await page.waitForURL(/\/opportunity\/opportunity-index\?filter=/, { timeout: i === 3 ? 20_000 : 3_000 });
        break;
      } catch (error) {
        if (i === 3) throw error;
      }
    }
    const filter = JSON.parse(new URL(page.url()).searchParams.get('filter')!) as { and: Array<{ field: string; op: string; value: unknown }> };
    expect(filter.and[0]).toEqual({ field: 'stage', op: 'notIn', value: ['closed_won', 'closed_lost'] });
    expect(filter.and[1]).toMatchObject({ field: 'stage', op: 'eq' });
    const list = page.locator('[data-testid="record-list-opportunity"]:visible');
    await list.locator('.ant-table-row').first().waitFor({ timeout: 20_000 });
    await context.close();

    const zh = await signedInPage(app.browser, app.server.url, { username: 'emma.stone', width: 1600, height: 1300, language: 'zh' });
    await openPage(zh.page, app.server.url, '/dashboard/dashboard-index');
    await expect.poll(() => zh.page.getByTestId('dashboard-grid').getByTestId('report-chart').locator('canvas').count(), { timeout: 30_000 }).toBe(5);
    await settled(zh.page);
    await zh.page.waitForTimeout(800);
    await screenshot(zh.page, 'dashboard-zh');
    await zh.context.close();
  }, 180_000);
});

describe('arranging a dashboard, and the role\'s dashboard at / in Chromium', () => {
  const app = serverAndBrowser();

  it('a sales rep landing on / (My day) finds the sales dashboard pinned in the tab bar', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 1000 });
    await page.goto(`${app.server.url}/`);
    // A seller starts on My day (docs/my-day.md); the role's dashboard is one click away, pinned.
    await page.waitForURL(/\/my-day$/);
    await page.locator('[data-testid="tag"][data-path="/dashboard/dashboard-index"]').click();
    await page.waitForURL(/\/dashboard\/dashboard-index$/);
    await page.getByTestId('dashboard-grid').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('dashboard-select').textContent()).toContain('Sales dashboard');
    const tab = page.locator('[data-testid="tag"][data-path="/dashboard/dashboard-index"]');
    expect(await tab.getAttribute('data-affix')).toBe('true');
    expect(await tab.getByTestId('tag-close').count()).toBe(0);
    // Not hers to change: no layout or delete buttons on the built-in dashboard, and no "new" for a rep.
    expect(await page.getByTestId('dashboard-edit-layout').count()).toBe(0);
    expect(await page.getByTestId('dashboard-delete').count()).toBe(0);
    expect(await page.getByTestId('dashboard-new').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('moves and resizes widgets (pointer and keyboard), saves, and finds the layout kept after a reload; en and zh', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'emma.stone', width: 1600, height: 1200 });
    const api = apiOf(app.server.url, token);
    const list = (await api('GET', '/crm/dashboard/list')).data as Array<{ builtIn: boolean; widgets: Array<{ reportId: number; kind: string }> }>;
    const sales = list.find((d) => d.builtIn)!.widgets;
    const chart = sales.find((w) => w.kind === 'chart')!.reportId;
    const figure = sales.find((w) => w.kind === 'figure')!.reportId;
    const made = await api('POST', '/crm/dashboard', {
      name: 'Arranged board',
      widgets: [
        { reportId: figure, kind: 'figure', x: 0, y: 0, w: 3, h: 2 },
        { reportId: chart, kind: 'chart', x: 3, y: 0, w: 6, h: 4 },
      ],
    });
    expect(made.code, made.msg).toBe(200);

    await openPage(page, app.server.url, '/dashboard/dashboard-index');
    await choose(page, page.getByTestId('dashboard-select'), 'Arranged board', false);
    await page.getByTestId('dashboard-grid').waitFor({ timeout: 30_000 });
    await page.getByTestId('dashboard-edit-layout').click();
    const editor = page.getByTestId('dashboard-layout-editor');
    const cells = () => editor.getByTestId('layout-widget').evaluateAll((els) => els.map((e) => e.getAttribute('data-cell')));
    await expect.poll(cells).toEqual(['0,0,3,2', '3,0,6,4']);

    // Drag the chart's handle three columns left (onto the figure, which goes below it) and one row down.
    const box = (await editor.getByTestId('layout-widget').nth(1).boundingBox())!;
    const column = ((await editor.boundingBox())!.width + 12) / 12;
    const handle = (await editor.getByTestId('widget-drag').nth(1).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 - column * 1.5, handle.y + handle.height / 2 + 48, { steps: 4 });
    await page.mouse.move(handle.x + handle.width / 2 - column * 3, handle.y + handle.height / 2 + 96, { steps: 4 });
    await page.mouse.up();
    await expect.poll(cells).toEqual(['0,5,3,2', '0,1,6,4']);
    // Its corner two columns wider.
    const corner = (await editor.getByTestId('widget-resize').nth(1).boundingBox())!;
    await page.mouse.move(corner.x + 8, corner.y + 8);
    await page.mouse.down();
    await page.mouse.move(corner.x + 8 + column * 2, corner.y + 8, { steps: 5 });
    await page.mouse.up();
    await expect.poll(cells).toEqual(['0,5,3,2', '0,1,8,4']);
    expect(box.width).toBeGreaterThan(0);
    // The keyboard: the figure's handle, right twice, then one column wider.
    await editor.getByTestId('widget-drag').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(cells).toEqual(['2,5,4,2', '0,1,8,4']);
    await settled(page);
    await screenshot(page, 'dashboard-edit-layout-en');

    // Cancel restores; then the same again, saved.
    await page.getByTestId('dashboard-layout-cancel').click();
    await expect.poll(() => page.getByTestId('dashboard-grid').locator('[data-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('data-cell')))).toEqual(['0,0,3,2', '3,0,6,4']);
    await page.getByTestId('dashboard-edit-layout').click();
    await editor.getByTestId('widget-drag').nth(1).focus();
    for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowDown', 'Shift+ArrowRight', 'Shift+ArrowRight']) await page.keyboard.press(key);
    await expect.poll(cells).toEqual(['0,5,3,2', '0,1,8,4']);
    await page.getByTestId('dashboard-layout-save').click();
    await page.getByTestId('dashboard-grid').waitFor();
    await page.reload();
    await page.getByTestId('app-layout').waitFor();
    await choose(page, page.getByTestId('dashboard-select'), 'Arranged board', false);
    const grid = page.getByTestId('dashboard-grid');
    await grid.waitFor({ timeout: 30_000 });
    await expect.poll(() => grid.locator('[data-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('data-cell')))).toEqual(['0,5,3,2', '0,1,8,4']);
    await context.close();

    const zh = await signedInPage(app.browser, app.server.url, { username: 'emma.stone', width: 1600, height: 1200, language: 'zh' });
    await openPage(zh.page, app.server.url, '/dashboard/dashboard-index');
    await choose(zh.page, zh.page.getByTestId('dashboard-select'), 'Arranged board', false);
    await zh.page.getByTestId('dashboard-grid').waitFor({ timeout: 30_000 });
    await zh.page.getByTestId('dashboard-edit-layout').click();
    await zh.page.getByTestId('dashboard-layout-editor').waitFor();
    await settled(zh.page);
    await screenshot(zh.page, 'dashboard-edit-layout-zh');
    await zh.context.close();
  }, 240_000);
});

