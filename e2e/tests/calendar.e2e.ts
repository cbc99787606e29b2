import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { clickUntil, pickOption, screenshot, settledScreenshot } from '../helpers/browser';
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

/**
 * Selects a day's hours in the week view with the mouse, from the slot of `from` to the slot of
 * `to` (half hours: 10:00 to 10:30 selects 10:00–11:00), retried while the page is still laying the
 * calendar out (a press that lands then selects nothing); answers once `opened` is visible.
 */
async function selectHours(page: Page, date: string, from: string, to: string, opened: Locator): Promise<void> {
  const lane = (time: string) => calendarOf(page).locator(`.fc-timegrid-slot-lane[data-time="${time}"]`);
  for (let attempt = 1; ; attempt++) {
    await lane(from).scrollIntoViewIfNeeded();
    const column = (await calendarOf(page).locator(`.fc-timegrid-col[data-date="${date}"]`).boundingBox())!;
    const [start, end] = [(await lane(from).boundingBox())!, (await lane(to).boundingBox())!];
    const x = column.x + column.width / 2;
    await page.mouse.move(x, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(x, end.y + end.height / 2, { steps: 8 });
    await page.mouse.up();
    if (await opened.waitFor({ timeout: 5_000 }).then(() => true, () => false)) return;
    if (attempt === 3) throw new Error(`selecting ${date} ${from}–${to} opened nothing`);
  }
}

/** A meeting's start and end as the server keeps them, in this machine's (the browser's) local hours. */
async function meetingHours(api: Api, subject: string): Promise<Array<[number, number]>> {
  const list = await api('GET', `/crm/activity/list?pageSize=10&q=${encodeURIComponent(subject)}`);
  return (list.rows as Array<{ kind: string; startAt: string; endAt: string }>)
    .filter((r) => r.kind === 'meeting')
    .map((r) => [new Date(r.startAt).getHours(), new Date(r.endAt).getHours()]);
}

async function createTask(api: Api, subject: string, dueDate: string): Promise<number> {
  const created = await api('POST', '/crm/task', { subject, dueDate });
  expect(created.code, created.msg).toBe(200);
  return created.data as number;
}
async function createAccount(api: Api, name: string): Promise<string> {
  const created = await api('POST', '/crm/account', { name });
  expect(created.code, created.msg).toBe(200);
  return name;
}

/**
 * Picks what a selected slot adds and waits for its form. A click landing while the choice's dialog
 * slides in is lost on a busy machine (the dialog then stays), so it is clicked again until the form is there.
 */
async function chooseAdd(page: Page, choice: Locator, key: string, formTestId: string): Promise<Locator> {
  const form = page.getByTestId(formTestId);
  await clickUntil(choice.getByTestId(`calendar-add-${key}`), form, { timeout: 45_000 });
  return form;
}

/**
 * Fills the meeting form a selected slot opened: its start and end are the selection's; the
 * subject is typed and the account picked (a meeting names a record); then saved, and closed.
 */
async function scheduleMeeting(page: Page, subject: string, account: string, [start, end]: [string, string]): Promise<void> {
  const form = page.getByTestId('activity-form-meeting');
  await form.waitFor();
  const inputs = form.locator('.ant-picker input');
  expect([await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()]).toEqual([start, end]);
  await form.locator('#subject').fill(subject);
  await pickOption(page, form.locator('#relatedTo'), account, { typed: account.slice(0, 8) });
  await settledScreenshot(page, `calendar-meeting-form-${(await page.evaluate(() => document.documentElement.lang)).startsWith('zh') ? 'zh' : 'en'}`);
  await form.getByTestId('activity-save').click();
  await form.waitFor({ state: 'detached' });
}
const dueDateOf = async (api: Api, id: number) => ((await api('GET', `/crm/task/${id}`)).data as { dueDate: string }).dueDate;

describe('the calendar in Chromium, as a sales rep', () => {
  const app = serverAndBrowser();

  it('shows a task on its due day, moves it by drag (the task’s due date changes), puts a refused move back, adds a task on a day and a meeting on hours of the week; month, week and day in English', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 1000 });
    const api = apiOf(app.server.url, token);
    // Named to sort first among a day's entries (the month view shows four a day, then "+ more").
    const subject = 'Aardvark Logistics call';
    const id = await createTask(api, subject, day(1));
    const accountName = await createAccount(api, 'Aardvark Harbour Ltd');

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

    // Selecting an empty day offers a meeting or a task (she may add both); the task is due that day.
    await openPage(page, app.server.url, '/calendar');
    const target = dayCell(page, day(4));
    await entryIn(dayCell(page, day(2)), subject).waitFor();
    await settled(page);
    const choice = page.getByTestId('calendar-add-choice');
    // Retried: a click that lands while the page is still laying the calendar out selects nothing.
    for (let attempt = 1; !(await choice.isVisible()); attempt++) {
      const box = (await target.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height - 6);
      if (await choice.waitFor({ timeout: 5_000 }).then(() => true, () => false)) break;
      if (attempt === 3) throw new Error('selecting a day did not offer what to add');
    }
    expect(await choice.locator('button').allTextContents()).toEqual(['New meeting', 'New task']);
    expect(await choice.textContent()).toContain(`What to add for ${day(4)}?`);
    await settledScreenshot(page, 'calendar-add-choice-en');
    const form = await chooseAdd(page, choice, 'task:due', 'record-form');
    expect(await form.locator('#dueDate').inputValue()).toBe(day(4));
    await form.locator('#subject').fill('Aardvark follow-up');
    await page.getByTestId('record-form-save').click();
    await entryIn(dayCell(page, day(4)), 'Aardvark follow-up').waitFor();

    // Week view: selecting today's hours 10:00–11:00 schedules a meeting at those hours.
    await calendarOf(page).locator('.fc-timeGridWeek-button').click();
    await calendarOf(page).locator('.fc-timeGridWeek-view').waitFor();
    await settled(page);
    await selectHours(page, day(0), '10:00:00', '10:30:00', choice);
    expect(await choice.textContent()).toContain(`What to add for ${day(0)} 10:00–11:00?`);
    await chooseAdd(page, choice, 'activity:meeting', 'activity-form-meeting');
    await scheduleMeeting(page, 'Aardvark dock walk-through', accountName, [`${day(0)} 10:00:00`, `${day(0)} 11:00:00`]);
    await calendarOf(page).locator(`.fc-timegrid-col[data-date="${day(0)}"] .fc-event`, { hasText: 'Aardvark dock walk-through' }).waitFor();
    expect(await meetingHours(api, 'Aardvark dock walk-through')).toEqual([[10, 11]]);
    await settled(page);
    await screenshot(page, 'calendar-week-en');

    // Day view.
    await calendarOf(page).locator('.fc-timeGridDay-button').click();
    await calendarOf(page).locator('.fc-timeGridDay-view').waitFor();
    await calendarOf(page).locator('.fc-dayGridMonth-button').click();
    await dayCell(page, day(2)).waitFor();
    await context.close();
  }, 240_000);

  it('in Chinese: the week starts on Monday, the library speaks Chinese, a drag moves the due date, a meeting scheduled on hours of the week view', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language: 'zh', width: 1400, height: 1000 });
    const api = apiOf(app.server.url, token);
    const subject = 'Aardvark 物流回访';
    const id = await createTask(api, subject, day(1));
    const accountName = await createAccount(api, 'Aardvark 港务有限公司');

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

    // Selecting today's hours 14:00–15:30 offers 新建会议 and 新建任务; the meeting takes those hours.
    const choice = page.getByTestId('calendar-add-choice');
    await selectHours(page, day(0), '14:00:00', '15:00:00', choice);
    expect(await choice.locator('button').allTextContents()).toEqual(['新建会议', '新建任务']);
    expect(await choice.textContent()).toContain(`要为 ${day(0)} 14:00–15:30 添加什么？`);
    await settledScreenshot(page, 'calendar-add-choice-zh');
    await chooseAdd(page, choice, 'activity:meeting', 'activity-form-meeting');
    await scheduleMeeting(page, 'Aardvark 码头巡视', accountName, [`${day(0)} 14:00:00`, `${day(0)} 15:30:00`]);
    await calendarOf(page).locator(`.fc-timegrid-col[data-date="${day(0)}"] .fc-event`, { hasText: 'Aardvark 码头巡视' }).waitFor();
    expect(await meetingHours(api, 'Aardvark 码头巡视')).toEqual([[14, 15]]);
    await settled(page);
    await screenshot(page, 'calendar-week-zh');
    await context.close();
  }, 240_000);
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
