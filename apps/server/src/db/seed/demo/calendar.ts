/**
 * Dates of the demo, relative to the moment it is seeded and in the server's time zone (as the
 * relative date filters "today", "this quarter"… are resolved), so the pipeline and the task views
 * look current whenever the demo starts.
 */
export const DAY = 86_400_000;

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar date 'YYYY-MM-DD'. */
export const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** Local midnight of a 'YYYY-MM-DD' day. */
export const midnightOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

export function calendar(now: Date) {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const plusDays = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
  /** The first day of the quarter `offset` quarters from the current one (0 this, -1 last…). */
  const quarterStart = (offset: number) => new Date(today.getFullYear(), Math.floor(today.getMonth() / 3) * 3 + offset * 3, 1);
  return {
    today,
    /** The calendar day `offset` days from today. */
    day: (offset: number) => dayOf(plusDays(today, offset)),
    /** The days from the start of the quarter `offset` from now to its last day (both inclusive), as day offsets from today. */
    quarter(offset: number): { first: number; last: number } {
      const from = quarterStart(offset);
      const to = plusDays(quarterStart(offset + 1), -1);
      return { first: Math.round((from.getTime() - today.getTime()) / DAY), last: Math.round((to.getTime() - today.getTime()) / DAY) };
    },
    /** Days left in this week after today (weeks start on Monday). */
    daysLeftInWeek: 6 - ((today.getDay() + 6) % 7),
  };
}

export type Calendar = ReturnType<typeof calendar>;
