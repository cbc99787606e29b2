import { z } from 'zod';
import { isDateTime } from '../crm/fieldValue';
import { CRM_MODULES, type CrmModule } from '../crm/modules';
import { stringValue } from '../validation';
import { jsonId } from './common';

/**
 * The calendar (`/calendar`, docs/records-engine.md "Calendar"): entries of every module that
 * declares a calendar source, in a range of days, for the caller or the owners they pick.
 */

/** The longest range one request may ask for: a month view with its leading and trailing weeks (6 weeks) fits with room. */
export const CALENDAR_MAX_DAYS = 62;
/** How many owners one request may name (a manager's team). */
export const CALENDAR_MAX_OWNERS = 50;
/** At most this many entries per source and request; beyond, the answer says `truncated`. */
export const CALENDAR_MAX_ENTRIES = 2000;

/** A range bound: a day `YYYY-MM-DD` or an ISO date-time (with its offset, as the browser's calendar sends it). */
const bound = stringValue({ error: 'calendar.badDate' }).refine((text) => isDateTime(text.trim()), { error: 'calendar.badDate' });

/** `ownerIds` "3,7": at most CALENDAR_MAX_OWNERS; absent, the caller alone. */
const ownerIds = stringValue()
  .regex(/^\d{1,15}(,\d{1,15})*$/, { error: 'calendar.badOwners' })
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .refine((ids) => ids.length <= CALENDAR_MAX_OWNERS, { error: 'calendar.tooManyOwners', params: { maximum: CALENDAR_MAX_OWNERS } });

export const calendarQuery = z.object({ start: bound, end: bound, ownerIds: ownerIds.optional() });
export type CalendarQuery = z.input<typeof calendarQuery>;

/**
 * One thing on the calendar: a record of a module, at the time its source reads from it.
 * All-day entries carry days (`YYYY-MM-DD`, `end` exclusive as calendars draw them); timed ones ISO instants.
 */
export type CalendarEntry = {
  module: CrmModule;
  /** The source within its module that placed the entry (a module may place a record in several ways). */
  source: string;
  id: number;
  version: number;
  title: string;
  start: string;
  end: string | null;
  allDay: boolean;
  ownerId: number;
  /** The source's status field's value (a picklist value), when it has one. */
  status: string | null;
  completed: boolean;
  /** The caller may change the record, so may drag it (module edit permission, the record not locked, its date fields not read-only in its layout). */
  canEdit: boolean;
};

/** What a source is, for the page: where a new record's date goes and whether the caller may add and move. */
export type CalendarSourceInfo = {
  module: CrmModule;
  source: string;
  /** The field a new record gets the selected day or time in. */
  startField: string;
  /** The field a new record gets the selection's end in (a meeting's end); null when entries are points in time. */
  endField: string | null;
  /** The field a new record's all-day flag goes in (a meeting selected on days, not hours); null when the source has none. */
  allDayField: string | null;
  /** Its entries are days only (a date field without a time): they cannot be dropped on a time of day. */
  allDayOnly: boolean;
  canAdd: boolean;
};

export type CalendarData = {
  entries: CalendarEntry[];
  sources: CalendarSourceInfo[];
  /** Names of the owners of the entries and of those asked for. */
  owners: Record<string, string>;
  /** The caller's data scope reaches beyond their own records: they may pick owners. */
  canPickOwners: boolean;
  /** Some source had more than CALENDAR_MAX_ENTRIES entries in the range: not all are shown. */
  truncated: boolean;
};

/**
 * A drag or resize: the record's new start (and end, and all-day flag), written through the
 * records engine's update (version check, validation, history) into the fields its source declares.
 */
export const calendarMoveBody = z.strictObject({
  module: z.enum(CRM_MODULES),
  source: stringValue().max(50),
  id: jsonId,
  version: z.number().int().min(1),
  start: bound,
  end: bound.nullish(),
  allDay: z.boolean().optional(),
});
export type CalendarMoveBody = z.infer<typeof calendarMoveBody>;
