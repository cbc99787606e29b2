import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskReminder } from '@orbit/shared/contract/taskReminders';
import { RequestError } from '../../../../api/request';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import TaskReminderBell from './TaskReminderBell';

const api = vi.hoisted(() => ({ getTaskReminders: vi.fn(), markTaskRemindersRead: vi.fn(), dismissTaskReminders: vi.fn() }));
vi.mock('../../../../api/taskReminders', () => api);

const reminder = (id: number, subject: string, read: boolean, extra: Partial<TaskReminder> = {}): TaskReminder =>
  ({ id, recordTypeId: null, ownerId: 5, deptId: 3, version: 1, createTime: '2026-11-20T09:00:00.000Z', updateTime: null, createBy: 5, updateBy: null, subject, read, dueDate: '2026-11-30', relatedTo: null, reminderAt: '2026-11-23T08:00:00.000Z', ...extra }) as TaskReminder;

const answer = {
  code: 200,
  msg: '',
  total: 2,
  unread: 1,
  rows: [reminder(11, 'Send the proposal', false, { relatedTo: { module: 'account', id: 42 } }), reminder(12, 'Book the venue', true, { dueDate: null, relatedTo: { module: 'account', id: 43 } })],
  // 43: an account outside the user's scope (restricted).
  lookups: { account: { 42: 'Acme Holdings', 43: null } },
};

async function openBell() {
  const bell = await screen.findByTestId('reminder-bell');
  await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Task reminders, 1 unread'));
  fireEvent.click(bell);
  return screen.findByTestId('task-reminders');
}

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getTaskReminders.mockResolvedValue(answer);
  api.markTaskRemindersRead.mockResolvedValue({ code: 200, msg: '', data: 1 });
  api.dismissTaskReminders.mockResolvedValue({ code: 200, msg: '', data: 1 });
});

describe('TaskReminderBell', () => {
  it('shows the unread count, and opened, the due reminders: subject, related record, due date', async () => {
    renderCrm(<TaskReminderBell />);
    const panel = await openBell();
    expect(document.querySelector('.ant-badge-count')?.textContent).toBe('1');
    const items = within(panel).getAllByTestId('task-reminder');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Send the proposal');
    expect(items[0]!.textContent).toContain('Account: Acme Holdings');
    expect(items[0]!.textContent).toContain('Due 2026-11-30');
    expect(items[1]!.textContent).toContain('No due date');
    expect(items[1]!.textContent).toContain('Account: Restricted record');
    expect(items[0]!.className).toContain('task-reminder-unread');
    expect(items[1]!.className).not.toContain('task-reminder-unread');
  });

  it('names the lead or contact of a task related to nothing else (its "name")', async () => {
    api.getTaskReminders.mockResolvedValue({
      ...answer,
      total: 1,
      rows: [reminder(13, 'Call back', false, { name: { module: 'leads', id: 7 } })],
      lookups: { leads: { 7: 'Ava Lee' } },
    });
    renderCrm(<TaskReminderBell />);
    const panel = await openBell();
    expect(within(panel).getByTestId('task-reminder').textContent).toContain('Lead: Ava Lee');
  });

  it('marks one as read, dismisses one, marks all read and dismisses all, then asks again', async () => {
    renderCrm(<TaskReminderBell />);
    const panel = await openBell();
    const [first, second] = within(panel).getAllByTestId('task-reminder');
    // Only an unread reminder offers "mark as read".
    expect(within(second!).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    fireEvent.click(within(first!).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(api.markTaskRemindersRead).toHaveBeenCalledWith({ ids: [11] }));
    fireEvent.click(within(second!).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(api.dismissTaskReminders).toHaveBeenCalledWith({ ids: [12] }));
    fireEvent.click(screen.getByTestId('reminders-read-all'));
    await waitFor(() => expect(api.markTaskRemindersRead).toHaveBeenCalledWith({ all: true }));
    fireEvent.click(screen.getByTestId('reminders-dismiss-all'));
    await waitFor(() => expect(api.dismissTaskReminders).toHaveBeenCalledWith({ all: true }));
    await waitFor(() => expect(api.getTaskReminders.mock.calls.length).toBeGreaterThan(1));
  });

  it('opening a reminder marks it read', async () => {
    renderCrm(<TaskReminderBell />);
    const panel = await openBell();
    fireEvent.click(within(panel).getByText('Send the proposal'));
    await waitFor(() => expect(api.markTaskRemindersRead).toHaveBeenCalledWith({ ids: [11] }));
  });

  it('says when no reminder is due', async () => {
    api.getTaskReminders.mockResolvedValue({ ...answer, total: 0, unread: 0, rows: [] });
    renderCrm(<TaskReminderBell />);
    const bell = await screen.findByTestId('reminder-bell');
    await waitFor(() => expect(api.getTaskReminders).toHaveBeenCalled());
    expect(bell.getAttribute('aria-label')).toBe('Task reminders');
    fireEvent.click(bell);
    expect(await within(await screen.findByTestId('task-reminders')).findByText('No reminders due')).toBeTruthy();
  });

  it('offers a retry when the reminders cannot be loaded', async () => {
    api.getTaskReminders.mockRejectedValueOnce(new RequestError('down', 500, undefined, true));
    renderCrm(<TaskReminderBell />);
    fireEvent.click(await screen.findByTestId('reminder-bell'));
    fireEvent.click(await within(await screen.findByTestId('task-reminders')).findByTestId('retry'));
    expect(await screen.findByText('Send the proposal')).toBeTruthy();
  });

  it('is not there for a user who may not see tasks', async () => {
    signInOlivia(['crm:leads:list']);
    renderCrm(<TaskReminderBell />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('reminder-bell')).toBeNull();
    expect(api.getTaskReminders).not.toHaveBeenCalled();
  });
});
