import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reminder } from '@orbit/shared/contract/reminders';
import { RequestError } from '../../../api/request';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../test/crmFixtures';
import ReminderBell from './ReminderBell';

const api = vi.hoisted(() => ({ getReminders: vi.fn(), markRemindersRead: vi.fn(), dismissReminders: vi.fn() }));
vi.mock('../../../api/reminders', () => api);

const reminder = (id: number, subject: string, read: boolean, extra: Partial<Reminder> = {}): Reminder => ({
  module: 'task', id, subject, read, due: '2026-11-30', dueKind: 'due', about: null, remindAt: '2026-11-23T08:00:00.000Z', ...extra,
});

const answer = {
  code: 200,
  msg: '',
  total: 2,
  unread: 1,
  rows: [reminder(11, 'Send the proposal', false, { about: { module: 'account', id: 42 } }), reminder(12, 'Book the venue', true, { due: null, about: { module: 'account', id: 43 } })],
  // 43: an account outside the user's scope (restricted).
  lookups: { account: { 42: 'Acme Holdings', 43: null } },
};

async function openBell() {
  const bell = await screen.findByTestId('reminder-bell');
  await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Reminders, 1 unread'));
  fireEvent.click(bell);
  return screen.findByTestId('reminders');
}

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getReminders.mockResolvedValue(answer);
  api.markRemindersRead.mockResolvedValue({ code: 200, msg: '', data: 1 });
  api.dismissReminders.mockResolvedValue({ code: 200, msg: '', data: 1 });
});

describe('ReminderBell', () => {
  it('shows the unread count, and opened, the due reminders: subject, related record, due date', async () => {
    renderCrm(<ReminderBell />);
    const panel = await openBell();
    expect(document.querySelector('.ant-badge-count')?.textContent).toBe('1');
    const items = within(panel).getAllByTestId('reminder');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Send the proposal');
    expect(items[0]!.textContent).toContain('Account: Acme Holdings');
    expect(items[0]!.textContent).toContain('Due 2026-11-30');
    expect(items[1]!.textContent).toContain('No due date');
    expect(items[1]!.textContent).toContain('Account: Restricted record');
    expect(items[0]!.className).toContain('reminder-unread');
    expect(items[1]!.className).not.toContain('reminder-unread');
  });

  it('shows a meeting by when it starts, with what it is about', async () => {
    api.getReminders.mockResolvedValue({
      ...answer,
      total: 1,
      rows: [reminder(13, 'Quarterly review', false, { module: 'activity', due: '2026-11-30T14:30:00', dueKind: 'start', about: { module: 'leads', id: 7 } })],
      lookups: { leads: { 7: 'Ava Lee' } },
    });
    renderCrm(<ReminderBell />);
    const panel = await openBell();
    const item = within(panel).getByTestId('reminder');
    expect(item.textContent).toContain('Lead: Ava Lee');
    expect(item.textContent).toContain('Starts 2026-11-30 14:30');
    fireEvent.click(within(item).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(api.markRemindersRead).toHaveBeenCalledWith({ items: [{ module: 'activity', id: 13 }] }));
  });

  it('marks one as read, dismisses one, marks all read and dismisses all, then asks again', async () => {
    renderCrm(<ReminderBell />);
    const panel = await openBell();
    const [first, second] = within(panel).getAllByTestId('reminder');
    // Only an unread reminder offers "mark as read".
    expect(within(second!).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    fireEvent.click(within(first!).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(api.markRemindersRead).toHaveBeenCalledWith({ items: [{ module: 'task', id: 11 }] }));
    fireEvent.click(within(second!).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(api.dismissReminders).toHaveBeenCalledWith({ items: [{ module: 'task', id: 12 }] }));
    fireEvent.click(screen.getByTestId('reminders-read-all'));
    await waitFor(() => expect(api.markRemindersRead).toHaveBeenCalledWith({ all: true }));
    fireEvent.click(screen.getByTestId('reminders-dismiss-all'));
    await waitFor(() => expect(api.dismissReminders).toHaveBeenCalledWith({ all: true }));
    await waitFor(() => expect(api.getReminders.mock.calls.length).toBeGreaterThan(1));
  });

  it('opening a reminder marks it read', async () => {
    renderCrm(<ReminderBell />);
    const panel = await openBell();
    fireEvent.click(within(panel).getByText('Send the proposal'));
    await waitFor(() => expect(api.markRemindersRead).toHaveBeenCalledWith({ items: [{ module: 'task', id: 11 }] }));
  });

  it('says when no reminder is due', async () => {
    api.getReminders.mockResolvedValue({ ...answer, total: 0, unread: 0, rows: [] });
    renderCrm(<ReminderBell />);
    const bell = await screen.findByTestId('reminder-bell');
    await waitFor(() => expect(api.getReminders).toHaveBeenCalled());
    expect(bell.getAttribute('aria-label')).toBe('Reminders');
    fireEvent.click(bell);
    expect(await within(await screen.findByTestId('reminders')).findByText('No reminders due')).toBeTruthy();
  });

  it('offers a retry when the reminders cannot be loaded', async () => {
    api.getReminders.mockRejectedValueOnce(new RequestError('down', 500, undefined, true));
    renderCrm(<ReminderBell />);
    fireEvent.click(await screen.findByTestId('reminder-bell'));
    fireEvent.click(await within(await screen.findByTestId('reminders')).findByTestId('retry'));
    expect(await screen.findByText('Send the proposal')).toBeTruthy();
  });

  it('is not there for a user who may see neither tasks nor activities', async () => {
    signInOlivia(['crm:leads:list']);
    renderCrm(<ReminderBell />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('reminder-bell')).toBeNull();
    expect(api.getReminders).not.toHaveBeenCalled();
  });
});
