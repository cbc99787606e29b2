import { Alert, Button, Space, Spin, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Language } from '@orbit/shared/constants';
import Surface from '../../../components/Surface';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import { useRecordLink } from '../engine/useRecordLink';
import { eventsOf } from './calendarEvents';
import CalendarAddForm from './components/CalendarAddForm';
import OwnerFilter from './components/OwnerFilter';
import { useCalendarController } from './useCalendarController';

/** FullCalendar (~75 KiB) in a chunk of its own, measured apart by bench/bundleSize.ts like ECharts. */
const CalendarBoard = lazy(() => import('./components/CalendarBoard'));
const CalendarAddChoice = lazyWhenOpen(() => import('./components/CalendarAddChoice'), (p) => p.slot !== null);

/**
 * The calendar (`/calendar`): the signed-in user's entries of every module with a calendar source
 * (tasks on their due dates, meetings from start to end), by month, week or day. A click opens
 * the record; a drag moves it (refused: put back, with the server's message); selecting a slot adds
 * a record there — a meeting or a task, as the user chooses among what they may add. Managers pick
 * whose calendars they see.
 */
export default function CalendarPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const linkOf = useRecordLink();
  const c = useCalendarController();
  const { data, isFetching, isError, refetch } = c.query;
  const events = data ? eventsOf(data.entries, data.sources, data.owners, c.ownerIds.length > 0) : [];

  return (
    <Surface data-testid="calendar-page">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {data?.canPickOwners && (
          <Space wrap>
            <Typography.Text>{t('crm.calendar.owners')}</Typography.Text>
            <OwnerFilter value={c.ownerIds} names={data.owners} onChange={c.setOwnerIds} />
          </Space>
        )}
        {isError && (
          <Alert
            type="error"
            showIcon
            message={t('crm.calendar.loadFailed')}
            action={<Button size="small" onClick={() => void refetch()}>{t('common.retry')}</Button>}
            data-testid="calendar-error"
          />
        )}
        {data?.truncated && <Alert type="warning" showIcon message={t('crm.calendar.truncated')} />}
        {data && !isFetching && !isError && data.entries.length === 0 && (
          <Typography.Text type="secondary" data-testid="calendar-empty">
            {t('crm.calendar.empty')}
          </Typography.Text>
        )}
        <Spin spinning={isFetching} delay={200}>
          <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
            <CalendarBoard
              events={events}
              language={i18n.language as Language}
              selectable={c.canAdd}
              onRange={(range) => c.setRange((current) => (current?.start === range.start && current.end === range.end ? current : range))}
              onOpen={({ entry }) => {
                const link = linkOf(entry.module, entry.id);
                if (link) navigate(link);
              }}
              onMove={(props, event) => void c.move(props, event)}
              onSelect={c.select}
            />
          </Suspense>
        </Spin>
      </Space>
      <CalendarAddChoice slot={c.choosing} choices={c.choices} onChoose={c.choose} onCancel={c.cancelChoice} />
      {c.adding && (
        <CalendarAddForm
          key={`${c.adding.source.module}:${c.adding.source.source}`}
          source={c.adding.source}
          values={c.adding.values}
          onClose={c.closeForm}
          onSaved={c.saved}
        />
      )}
    </Surface>
  );
}
