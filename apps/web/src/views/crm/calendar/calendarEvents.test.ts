import { describe, expect, it } from 'vitest';
import type { CalendarEntry, CalendarSourceInfo } from '@orbit/shared/contract/calendar';
import { eventsOf, moveBodyOf, type EntryProps } from './calendarEvents';

const task: CalendarEntry = {
  module: 'task', source: 'due', id: 7, version: 3, title: 'Call Contoso', start: '2031-03-10', end: null, allDay: true,
  ownerId: 5, status: 'not_started', completed: false, canEdit: true,
};
const sources: CalendarSourceInfo[] = [{ module: 'task', source: 'due', startField: 'dueDate', endField: null, allDayField: null, allDayOnly: true, canAdd: true }];

describe('calendar events', () => {
  it('a task is an all-day event that can be moved, not resized; done ones are marked; owners named when several are shown', () => {
    const [event] = eventsOf([task, { ...task, id: 8, completed: true, canEdit: false }], sources, { 5: 'Olivia Park' }, true);
    expect(event).toMatchObject({ id: 'task:due:7', title: 'Call Contoso · Olivia Park', start: '2031-03-10', allDay: true, startEditable: true, durationEditable: false });
    expect((event!.extendedProps as EntryProps).ownerName).toBe('Olivia Park');
    const [, done] = eventsOf([task, { ...task, id: 8, completed: true, canEdit: false }], sources, {}, false);
    expect(done).toMatchObject({ startEditable: false, classNames: ['crm-calendar-event-task', 'crm-calendar-event-done'] });
    expect((done!.extendedProps as EntryProps).ownerName).toBeNull();
  });

  it('a dropped day-only entry sends its day; a timed one its instants', () => {
    const props: EntryProps = { entry: task, allDayOnly: true, ownerName: null };
    expect(moveBodyOf(props, { start: new Date(2031, 2, 14), end: null, startStr: '2031-03-14', endStr: '', allDay: true })).toEqual({
      module: 'task', source: 'due', id: 7, version: 3, start: '2031-03-14', end: null, allDay: true,
    });
    const meeting: EntryProps = { entry: { ...task, module: 'account', source: 'meeting' }, allDayOnly: false, ownerName: null };
    const [start, end] = [new Date(Date.UTC(2031, 2, 14, 9)), new Date(Date.UTC(2031, 2, 14, 10))];
    expect(moveBodyOf(meeting, { start, end, startStr: 'x', endStr: 'y', allDay: false })).toMatchObject({
      start: '2031-03-14T09:00:00.000Z', end: '2031-03-14T10:00:00.000Z', allDay: false,
    });
  });
});
