import type { Dayjs } from 'dayjs';

export type DateRange = [Dayjs | null, Dayjs | null] | null | undefined;

/** A range picker's value as RuoYi's `params[beginTime]` / `params[endTime]` (whole days). */
export function dateRangeParams(range: DateRange): { params?: { beginTime?: string; endTime?: string } } {
  const [begin, end] = range ?? [null, null];
  if (!begin && !end) return { params: undefined };
  return { params: { beginTime: begin?.format('YYYY-MM-DD'), endTime: end?.format('YYYY-MM-DD') } };
}

/** A search form's `onSearch` for filters with a created-between range: the range goes to the list as `params`. */
export function withDateRange<V extends { createTime?: DateRange }>(search: (filters: Omit<V, 'createTime'> & ReturnType<typeof dateRangeParams>) => void) {
  return ({ createTime, ...values }: V) => search({ ...values, ...dateRangeParams(createTime) });
}
