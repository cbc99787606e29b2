import type { CalendarData, CalendarEntry, CalendarMoveBody } from '@orbit/shared/contract/calendar';
import type { LookupOption } from '@orbit/shared/contract/crm';
import type { LookupQuery } from './crm';
import { request } from './request';

/** The calendar's calls (docs/records-engine.md, "Calendar sources"). */
type Data<T> = { code: number; msg: string; data: T };

/** Entries of the range [start, end) for the caller, or for the owners named. */
export const getCalendar = (params: { start: string; end: string; ownerIds?: number[] }) =>
  request<Data<CalendarData>>({
    url: '/crm/calendar',
    params: { start: params.start, end: params.end, ...(params.ownerIds?.length ? { ownerIds: params.ownerIds.join(',') } : {}) },
  });

/** Users whose calendars the caller may look at (their data scope). */
export const calendarOwners = (params: LookupQuery) => request<{ code: number; msg: string; total: number; rows: LookupOption[] }>({ url: '/crm/calendar/owners', params });

/** A drag: the record's new start (and end, all-day), written by the records engine's update. */
export const moveCalendarEntry = (body: CalendarMoveBody) => request<Data<CalendarEntry>>({ url: '/crm/calendar/move', method: 'PUT', data: body });
