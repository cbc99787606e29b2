import type { CalendarSourceInfo } from '@orbit/shared/contract/calendar';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';

/** A slot selected to add a record in, as the calendar reports it (its end exclusive). */
export type SelectedSlot = { start: Date; end: Date; startStr: string; allDay: boolean };

/**
 * What a new record of a source starts with from the selected slot: a day-only source (a task's
 * due date) the slot's first day as the calendar shows it; a timed one (a meeting) the slot's start
 * and end instants, and all-day when days were selected (a month view's day; the end then the next
 * day's local midnight, as a dragged all-day meeting has it).
 */
export function slotValues(source: CalendarSourceInfo, slot: SelectedSlot): Record<string, FieldValue> {
  if (source.allDayOnly) return { [source.startField]: slot.startStr.slice(0, 10) };
  return {
    [source.startField]: slot.start.toISOString(),
    ...(source.endField ? { [source.endField]: slot.end.toISOString() } : {}),
    ...(source.allDayField ? { [source.allDayField]: slot.allDay } : {}),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const timeOf = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** The selection as the choice names it, in local time: "2031-03-10", "2031-03-10 – 2031-03-12", "2031-03-10 09:00–10:30". */
export function slotText(slot: Pick<SelectedSlot, 'start' | 'end' | 'allDay'>): string {
  if (slot.allDay) {
    // The end is exclusive: the last day selected is the one before it.
    const last = new Date(slot.end.getFullYear(), slot.end.getMonth(), slot.end.getDate() - 1);
    return dayOf(last) > dayOf(slot.start) ? `${dayOf(slot.start)} – ${dayOf(last)}` : dayOf(slot.start);
  }
  return dayOf(slot.end) === dayOf(slot.start)
    ? `${dayOf(slot.start)} ${timeOf(slot.start)}–${timeOf(slot.end)}`
    : `${dayOf(slot.start)} ${timeOf(slot.start)} – ${dayOf(slot.end)} ${timeOf(slot.end)}`;
}
