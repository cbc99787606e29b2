import dayjs from 'dayjs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyDay } from '@orbit/shared/contract/myDay';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../test/crmFixtures';
import MyDayPage from './MyDayPage';

const api = vi.hoisted(() => ({ getMyDay: vi.fn() }));
vi.mock('../../api/myDay', () => api);
const crm = vi.hoisted(() => ({ updateRecord: vi.fn() }));
vi.mock('../../api/crm', () => crm);

const day = (extra: Partial<MyDay> = {}): MyDay => ({
  today: '2026-12-01',
  tasks: [
    { id: 11, version: 3, subject: 'Call Acme', dueDate: '2026-11-28', status: 'not_started', priority: 'high', overdue: true },
    { id: 12, version: 1, subject: 'Send the quote', dueDate: '2026-12-01', status: 'in_progress', priority: null, overdue: false },
  ],
  meetings: [{ id: 21, subject: 'Quarterly review', startAt: '2026-12-01T09:00:00.000Z', endAt: '2026-12-01T10:30:00.000Z', allDay: false, location: 'Room 4' }],
  pipeline: [
    { stage: 'prospecting', label: 'Prospecting', count: 2, amount: '3000.75' },
    { stage: 'negotiation', label: 'Negotiation', count: 1, amount: '500.00' },
  ],
  leads: [{ id: 7, name: 'Ava Ashdown', company: 'Quillfeather Ltd', status: 'new', statusLabel: 'New', createTime: '2026-12-01T08:00:00.000Z' }],
  recent: [{ module: 'account', id: 3, name: 'Ashdown Holdings', at: '2026-12-01T09:00:00.000Z' }],
  favourites: [],
  ...extra,
});

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
});

describe('My day', () => {
  it('shows skeletons while the day loads, then each card, and says only an empty card is empty', async () => {
    let answer: (value: { code: number; data: MyDay }) => void = () => undefined;
    api.getMyDay.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderCrm(<MyDayPage />);
    expect(screen.getByTestId('my-day-agenda').getAttribute('aria-busy')).toBe('true');
    expect(document.querySelectorAll('.ant-skeleton').length).toBe(5);
    answer({ code: 200, data: day() });
    await screen.findByText('Call Acme');
    expect(within(screen.getByTestId('my-day-agenda')).getByText('Overdue · due 2026-11-28')).toBeTruthy();
    // The day's meetings first, by time, then the tasks.
    const agenda = within(screen.getByTestId('my-day-agenda'));
    expect([...screen.getByTestId('my-day-agenda').querySelectorAll('.ant-list-item a')].map((a) => a.textContent)).toEqual(['Quarterly review', 'Call Acme', 'Send the quote']);
    expect(agenda.getByText(`${dayjs('2026-12-01T09:00:00.000Z').format('HH:mm')}–${dayjs('2026-12-01T10:30:00.000Z').format('HH:mm')} · Room 4`)).toBeTruthy();
    expect(within(screen.getByTestId('my-day-pipeline')).getByText('3 open · $3,500.75')).toBeTruthy();
    expect(within(screen.getByTestId('my-day-pipeline')).getByText('$3,000.75')).toBeTruthy();
    expect(within(screen.getByTestId('my-day-leads')).getByText('Ava Ashdown')).toBeTruthy();
    expect(within(screen.getByTestId('my-day-recent')).getByText('Ashdown Holdings')).toBeTruthy();
    expect(within(screen.getByTestId('my-day-favourites')).getByText('Star a record (☆ beside its name) to keep it here.')).toBeTruthy();
    expect(screen.queryByText('Nothing due today. Well done.')).toBeNull();
  });

  it('completes a task in one click (its status at the row’s version) and fetches the day again', async () => {
    api.getMyDay.mockResolvedValue({ code: 200, data: day() });
    crm.updateRecord.mockResolvedValue({ code: 200, data: {} });
    renderCrm(<MyDayPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Complete "Call Acme"' }));
    await waitFor(() => expect(crm.updateRecord).toHaveBeenCalledWith('task', { id: 11, version: 3, status: 'completed' }));
    await waitFor(() => expect(api.getMyDay).toHaveBeenCalledTimes(2));
  });

  it('leaves out the cards of modules the user may not list', async () => {
    signInOlivia([PERMISSIONS.leads.list, PERMISSIONS.leads.query]);
    api.getMyDay.mockResolvedValue({ code: 200, data: day({ tasks: null, meetings: null, pipeline: null, leads: [] }) });
    renderCrm(<MyDayPage />);
    await screen.findByText('No new leads this week.');
    expect(screen.queryByTestId('my-day-agenda')).toBeNull();
    expect(screen.queryByTestId('my-day-pipeline')).toBeNull();
  });

  it('shows the error state with a retry when the day cannot be loaded', async () => {
    api.getMyDay.mockRejectedValue(new Error('offline'));
    renderCrm(<MyDayPage />);
    await screen.findByTestId('my-day-error');
  });
});
