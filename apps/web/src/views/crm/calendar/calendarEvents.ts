import type { EventInput } from '@fullcalendar/core';
import type { CalendarEntry, CalendarMoveBody, CalendarSourceInfo } from '@orbit/shared/contract/calendar';

/** What an event carries of its entry, for clicks and drags. */
export type EntryProps = { entry: CalendarEntry; allDayOnly: boolean; ownerName: string | null };

const sourceKey = (module: string, source: string) => `${module}:${source}`;
export const eventId = (entry: Pick<CalendarEntry, 'module' | 'source' | 'id'>) => `${sourceKey(entry.module, entry.source)}:${entry.id}`;

/**
 * The calendar's events from the answer's entries: only entries the user may change can be
 * dragged; a day-only entry (a task's due date) is never resized; the owner's name is shown when
 * several owners' calendars are on screen.
 */
export function eventsOf(entries: CalendarEntry[], sources: CalendarSourceInfo[], owners: Record<string, string>, showOwners: boolean): EventInput[] {
  const dayOnly = new Set(sources.filter((s) => s.allDayOnly).map((s) => sourceKey(s.module, s.source)));
  return entries.map((entry) => {
    const allDayOnly = dayOnly.has(sourceKey(entry.module, entry.source));
    const ownerName = showOwners ? (owners[entry.ownerId] ?? null) : null;
    const props: EntryProps = { entry, allDayOnly, ownerName };
    return {
      id: eventId(entry),
      title: ownerName ? `${entry.title} · ${ownerName}` : entry.title,
      start: entry.start,
      ...(entry.end ? { end: entry.end } : {}),
      allDay: entry.allDay,
      startEditable: entry.canEdit,
      durationEditable: entry.canEdit && !allDayOnly && entry.end !== null,
      classNames: [`crm-calendar-event-${entry.module}`, ...(entry.completed ? ['crm-calendar-event-done'] : [])],
      extendedProps: props,
    };
  });
}

/**
 * A drop or resize as the server takes it (a calendar's end is exclusive): days for a day-only
 * entry (a task's due date); instants otherwise, an all-day one (a meeting) from its day's local midnight.
 */
export function moveBodyOf(props: EntryProps, event: { start: Date | null; end: Date | null; startStr: string; endStr: string; allDay: boolean }): CalendarMoveBody {
  const { entry, allDayOnly } = props;
  const at = (date: Date | null, text: string) => (date === null ? null : allDayOnly ? text.slice(0, 10) : date.toISOString());
  return {
    module: entry.module,
    source: entry.source,
    id: entry.id,
    version: entry.version,
    start: at(event.start, event.startStr)!,
    end: at(event.end, event.endStr),
    allDay: event.allDay,
  };
}
