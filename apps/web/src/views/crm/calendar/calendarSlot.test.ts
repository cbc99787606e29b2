import { describe, expect, it } from 'vitest';
import type { CalendarSourceInfo } from '@orbit/shared/contract/calendar';
import { slotText, slotValues } from './calendarSlot';

const task: CalendarSourceInfo = { module: 'task', source: 'due', startField: 'dueDate', endField: null, allDayField: null, allDayOnly: true, canAdd: true };
const meeting: CalendarSourceInfo = { module: 'activity', source: 'meeting', startField: 'startAt', endField: 'endAt', allDayField: 'allDay', allDayOnly: false, canAdd: true };
const hours = { start: new Date(2031, 2, 10, 9, 0), end: new Date(2031, 2, 10, 10, 30), startStr: '2031-03-10T09:00:00+08:00', allDay: false };
const day = { start: new Date(2031, 2, 10), end: new Date(2031, 2, 11), startStr: '2031-03-10', allDay: true };

describe('what a selected calendar slot fills in', () => {
  it('gives a meeting the slot’s start and end instants, timed when hours were selected', () => {
    expect(slotValues(meeting, hours)).toEqual({ startAt: hours.start.toISOString(), endAt: hours.end.toISOString(), allDay: false });
  });

  it('gives a meeting on a day of the month view the whole day, all-day (its end the next local midnight)', () => {
    expect(slotValues(meeting, day)).toEqual({ startAt: new Date(2031, 2, 10).toISOString(), endAt: new Date(2031, 2, 11).toISOString(), allDay: true });
  });

  it('gives a task the day as the calendar shows it, whether a day or hours were selected', () => {
    expect(slotValues(task, day)).toEqual({ dueDate: '2031-03-10' });
    expect(slotValues(task, hours)).toEqual({ dueDate: '2031-03-10' });
  });

  it('names the slot in local time: a day, days (the end exclusive), or hours', () => {
    expect(slotText(day)).toBe('2031-03-10');
    expect(slotText({ ...day, end: new Date(2031, 2, 13) })).toBe('2031-03-10 – 2031-03-12');
    expect(slotText(hours)).toBe('2031-03-10 09:00–10:30');
  });
});
