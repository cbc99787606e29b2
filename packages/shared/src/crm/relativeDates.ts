/**
 * Relative date ranges a date filter may name ("this quarter", "last 30 days"). The server
 * resolves them at query time (in the server's time zone), so a saved view keeps meaning "this
 * week" every week. Weeks start on Monday.
 */
export const RELATIVE_DATES = [
  'today',
  'yesterday',
  'tomorrow',
  'thisWeek',
  'lastWeek',
  'nextWeek',
  'thisMonth',
  'lastMonth',
  'nextMonth',
  'thisQuarter',
  'lastQuarter',
  'nextQuarter',
  'thisYear',
  'lastYear',
  'last7Days',
  'last30Days',
  'last90Days',
  'next7Days',
  'next30Days',
  'next90Days',
  'beforeToday',
  'afterToday',
] as const;
export type RelativeDate = (typeof RELATIVE_DATES)[number];

/**
 * A half-open day range [from, to) as calendar dates 'YYYY-MM-DD'; a null end is open (every day
 * before today: what is overdue).
 */
export type DayRange = { from: string | null; to: string | null };

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The calendar day `now` falls on, local time, as 'YYYY-MM-DD' (the day "today" resolves to). */
export const calendarDay = (now: Date = new Date()) => iso(now);
const addDays = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
const addMonths = (d: Date, months: number) => new Date(d.getFullYear(), d.getMonth() + months, 1);

/** The days a relative name covers on the day `now` falls on (local time). */
export function resolveRelativeDate(name: RelativeDate, now: Date = new Date()): DayRange {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const weekStart = addDays(today, -((today.getDay() + 6) % 7));
  const monthStart = new Date(today.getFullYear(), today.getMonth(), 1);
  const quarterStart = new Date(today.getFullYear(), Math.floor(today.getMonth() / 3) * 3, 1);
  const yearStart = new Date(today.getFullYear(), 0, 1);
  const range = (from: Date | null, to: Date | null): DayRange => ({ from: from && iso(from), to: to && iso(to) });
  switch (name) {
    case 'today':
      return range(today, addDays(today, 1));
    case 'yesterday':
      return range(addDays(today, -1), today);
    case 'tomorrow':
      return range(addDays(today, 1), addDays(today, 2));
    case 'thisWeek':
      return range(weekStart, addDays(weekStart, 7));
    case 'lastWeek':
      return range(addDays(weekStart, -7), weekStart);
    case 'nextWeek':
      return range(addDays(weekStart, 7), addDays(weekStart, 14));
    case 'thisMonth':
      return range(monthStart, addMonths(monthStart, 1));
    case 'lastMonth':
      return range(addMonths(monthStart, -1), monthStart);
    case 'nextMonth':
      return range(addMonths(monthStart, 1), addMonths(monthStart, 2));
    case 'thisQuarter':
      return range(quarterStart, addMonths(quarterStart, 3));
    case 'lastQuarter':
      return range(addMonths(quarterStart, -3), quarterStart);
    case 'nextQuarter':
      return range(addMonths(quarterStart, 3), addMonths(quarterStart, 6));
    case 'thisYear':
      return range(yearStart, new Date(today.getFullYear() + 1, 0, 1));
    case 'lastYear':
      return range(new Date(today.getFullYear() - 1, 0, 1), yearStart);
    case 'last7Days':
      return range(addDays(today, -6), addDays(today, 1));
    case 'last30Days':
      return range(addDays(today, -29), addDays(today, 1));
    case 'last90Days':
      return range(addDays(today, -89), addDays(today, 1));
    case 'next7Days':
      return range(today, addDays(today, 7));
    case 'next30Days':
      return range(today, addDays(today, 30));
    case 'next90Days':
      return range(today, addDays(today, 90));
    case 'beforeToday':
      return range(null, today);
    case 'afterToday':
      return range(addDays(today, 1), null);
  }
}
