import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarData, CalendarSourceInfo } from '@orbit/shared/contract/calendar';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { getCalendar, moveCalendarEntry } from '../../../api/crmCalendar';
import { recordViewsOf } from '../engine/moduleRecordViews';
import { useShowError } from '../engine/useShowError';
import { eventId, moveBodyOf, type EntryProps } from './calendarEvents';
import { slotValues, type SelectedSlot } from './calendarSlot';
import type { AddChoice } from './components/CalendarAddChoice';

/** The range the calendar shows, as it reports it (start inclusive, end exclusive). */
export type ShownRange = { start: string; end: string };
/** A drop or resize: the event as it now is, and how to put it back. */
export type MovedEvent = { start: Date | null; end: Date | null; startStr: string; endStr: string; allDay: boolean; revert: () => void };
/** A source's key on the page ("activity:meeting"). */
const keyOf = (source: CalendarSourceInfo) => `${source.module}:${source.source}`;

const CALENDAR_KEY = 'crm-calendar';

/**
 * The calendar page's logic: the entries of the shown range for the chosen owners (the caller by
 * default), moving one (written by the server through the records engine; put back with the
 * server's message when refused), and the new record a selected slot starts — of the kind the user
 * chooses when they may add several (a meeting from the slot's start to its end, a task due that day).
 */
export function useCalendarController() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<ShownRange | null>(null);
  const [ownerIds, setOwnerIds] = useState<number[]>([]);
  /** The slot whose choice of what to add is open (the user may add more than one kind of entry). */
  const [choosing, setChoosing] = useState<SelectedSlot | null>(null);
  /** The new record being filled in: its source and the values the slot gave it. */
  const [adding, setAdding] = useState<{ source: CalendarSourceInfo; values: Record<string, FieldValue> } | null>(null);

  const key = [CALENDAR_KEY, range, ownerIds, i18n.language];
  const query = useQuery({
    queryKey: key,
    queryFn: async () => (await getCalendar({ ...range!, ownerIds })).data,
    enabled: range !== null,
    // Moving to the next week keeps this one's entries on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

  const move = async (props: EntryProps, event: MovedEvent) => {
    try {
      const { data: moved } = await moveCalendarEntry(moveBodyOf(props, event));
      // The new version at once, so that a second drag before the refetch is not refused as stale.
      queryClient.setQueryData<CalendarData>(key, (data) => data && { ...data, entries: data.entries.map((e) => (eventId(e) === eventId(moved) ? moved : e)) });
      void message.success(t('crm.calendar.moved', { title: moved.title }));
      void queryClient.invalidateQueries({ queryKey: [CALENDAR_KEY] });
    } catch (error) {
      event.revert();
      showError(error);
    }
  };

  /**
   * The sources a selected slot may add to (those the user may add records of): those that take a
   * time first (a meeting takes the whole slot, a task only its day), else as the answer orders them.
   */
  const addable = (query.data?.sources ?? []).filter((s) => s.canAdd).sort((a, b) => Number(a.allDayOnly) - Number(b.allDayOnly));
  const choices: AddChoice[] = addable.map((source) => {
    const label = recordViewsOf(source.module)?.calendarAdd?.[source.source]?.label;
    return { key: keyOf(source), label: t(label ?? 'crm.calendar.addRecord') };
  });
  const add = (source: CalendarSourceInfo, slot: SelectedSlot) => {
    setChoosing(null);
    setAdding({ source, values: slotValues(source, slot) });
  };
  /** A selected slot: straight to the form when one kind of entry may be added, else the choice. */
  const select = (slot: SelectedSlot) => {
    if (addable.length === 1) add(addable[0]!, slot);
    else if (addable.length > 1) setChoosing(slot);
  };
  const choose = (key: string) => {
    const source = addable.find((s) => keyOf(s) === key);
    if (source && choosing) add(source, choosing);
  };

  return {
    query,
    setRange,
    ownerIds,
    setOwnerIds,
    move,
    canAdd: addable.length > 0,
    select,
    choosing,
    choices,
    choose,
    cancelChoice: () => setChoosing(null),
    adding,
    closeForm: () => setAdding(null),
    saved: () => void queryClient.invalidateQueries({ queryKey: [CALENDAR_KEY] }),
  };
}
