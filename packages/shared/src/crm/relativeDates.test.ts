import { describe, expect, it } from 'vitest';
import { RELATIVE_DATES, resolveRelativeDate } from './relativeDates';

describe('relative dates', () => {
  // A Wednesday in the middle of a quarter's second month.
  const now = new Date(2026, 10, 18, 15, 30);

  it('resolves each name to a half-open range of days (weeks start on Monday)', () => {
    expect(resolveRelativeDate('today', now)).toEqual({ from: '2026-11-18', to: '2026-11-19' });
    expect(resolveRelativeDate('yesterday', now)).toEqual({ from: '2026-11-17', to: '2026-11-18' });
    expect(resolveRelativeDate('thisWeek', now)).toEqual({ from: '2026-11-16', to: '2026-11-23' });
    expect(resolveRelativeDate('lastWeek', now)).toEqual({ from: '2026-11-09', to: '2026-11-16' });
    expect(resolveRelativeDate('thisMonth', now)).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(resolveRelativeDate('nextMonth', now)).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(resolveRelativeDate('thisQuarter', now)).toEqual({ from: '2026-10-01', to: '2027-01-01' });
    expect(resolveRelativeDate('lastQuarter', now)).toEqual({ from: '2026-07-01', to: '2026-10-01' });
    expect(resolveRelativeDate('lastYear', now)).toEqual({ from: '2025-01-01', to: '2026-01-01' });
    expect(resolveRelativeDate('last30Days', now)).toEqual({ from: '2026-10-20', to: '2026-11-19' });
    expect(resolveRelativeDate('next7Days', now)).toEqual({ from: '2026-11-18', to: '2026-11-25' });
  });

  it('a Sunday belongs to the week that began the Monday before', () => {
    expect(resolveRelativeDate('thisWeek', new Date(2026, 10, 22))).toEqual({ from: '2026-11-16', to: '2026-11-23' });
  });

  it('every name resolves to a non-empty range', () => {
    for (const name of RELATIVE_DATES) {
      const { from, to } = resolveRelativeDate(name, now);
      expect(from === null || to === null || from < to).toBe(true);
      expect(from ?? to).not.toBeNull();
    }
  });

  it('before and after today are open-ended (what is overdue, what is still to come)', () => {
    expect(resolveRelativeDate('beforeToday', now)).toEqual({ from: null, to: '2026-11-18' });
    expect(resolveRelativeDate('afterToday', now)).toEqual({ from: '2026-11-19', to: null });
  });
});
