import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickUntil, screenshot } from '../helpers/browser';
import { apiOf, type Api, fixture } from '../helpers/api';
import { serverAndBrowser } from '../helpers/suite';
import { openPage, signedInPage } from './shell-support';

const pad = (n: number) => String(n).padStart(2, '0');
/** A day relative to today, as the browser and server (same machine) count days. */
const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-spin-spinning:visible, .ant-skeleton:visible').count(), { timeout: 20_000 }).toBe(0);
}

/** An account of the user's with an overdue task about it whose reminder is due. */
async function accountWithOverdueTask(api: Api, account: string, subject: string): Promise<{ accountId: number; taskId: number }> {
  const created = await api('POST', '/crm/account', fixture({ name: account }));
  expect(created.code, created.msg).toBe(200);
  const accountId = created.data as number;
  const task = await api('POST', '/crm/task', { subject, dueDate: day(-3), priority: 'high', relatedTo: { module: 'account', id: accountId }, reminderAt: minutesAgo(10) });
  expect(task.code, task.msg).toBe(200);
  return { accountId, taskId: task.data as number };
}

describe('tasks in Chromium, as a sales rep', () => {
  const app = serverAndBrowser();

  it('completes an overdue task from its account’s related list; the bell shows its due reminder; list, bell and detail in English', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', width: 1400, height: 900 });
    const api = apiOf(app.server.url, token);
    const { accountId, taskId } = await accountWithOverdueTask(api, 'Harborlight Marine', 'Confirm the dock survey');
    // A meeting about the account starting in five minutes, reminding ten minutes before: its reminder is due too.
    const startAt = new Date(Date.now() + 5 * 60_000);
    const meeting = await api('POST', '/crm/activity', { kind: 'meeting', subject: 'Dock walk-through', relatedTo: { module: 'account', id: accountId }, startAt: startAt.toISOString(), reminderMinutes: 10 });
    expect(meeting.code, meeting.msg).toBe(200);

    // The task list: Olivia's open tasks, the overdue ones highlighted.
    await openPage(page, app.server.url, '/task/task-index');
    const list = page.locator('[data-testid="record-list-task"]:visible');
    const row = list.locator('.ant-table-row', { hasText: 'Confirm the dock survey' });
    await row.waitFor();
    expect(await row.getAttribute('class')).toContain('crm-row-overdue');
    await settled(page);
    await screenshot(page, 'task-list-en');

    // The bell: the due reminder, unread, with its account and due date.
    const bell = page.getByTestId('reminder-bell');
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toMatch(/^Reminders, \d+ unread$/);
    await bell.click();
    const reminder = page.getByTestId('reminders').getByTestId('reminder').filter({ hasText: 'Confirm the dock survey' });
    await reminder.waitFor();
    expect(await reminder.textContent()).toContain('Account: Harborlight Marine');
    expect(await reminder.textContent()).toContain(`Due ${day(-3)}`);
    const meetingReminder = page.getByTestId('reminders').getByTestId('reminder').filter({ hasText: 'Dock walk-through' });
    const hhmm = `${String(startAt.getHours()).padStart(2, '0')}:${String(startAt.getMinutes()).padStart(2, '0')}`;
    expect(await meetingReminder.textContent()).toContain('Account: Harborlight Marine');
    expect(await meetingReminder.textContent()).toMatch(new RegExp(`Starts \\d{4}-\\d{2}-\\d{2} ${hhmm}`));
    await page.waitForTimeout(300);
    await screenshot(page, 'task-bell-en');
    await bell.click();

    // The account's page: complete the task from its related list.
    await page.goto(`${app.server.url}/account/account-detail?flag=detail&id=${accountId}`);
    const detail = page.locator('[data-testid="record-detail-account"]:visible');
    const related = detail.getByTestId('related-task-relatedTo');
    const relatedRow = related.locator('.ant-table-row', { hasText: 'Confirm the dock survey' });
    await relatedRow.waitFor();
    expect(await relatedRow.getAttribute('class')).toContain('crm-row-overdue');
    await detail.getByTestId('activity-entry').filter({ hasText: 'Confirm the dock survey' }).getByText(/^Overdue · due/).waitFor();
    // The message is awaited from before the click (it leaves after 3 s); a click lost while the
    // row re-renders is pressed again until the row offers "Reopen".
    const completed = page.getByText('Task completed').waitFor({ timeout: 45_000 });
    await clickUntil(relatedRow.getByTestId('task-complete'), relatedRow.getByTestId('task-reopen'));
    await completed;
    expect(await relatedRow.getAttribute('class')).not.toContain('crm-row-overdue');
    await detail.getByTestId('activity-entry').filter({ hasText: 'Confirm the dock survey' }).getByText(/^Completed \d{4}-/).waitFor();
    await settled(page);
    await screenshot(page, 'task-account-related-en');

    // The server recorded the completion, with its time and history; the reminder is gone from the bell.
    const task = (await api('GET', `/crm/task/${taskId}`)).data as { status: string; completedAt: string | null };
    expect(task.status).toBe('completed');
    expect(task.completedAt).not.toBeNull();
    const reminders = (await api('GET', '/crm/reminders')).rows as Array<{ module: string; id: number }>;
    expect(reminders.filter((r) => r.module === 'task').map((r) => r.id)).not.toContain(taskId);

    await page.goto(`${app.server.url}/task/task-detail?flag=detail&id=${taskId}`);
    const taskDetail = page.locator('[data-testid="record-detail-task"]:visible');
    await taskDetail.getByTestId('activity-timeline').getByTestId('history-entry').first().waitFor();
    await settled(page);
    await screenshot(page, 'task-detail-en');
    await context.close();
  }, 240_000);

  it('shows the task screens in Chinese: list with the overdue highlighted, the bell open, the detail', async () => {
    const { context, page, token } = await signedInPage(app.browser, app.server.url, { username: 'olivia.park', language: 'zh', width: 1400, height: 900 });
    const api = apiOf(app.server.url, token);
    const { taskId } = await accountWithOverdueTask(api, '远航新能源', '确认年度采购合同');

    await openPage(page, app.server.url, '/task/task-index');
    const row = page.locator('[data-testid="record-list-task"]:visible .ant-table-row', { hasText: '确认年度采购合同' });
    await row.waitFor();
    expect(await row.getAttribute('class')).toContain('crm-row-overdue');
    await settled(page);
    await screenshot(page, 'task-list-zh');

    const bell = page.getByTestId('reminder-bell');
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toMatch(/^提醒，\d+ 条未读$/);
    await bell.click();
    const reminder = page.getByTestId('reminders').getByTestId('reminder').filter({ hasText: '确认年度采购合同' });
    await reminder.waitFor();
    expect(await reminder.textContent()).toContain('客户: 远航新能源');
    await page.waitForTimeout(300);
    await screenshot(page, 'task-bell-zh');
    // A click opens the task (and marks its reminder read).
    await reminder.getByText('确认年度采购合同').click();
    await page.waitForURL(new RegExp(`/task/task-detail\\?flag=detail&id=${taskId}$`));
    const taskDetail = page.locator('[data-testid="record-detail-task"]:visible');
    await taskDetail.getByTestId('activity-timeline').getByTestId('history-entry').first().waitFor();
    await settled(page);
    await screenshot(page, 'task-detail-zh');
    const read = (await api('GET', '/crm/reminders')).rows as Array<{ module: string; id: number; read: boolean }>;
    expect(read.find((r) => r.module === 'task' && r.id === taskId)?.read).toBe(true);
    await context.close();
  }, 180_000);
});
