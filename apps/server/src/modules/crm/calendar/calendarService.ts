import { securedDef } from '../fieldSecurity/fieldAccess';
import { sql } from 'drizzle-orm';
import { CALENDAR_MAX_ENTRIES, type CalendarData, type CalendarEntry, type CalendarMoveBody, type CalendarSourceInfo } from '@orbit/shared/contract/calendar';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Db } from '../../../db/client';
import { badRequest, forbidden } from '../../../lib/errors';
import { hasPermission } from '../../auth/currentUser';
import { metadataOf } from '../engine/metadata/metadataStore';
import type { Caller } from '../engine/records/moduleRecords';
import { createRecordsService } from '../engine/records/recordsService';
import { movedFields, rangeEntries, sourceEntries } from './calendarEntries';
import { calendarOwners, mayPickOwners } from './calendarOwners';
import { calendarRange, daysBetween, shiftDay } from './calendarRange';
import { calendarSourceSeeds, isDayOnly, resolveSource, type CalendarSource } from './calendarSources';

const isDay = (text: string) => text.trim().length === 10;
const instant = (text: string) => new Date(text.trim().replace(' ', 'T')).getTime();

/**
 * The calendar over every module's calendar sources (docs/records-engine.md, "Calendar sources"):
 * what it shows is read per source under the module's list permission and the caller's data
 * scope; what a drag changes is written by the records engine's update.
 */
export function createCalendarService(db: Db) {
  const meta = metadataOf(db);

  /** The sources whose module the caller may list, with their current fields. */
  const sourcesFor = ({ user }: Caller): CalendarSource[] =>
    calendarSourceSeeds()
      .filter((s) => hasPermission(user, PERMISSIONS[s.module].list))
      // As the caller sees the module (field-level security): a source whose dates are hidden is not theirs.
      .map((s) => resolveSource(s, securedDef(meta.module(s.module), user)))
      .filter((s) => s !== undefined);

  const infoOf = ({ user }: Caller, source: CalendarSource): CalendarSourceInfo => ({
    module: source.module,
    source: source.key,
    startField: source.startField.name,
    endField: source.endField?.name ?? null,
    allDayField: source.allDayField?.name ?? null,
    allDayOnly: isDayOnly(source),
    canAdd: hasPermission(user, PERMISSIONS[source.module].add),
  });

  /** A drag's new values of the source's fields, from the calendar's start, end and all-day flag (a calendar's end is exclusive). */
  function movedValues(source: CalendarSource, body: CalendarMoveBody, current: Record<string, unknown>): Record<string, FieldValue> {
    const values: Record<string, FieldValue> = {};
    const { startField, endField, allDayField } = source;
    const oldStart = current[startField.name] as string | null;
    const oldEnd = endField ? (current[endField.name] as string | null) : null;
    if (isDayOnly(source)) {
      // A day field takes a day: dropped on a time of day, it is refused rather than moved to a guessed day.
      if (!isDay(body.start) || body.allDay === false || (body.end && !isDay(body.end))) throw badRequest('calendar.dayOnly');
      values[startField.name] = body.start.trim();
      if (endField) {
        if (body.end) values[endField.name] = shiftDay(body.end.trim(), -1);
        else if (oldStart && oldEnd) values[endField.name] = shiftDay(body.start.trim(), daysBetween(oldStart, oldEnd));
      }
      return values;
    }
    values[startField.name] = body.start.trim();
    if (endField) {
      if (body.end) values[endField.name] = body.end.trim();
      // Moved without an end (the calendar drops one when an entry changes between all-day and timed): the same length as before.
      else if (oldStart && oldEnd) values[endField.name] = new Date(instant(body.start) + (instant(oldEnd) - instant(oldStart))).toISOString();
    }
    if (allDayField && body.allDay !== undefined) values[allDayField.name] = body.allDay;
    return values;
  }

  return {
    /** The entries of the range for the caller (default) or the owners asked for, one statement per source. */
    async entries(caller: Caller, query: { start: string; end: string; ownerIds?: number[] }): Promise<CalendarData> {
      const range = calendarRange(query.start, query.end);
      const owners = await calendarOwners(db, caller.user, query.ownerIds);
      const ownerIds = [...owners.keys()];
      const sources = sourcesFor(caller);
      const entries: CalendarEntry[] = [];
      let truncated = false;
      for (const source of sources) {
        const read = await rangeEntries(db, caller, source, range, ownerIds, CALENDAR_MAX_ENTRIES);
        entries.push(...read.entries);
        truncated ||= read.truncated;
      }
      return {
        entries,
        sources: sources.map((s) => infoOf(caller, s)),
        owners: Object.fromEntries([...owners].map(([id, name]) => [String(id), name])),
        canPickOwners: mayPickOwners(caller.user),
        truncated,
      };
    },

    /**
     * A drag or resize: the source's fields get the new times through the engine's update of the
     * record — its version (409 when someone changed it meanwhile), data scope (404), the module's
     * rules, value checks and field history — and the moved entry is answered.
     */
    async move(caller: Caller, body: CalendarMoveBody): Promise<CalendarEntry> {
      const seed = calendarSourceSeeds().find((s) => s.module === body.module && s.key === body.source);
      const source = seed && resolveSource(seed, meta.module(seed.module));
      if (!source) throw badRequest('calendar.unknownSource');
      if (!hasPermission(caller.user, PERMISSIONS[source.module].edit)) throw forbidden();
      const records = createRecordsService(db, source.module);
      const { data: current } = await records.get(caller, body.id);
      const values = movedValues(source, body, current);
      // The engine leaves out what a layout makes read-only; a drag that would change nothing is refused instead.
      const [entry] = (await sourceEntries(db, caller, source, sql`id = ${body.id}`, 1)).entries;
      if (!entry?.canEdit || movedFields(source).some((f) => f.readOnly)) throw badRequest('calendar.notMovable');
      await records.update(caller, { id: body.id, version: body.version, ...values });
      const [moved] = (await sourceEntries(db, caller, source, sql`id = ${body.id}`, 1)).entries;
      return moved!;
    },
  };
}
