import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarData } from '@orbit/shared/contract/calendar';
import { dictApi, field, prepareCrmTests, renderCrm, signInOlivia, simpleMeta, taskMeta } from '../../../test/crmFixtures';
import type { SelectedSlot } from './calendarSlot';
import CalendarPage from './index';

const api = vi.hoisted(() => ({
  getModuleMeta: vi.fn(),
  metaVersionSeen: { use: () => null },
  createRecord: vi.fn(),
  updateRecord: vi.fn(),
  lookupRecords: vi.fn(),
  lookupUsers: vi.fn(),
}));
const calendar = vi.hoisted(() => ({ getCalendar: vi.fn(), moveCalendarEntry: vi.fn(), calendarOwners: vi.fn() }));
/** The slot the stand-in board selects when its button is clicked. */
const board = vi.hoisted(() => ({ slot: null as SelectedSlot | null }));
vi.mock('../../../api/crm', () => api);
vi.mock('../../../api/crmCalendar', () => calendar);
vi.mock('../../../api/system/dict', () => dictApi);
// FullCalendar does not lay out in jsdom: a stand-in reports a selection as the library does.
vi.mock('./components/CalendarBoard', () => ({
  default: ({ selectable, onRange, onSelect }: { selectable: boolean; onRange: (r: { start: string; end: string }) => void; onSelect: (s: SelectedSlot) => void }) => {
    if (!board.slot) onRange({ start: '2031-03-09', end: '2031-03-16' });
    return (
      <button type="button" disabled={!selectable} onClick={() => onSelect(board.slot!)} data-testid="select-slot">
        select
      </button>
    );
  },
}));

const activityMeta = simpleMeta('activity', 'subject', [
  field('kind', 'picklist', 'Kind', { dictType: 'crm_activity_kind', required: true }),
  field('subject', 'text', 'Subject', { required: true, maxLength: 255 }),
  field('startAt', 'datetime', 'Start'),
  field('endAt', 'datetime', 'End'),
  field('allDay', 'checkbox', 'All Day'),
  field('location', 'text', 'Location', { maxLength: 255 }),
]);
const sources = (meeting: boolean, task: boolean): CalendarData['sources'] => [
  { module: 'task', source: 'due', startField: 'dueDate', endField: null, allDayField: null, allDayOnly: true, canAdd: task },
  { module: 'activity', source: 'meeting', startField: 'startAt', endField: 'endAt', allDayField: 'allDay', allDayOnly: false, canAdd: meeting },
];
const answer = (data: Partial<CalendarData>) => ({ code: 200, msg: '', data: { entries: [], sources: sources(true, true), owners: {}, canPickOwners: false, truncated: false, ...data } });
const hours: SelectedSlot = { start: new Date(2031, 2, 11, 9, 0), end: new Date(2031, 2, 11, 10, 30), startStr: '2031-03-11T09:00:00', allDay: false };
const day: SelectedSlot = { start: new Date(2031, 2, 12), end: new Date(2031, 2, 13), startStr: '2031-03-12', allDay: true };

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  board.slot = null;
  signInOlivia();
  api.getModuleMeta.mockImplementation(async (module: string) => ({ code: 200, data: { task: taskMeta, activity: activityMeta }[module] }));
  api.createRecord.mockResolvedValue({ code: 200, data: 77 });
  api.lookupUsers.mockResolvedValue({ code: 200, rows: [], total: 0 });
  api.lookupRecords.mockResolvedValue({ code: 200, rows: [], total: 0 });
  calendar.getCalendar.mockResolvedValue(answer({}));
});

/** Renders the page, waits for its answer, and selects `slot`. */
async function select(slot: SelectedSlot) {
  renderCrm(<CalendarPage />);
  const button = await screen.findByTestId('select-slot');
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  board.slot = slot;
  fireEvent.click(button);
}
const bodyOf = (call: number) => api.createRecord.mock.calls[call]![1] as Record<string, unknown>;

