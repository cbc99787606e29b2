import { CALENDAR_MAX_DAYS } from '@orbit/shared/contract/calendar';
import { badRequest } from '../../../lib/errors';

/**
 * The calendar's range [start, end): as days (for date fields, the day each bound names as the
 * browser wrote it, in its own time zone) and as the bounds' texts (for date-time fields, read by
 * PostgreSQL: an instant with its offset, or a day at midnight on the server's clock).
 */
export type CalendarRange = { startDay: string; endDay: string; start: string; end: string };

const DAY_MS = 86_400_000;
const dayOf = (bound: string) => bound.trim().slice(0, 10);
/** A bound's instant; a bare day is midnight on this process's clock, as PostgreSQL reads it in the same time zone. */
const instantOf = (bound: string) => new Date(bound.length === 10 ? `${bound}T00:00:00` : bound.replace(' ', 'T')).getTime();
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;

/** The day after `day` when `bound` has a time of day past midnight (the range reaches into that day). */
function endDayOf(bound: string): string {
  const day = dayOf(bound);
  const time = bound.trim().slice(11, 19).replace(/[^0-9]/g, '');
  if (!time || /^0+$/.test(time)) return day;
  return new Date((dayNumber(day) + 1) * DAY_MS).toISOString().slice(0, 10);
}

/** Checks the range (the end after the start, at most CALENDAR_MAX_DAYS days) and answers it; refuses with a message otherwise. */
export function calendarRange(startText: string, endText: string): CalendarRange {
  const [start, end] = [startText.trim(), endText.trim()];
  if (!(instantOf(end) > instantOf(start))) throw badRequest('calendar.badRange');
  const range = { startDay: dayOf(start), endDay: endDayOf(end), start, end };
  if (dayNumber(range.endDay) - dayNumber(range.startDay) > CALENDAR_MAX_DAYS) throw badRequest('calendar.rangeTooLong', { max: CALENDAR_MAX_DAYS });
  return range;
}

/** The day before a day (a date field's inclusive end from a calendar's exclusive one), or after it with `by` 1. */
export const shiftDay = (day: string, by: number) => new Date((dayNumber(day) + by) * DAY_MS).toISOString().slice(0, 10);

/** Whole days from one day to another. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);
