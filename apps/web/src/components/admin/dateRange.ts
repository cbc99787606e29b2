import type { Dayjs } from 'dayjs';

export type DateRange = [Dayjs | null, Dayjs | null] | null | undefined;

/** A range picker's value as RuoYi's `params[beginTime]` / `params[endTime]` (whole days). */
export function dateRangeParams(range: DateRange): { params?: { beginTime?: string; endTime?: string } } {
  const [begin, end] = range ?? [null, null];
  if (!begin && !end) return { params: undefined };
  return { params: { beginTime: begin?.format('YYYY-MM-DD'), endTime: end?.format('YYYY-MM-DD') } };
}

/** A search form's values with its date range (the field `name`) sent as `params` instead. */
export function rangeAsParams(values: Record<string, unknown>, name: string): Record<string, unknown> {
  const { [name]: range, ...rest } = values;
  return { ...rest, ...dateRangeParams(range as DateRange) };
}
