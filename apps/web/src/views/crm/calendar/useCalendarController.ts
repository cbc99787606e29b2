import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarData, CalendarSourceInfo } from '@orbit/shared/contract/calendar';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { getCalendar, moveCalendarEntry } from '../../../api/crmCalendar';
import type { RecordFormTarget } from '../engine/form/RecordForm';
import { useShowError } from '../engine/useShowError';
import { eventId, moveBodyOf, type EntryProps } from './calendarEvents';

/** The range the calendar shows, as it reports it (start inclusive, end exclusive). */
export type ShownRange = { start: string; end: string };
/** A drop or resize: the event as it now is, and how to put it back. */
export type MovedEvent = { start: Date | null; end: Date | null; startStr: string; endStr: string; allDay: boolean; revert: () => void };
/** A slot selected to add a record in. */
export type SelectedSlot = { start: Date; startStr: string };

const CALENDAR_KEY = 'crm-calendar';

/**
 * The calendar page's logic: the entries of the shown range for the chosen owners (the caller by
 * default), moving one (written by the server through the records engine; put back with the
 * server's message when refused), and the new record a selected slot starts.
 */
export function useCalendarController() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<ShownRange | null>(null);
  const [ownerIds, setOwnerIds] = useState<number[]>([]);
  const [form, setForm] = useState<{ module: CrmModule; target: RecordFormTarget } | null>(null);

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

  /** The source a selected slot adds a record to: the first the user may add to. */
  const creatable: CalendarSourceInfo | undefined = query.data?.sources.find((s) => s.canAdd);
  const startRecord = (slot: SelectedSlot, recordTypeId: number | null) => {
    if (!creatable) return;
    const value = creatable.allDayOnly ? slot.startStr.slice(0, 10) : slot.start.toISOString();
    setForm({ module: creatable.module, target: { mode: 'create', recordTypeId, values: { [creatable.startField]: value } } });
  };

  return {
    query,
    setRange,
    ownerIds,
    setOwnerIds,
    move,
    creatable,
    startRecord,
    form,
    closeForm: () => setForm(null),
    saved: () => void queryClient.invalidateQueries({ queryKey: [CALENDAR_KEY] }),
  };
}
