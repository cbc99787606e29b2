import type { EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core';
import zhCnLocale from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { theme } from 'antd';
import { useState, type CSSProperties } from 'react';
import type { Language } from '@orbit/shared/constants';
import type { EntryProps } from '../calendarEvents';
import { firstDayOf } from '../calendarLocale';
import type { SelectedSlot } from '../calendarSlot';
import type { MovedEvent, ShownRange } from '../useCalendarController';
import '../calendar.css';

type Props = {
  events: EventInput[];
  language: Language;
  /** Slots can be selected to add a record (the user may add to a source). */
  selectable: boolean;
  onRange: (range: ShownRange) => void;
  onOpen: (props: EntryProps) => void;
  onMove: (props: EntryProps, event: MovedEvent) => void;
  onSelect: (slot: SelectedSlot) => void;
};

const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin];
const TIME_GRID_HEIGHT = 720;
const TOOLBAR = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' };

/**
 * FullCalendar (docs/decisions.md, "Calendar component") in antd's colours: month, week and day
 * views, the week starting as the language has it, the library's own texts in the language
 * (its zh-cn locale). Only this page imports it, so it loads with this route alone.
 */
export default function CalendarBoard({ events, language, selectable, onRange, onOpen, onMove, onSelect }: Props) {
  const { token } = theme.useToken();
  const [timed, setTimed] = useState(false);
  // The library's colours from the theme, so that the light and dark themes and the theme colour apply.
  const colours = {
    '--fc-border-color': token.colorBorderSecondary,
    '--fc-button-bg-color': token.colorPrimary,
    '--fc-button-border-color': token.colorPrimary,
    '--fc-button-hover-bg-color': token.colorPrimaryHover,
    '--fc-button-hover-border-color': token.colorPrimaryHover,
    '--fc-button-active-bg-color': token.colorPrimaryActive,
    '--fc-button-active-border-color': token.colorPrimaryActive,
    '--fc-event-bg-color': token.colorPrimary,
    '--fc-event-border-color': token.colorPrimary,
    '--fc-today-bg-color': token.colorPrimaryBg,
    '--fc-page-bg-color': token.colorBgContainer,
    '--fc-neutral-bg-color': token.colorFillQuaternary,
    '--fc-list-event-hover-bg-color': token.colorFillSecondary,
  } as CSSProperties;
  const propsOf = (event: { extendedProps: Record<string, unknown> }) => event.extendedProps as EntryProps;
  const moved = (info: EventDropArg | EventResizeDoneArg) =>
    onMove(propsOf(info.event), { start: info.event.start, end: info.event.end, startStr: info.event.startStr, endStr: info.event.endStr, allDay: info.event.allDay, revert: info.revert });

  return (
    <div className="crm-calendar" style={colours} data-testid="calendar-board">
      <FullCalendar
        plugins={PLUGINS}
        initialView="dayGridMonth"
        headerToolbar={TOOLBAR}
        locales={[zhCnLocale]}
        locale={language === 'zh' ? 'zh-cn' : 'en'}
        firstDay={firstDayOf(language, navigator.languages ?? [navigator.language])}
        // The month grows with its weeks; a day's hours scroll inside the week and day views.
        height={timed ? TIME_GRID_HEIGHT : 'auto'}
        dayMaxEventRows={4}
        scrollTime="08:00:00"
        nowIndicator
        events={events}
        selectable={selectable}
        selectMirror
        eventAllow={(drop, dragged) => !dragged || !propsOf(dragged).allDayOnly || drop.allDay}
        datesSet={(shown) => {
          setTimed(shown.view.type.startsWith('timeGrid'));
          onRange({ start: shown.startStr, end: shown.endStr });
        }}
        eventClick={(info: EventClickArg) => {
          info.jsEvent.preventDefault();
          onOpen(propsOf(info.event));
        }}
        eventDrop={moved}
        eventResize={moved}
        select={(info) => {
          info.view.calendar.unselect();
          onSelect({ start: info.start, end: info.end, startStr: info.startStr, allDay: info.allDay });
        }}
      />
    </div>
  );
}