describe('adding on the calendar by selecting a slot', () => {
  it('offers a new meeting or a new task, meeting first, naming the slot', async () => {
    await select(hours);
    expect(await screen.findByText('What to add for 2031-03-11 09:00–10:30?')).toBeTruthy();
    const choices = screen.getByTestId('calendar-add-choice').querySelectorAll('button');
    expect([...choices].map((b) => b.textContent)).toEqual(['New meeting', 'New task']);
    // The first choice has the focus, not the dialog's close button: Enter adds a meeting.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('calendar-add-activity:meeting')));
    expect(api.getModuleMeta).not.toHaveBeenCalled();
  });

  it('schedules a meeting in the meeting form from the slot’s start to its end', async () => {
    await select(hours);
    fireEvent.click(await screen.findByTestId('calendar-add-activity:meeting'));
    await screen.findByTestId('activity-form-meeting');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Meeting');
    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() => expect(api.createRecord).toHaveBeenCalledTimes(1));
    expect(api.createRecord.mock.calls[0]![0]).toBe('activity');
    expect(bodyOf(0)).toMatchObject({ kind: 'meeting', subject: 'Meeting', startAt: hours.start.toISOString(), endAt: hours.end.toISOString(), allDay: false });
    // Saved: the form closes and the calendar reads its entries again.
    await waitFor(() => expect(screen.queryByTestId('activity-form-meeting')).toBeNull());
    await waitFor(() => expect(calendar.getCalendar.mock.calls.length).toBeGreaterThan(1));
  });

  it('makes a meeting on a day of the month all-day', async () => {
    await select(day);
    fireEvent.click(await screen.findByTestId('calendar-add-activity:meeting'));
    await screen.findByTestId('activity-form-meeting');
    expect((screen.getByRole('checkbox', { name: 'All Day' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('activity-save'));
    await waitFor(() => expect(api.createRecord).toHaveBeenCalledTimes(1));
    expect(bodyOf(0)).toMatchObject({ kind: 'meeting', startAt: day.start.toISOString(), endAt: day.end.toISOString(), allDay: true });
  });

  it('adds a task in the engine’s record form, due on the slot’s day', async () => {
    await select(hours);
    fireEvent.click(await screen.findByTestId('calendar-add-task:due'));
    fireEvent.change(await screen.findByLabelText('Subject'), { target: { value: 'Call Contoso' } });
    fireEvent.click(screen.getByTestId('record-form-save'));
    await waitFor(() => expect(api.createRecord).toHaveBeenCalledTimes(1));
    expect(api.createRecord.mock.calls[0]![0]).toBe('task');
    expect(bodyOf(0)).toMatchObject({ subject: 'Call Contoso', dueDate: '2031-03-11' });
  });

  it('goes straight to the one form the user may add with, without a choice', async () => {
    calendar.getCalendar.mockResolvedValue(answer({ sources: sources(false, true) }));
    await select(day);
    fireEvent.change(await screen.findByLabelText('Subject'), { target: { value: 'Send the quote' } });
    expect(screen.queryByTestId('calendar-add-choice')).toBeNull();
    fireEvent.click(screen.getByTestId('record-form-save'));
    await waitFor(() => expect(api.createRecord).toHaveBeenCalledTimes(1));
    expect(bodyOf(0)).toMatchObject({ subject: 'Send the quote', dueDate: '2031-03-12' });
  });

  it('opens the meeting form at once for a user who may add meetings only', async () => {
    calendar.getCalendar.mockResolvedValue(answer({ sources: sources(true, false) }));
    await select(hours);
    await screen.findByTestId('activity-form-meeting');
    expect(screen.queryByTestId('calendar-add-choice')).toBeNull();
  });

  it('adds nothing where the user may add neither', async () => {
    calendar.getCalendar.mockResolvedValue(answer({ sources: sources(false, false) }));
    renderCrm(<CalendarPage />);
    await waitFor(() => expect(calendar.getCalendar).toHaveBeenCalled());
    expect((screen.getByTestId('select-slot') as HTMLButtonElement).disabled).toBe(true);
  });
});
