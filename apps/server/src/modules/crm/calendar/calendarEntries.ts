import { sql, type SQL } from 'drizzle-orm';
import type { CalendarEntry } from '@orbit/shared/contract/calendar';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Executor } from '../../../db/client';
import { hasPermission } from '../../auth/currentUser';
import { moduleHooksOf } from '../engine/crmModules';
import { layoutFlags, layoutFor } from '../engine/metadata/layouts';
import { compileFilter } from '../engine/query/filterCompiler';
import { selectList, toRecord } from '../engine/query/recordColumns';
import { nameExpression } from '../engine/query/recordName';
import { participantOf } from '../engine/query/participants';
import { readScope, writeScope } from '../engine/query/recordAccess';
import { col, rowsOf, tableOf } from '../engine/query/sql';
import type { Caller } from '../engine/records/moduleRecords';
import type { CalendarRange } from './calendarRange';
import { shiftDay } from './calendarRange';
import { isDayOnly, type CalendarSource } from './calendarSources';

/** The fields a drag of the source's entries writes. */
export const movedFields = (source: CalendarSource) => [source.startField, source.endField, source.allDayField].filter((f) => f !== undefined);

/**
 * Whether the caller may drag this record: edit permission, the record theirs to change (write
 * access — role scope, module default, a read/write share or team — or the module's own rule:
 * `calendar_changeable`; an attendee or a read-only share may only look), not locked,
 * the moved fields writable in its layout.
 */
function mayMove(caller: Caller, source: CalendarSource, record: CrmRecord, changeable: boolean): boolean {
  if (!changeable || !hasPermission(caller.user, PERMISSIONS[source.module].edit)) return false;
  if (moduleHooksOf(source.module).lockedReason?.(record)) return false;
  const flags = layoutFlags(layoutFor(source.def, record.recordTypeId));
  return movedFields(source).every((f) => !f.readOnly && !flags.get(f.name)?.readOnly);
}

/** Only the source's records that fall in the range (an entry with an end: that overlaps it). */
function inRange(source: CalendarSource, range: CalendarRange): SQL {
  const [start, end] = [col(source.startField.column), source.endField && col(source.endField.column)];
  const [from, to] = isDayOnly(source) ? [sql`${range.startDay}::date`, sql`${range.endDay}::date`] : [sql`${range.start}::timestamptz`, sql`${range.end}::timestamptz`];
  return end ? sql`${start} < ${to} and coalesce(${end}, ${start}) >= ${from}` : sql`${start} >= ${from} and ${start} < ${to}`;
}

function toEntry(caller: Caller, source: CalendarSource, row: Record<string, unknown>): CalendarEntry {
  const record = toRecord(row, source.def.fields);
  const start = record[source.startField.name] as string;
  const end = source.endField ? (record[source.endField.name] as string | null) : null;
  const allDay = isDayOnly(source) || (source.allDayField ? record[source.allDayField.name] === true : false);
  return {
    module: source.module,
    source: source.key,
    id: record.id,
    version: record.version,
    title: String(row.calendar_title ?? ''),
    start,
    // A date field's end is the last day; a calendar draws up to the day after it.
    end: end && isDayOnly(source) ? shiftDay(end, 1) : end,
    allDay,
    ownerId: record.ownerId,
    status: source.statusField ? ((record[source.statusField.name] as string | null) ?? null) : null,
    completed: row.calendar_done === true,
    canEdit: mayMove(caller, source, record, row.calendar_changeable !== false),
  };
}

/**
 * A source's entries that match `which` (a range and owners, or one record), within the caller's
 * data scope, earliest first: one statement, served by the source's `(owner_id, start)` index.
 * Answers at most `limit` entries, and whether there were more.
 */
export async function sourceEntries(db: Executor, caller: Caller, source: CalendarSource, which: SQL, limit: number) {
  const { def } = source;
  const scope = readScope(caller.user, source.module);
  // Movable as the engine's update would lock it (records/moduleRecords.ts lockAll): the module's own rule, else write access.
  const hooks = moduleHooksOf(source.module);
  const changeable = hooks.changeScope ? hooks.changeScope(caller.user) : writeScope(caller.user, source.module);
  const where = source.where && compileFilter(source.where, def, caller.lang);
  const done = source.done && compileFilter(source.done, def, caller.lang);
  const conditions = [sql`deleted_at is null`, sql`${col(source.startField.column)} is not null`, which, scope, where].filter((c) => c !== undefined);
  const rows = await rowsOf(
    db,
    sql`select ${selectList(def.fields)}, ${nameExpression(def)} as calendar_title, ${done ? sql`coalesce(${done}, false)` : sql`false`} as calendar_done,
               ${changeable ? sql`coalesce(${changeable}, false)` : sql`true`} as calendar_changeable
        from ${tableOf(def.table)} where ${sql.join(conditions, sql` and `)}
        order by ${col(source.startField.column)}, id limit ${limit + 1}`,
  );
  return { entries: rows.slice(0, limit).map((row) => toEntry(caller, source, row)), truncated: rows.length > limit };
}

/** Entries in the range of the owners — and of a module with participants, those they take part in (a meeting they attend). */
export function rangeEntries(db: Executor, caller: Caller, source: CalendarSource, range: CalendarRange, ownerIds: number[], limit: number) {
  const participant = participantOf(source.module, ownerIds);
  const whose = participant ? sql`(owner_id in ${ownerIds} or ${participant})` : sql`owner_id in ${ownerIds}`;
  return sourceEntries(db, caller, source, sql`${whose} and ${inRange(source, range)}`, limit);
}
