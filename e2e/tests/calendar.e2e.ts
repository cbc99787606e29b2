import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pickOption, screenshot } from '../helpers/browser';
import { apiOf, type Api } from '../helpers/api';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const pad = (n: number) => String(n).padStart(2, '0');
/** A day relative to today, as the browser and server (same machine) count days. */
const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count(), { timeout: 20_000 }).toBe(0);
}

const calendarOf = (page: Page) => page.locator('[data-testid="calendar-board"]:visible');
/** The month view's cell of a day. */
const dayCell = (page: Page, date: string) => calendarOf(page).locator(`.fc-daygrid-day[data-date="${date}"]`);
const entryIn = (cell: Locator, title: string) => cell.locator('.fc-event', { hasText: title });

/** Drags an entry onto a day cell with the mouse, in small steps (the calendar's pointer dragging). */
async function dragTo(page: Page, entry: Locator, cell: Locator): Promise<void> {
  const from = (await entry.boundingBox())!;
  const to = (await cell.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

async function createTask(api: Api, subject: string, dueDate: string): Promise<number> {
  const created = await api('POST', '/crm/task', { subject, dueDate });
  expect(created.code, created.msg).toBe(200);
  return created.data as number;
}
const dueDateOf = async (api: Api, id: number) => ((await api('GET', `/crm/task/${id}`)).data as { dueDate: string }).dueDate;

describe('the calendar in Chromium, as a sales rep', () => {
  const app = serverAndBrowser();

  it('shows a task on its due day, moves it by drag (the task’s due date changes), puts a refused move back, adds a task on a day; month, week and day in English', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 1000 });
    const api = apiOf(app.server.url, token);
    // Named to sort first among a day's entries (the month view shows four a day, then "+ more").
    const subject = 'Aardvark Logistics call';
    const id = await createTask(api, subject, day(1));

    await openPage(page, app.server.url, '/calendar');
    await entryIn(dayCell(page, day(1)), subject).waitFor();
    for (const [button, text] of [['today', 'today'], ['dayGridMonth', 'month'], ['timeGridWeek', 'week'], ['timeGridDay', 'day']]) {
      expect((await calendarOf(page).locator(`.fc-${button}-button`).textContent())?.toLowerCase()).toBe(text);
    }
    await settled(page);
    await screenshot(page, 'calendar-month-en');

    // Drag it one day later: the server moves the due date through the records engine.
    await dragTo(page, entryIn(dayCell(page, day(1)), subject), dayCell(page, day(2)));
    await page.getByText(`"${subject}" moved`).waitFor();
    await entryIn(dayCell(page, day(2)), subject).waitFor();
    await expect.poll(() => dueDateOf(api, id)).toBe(day(2));

    // Someone else changes the task meanwhile: the next drag is refused, said so, and put back.
    const current = (await api('GET', `/crm/task/${id}`)).data as { version: number };
    expect((await api('PUT', '/crm/task', { id, version: current.version, priority: 'high' })).code).toBe(200);
    await dragTo(page, entryIn(dayCell(page, day(2)), subject), dayCell(page, day(3)));
    await page.locator('.ant-message-error').first().waitFor();
    await entryIn(dayCell(page, day(2)), subject).waitFor();
    expect(await entryIn(dayCell(page, day(3)), subject).count()).toBe(0);
    expect(await dueDateOf(api, id)).toBe(day(2));
    await screenshot(page, 'calendar-refused-en');

    // A click opens the task, due on its new day.
    await page.reload();
    await entryIn(dayCell(page, day(2)), subject).click();
    await page.waitForURL(new RegExp(`/task/task-detail\\?flag=detail&id=${id}$`));
    const detail = page.locator('[data-testid="record-detail-task"]:visible');
    await detail.getByText(day(2)).first().waitFor();
    await settled(page);
    await screenshot(page, 'calendar-task-detail-en');

    // Selecting an empty day starts a task due that day.
    await openPage(page, app.server.url, '/calendar');
    const target = dayCell(page, day(4));
    await entryIn(dayCell(page, day(2)), subject).waitFor();
    await settled(page);
    const form = page.getByTestId('record-form');
    // Retried: a click that lands while the page is still laying the calendar out selects nothing.
    for (let attempt = 1; !(await form.isVisible()); attempt++) {
      const box = (await target.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height - 6);
      if (await form.waitFor({ timeout: 5_000 }).then(() => true, () => false)) break;
      if (attempt === 3) throw new Error('selecting a day did not open the task form');
    }
    expect(await form.locator('#dueDate').inputValue()).toBe(day(4));
    await form.locator('#subject').fill('Aardvark follow-up');
    await page.getByTestId('record-form-save').click();
    await entryIn(dayCell(page, day(4)), 'Aardvark follow-up').waitFor();

    // Week and day views.
    await calendarOf(page).locator('.fc-timeGridWeek-button').click();
    await calendarOf(page).locator('.fc-timeGridWeek-view').waitFor();
    await settled(page);
    await screenshot(page, 'calendar-week-en');
    await calendarOf(page).locator('.fc-timeGridDay-button').click();
    await calendarOf(page).locator('.fc-timeGridDay-view').waitFor();
    await calendarOf(page).locator('.fc-dayGridMonth-button').click();
    await dayCell(page, day(2)).waitFor();
    await context.close();
  }, 240_000);

  it('in Chinese: the week starts on Monday, the library speaks Chinese, a drag moves the due date, week view', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language: 'zh', width: 1400, height: 1000 });
    const api = apiOf(app.server.url, token);
    const subject = 'Aardvark 物流回访';
    const id = await createTask(api, subject, day(1));

    await openPage(page, app.server.url, '/calendar');
    await entryIn(dayCell(page, day(1)), subject).waitFor();
    expect(await calendarOf(page).locator('.fc-col-header-cell').first().getAttribute('class')).toContain('fc-day-mon');
    for (const [button, text] of [['today', '今天'], ['dayGridMonth', '月'], ['timeGridWeek', '周'], ['timeGridDay', '日']]) {
      expect(await calendarOf(page).locator(`.fc-${button}-button`).textContent()).toBe(text);
    }
    await settled(page);
    await screenshot(page, 'calendar-month-zh');

    await dragTo(page, entryIn(dayCell(page, day(1)), subject), dayCell(page, day(3)));
    await page.getByText(`已移动“${subject}”`).waitFor();
    await entryIn(dayCell(page, day(3)), subject).waitFor();
    await expect.poll(() => dueDateOf(api, id)).toBe(day(3));

    await calendarOf(page).locator('.fc-timeGridWeek-button').click();
    await calendarOf(page).locator('.fc-timeGridWeek-view').waitFor();
    expect(await calendarOf(page).locator('.fc-col-header-cell').first().getAttribute('class')).toContain('fc-day-mon');
    await settled(page);
    await screenshot(page, 'calendar-week-zh');
    await context.close();
  }, 180_000);
});

describe('the calendar in Chromium, as a sales manager', () => {
  const app = serverAndBrowser();

  it('shows her own calendar, then her team member’s by the owner filter, named on each entry', async () => {
    const rep = await signedInPage(app.browser, app.server.url, { username: 'olivia.park' });
    const subject = 'Aardvark team review';
    await createTask(apiOf(app.server.url, rep.token), subject, day(1));
    await rep.context.close();

    const { context, page } = await signedInPage(app.browser, app.server.url, { username: 'emma.stone', width: 1400, height: 1000 });
    await openPage(page, app.server.url, '/calendar');
    const owners = page.getByTestId('calendar-owners');
    await owners.waitFor();
    await settled(page);
    expect(await entryIn(dayCell(page, day(1)), subject).count()).toBe(0);
    await pickOption(page, owners, /^Olivia Park/);
    await entryIn(dayCell(page, day(1)), `${subject} · Olivia Park`).waitFor();
    // The picker's list closes when the page is clicked elsewhere.
    await calendarOf(page).locator('.fc-toolbar-title').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await settled(page);
    await screenshot(page, 'calendar-manager-en');
    await context.close();
  }, 180_000);
});
