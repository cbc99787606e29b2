import { CheckSquareOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Timeline, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CrmRecord, HistoryRow, LookupLabels, ModuleMeta } from '@orbit/shared/contract/crm';
import { isEmptyValue } from '@orbit/shared/crm/fieldValue';
import type { FilterNode } from '@orbit/shared/crm/filter';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { getRecordHistory, listRecords } from '../../../../api/crm';
import LoadError from '../../../../components/admin/LoadError';
import { formatTime, parseTime } from '../../../../utils/formatTime';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import { fieldTypeView, sameFieldValue } from '../fieldTypes/registry';
import { ModuleMetaContext } from '../ModuleMetaContext';
import { fieldByName, recordName } from '../moduleMeta';
import { recordViewsOf, withRowFields } from '../moduleRecordViews';
import { useModuleMeta } from '../useModuleMeta';
import { useModulePermissions } from '../useModulePermissions';
import { useRecordLink } from '../useRecordLink';
import { stateFields } from './recordStates';

/** Query key prefix of a record's activity (the tasks on its timeline), fetched again when one of them changes. */
export const ACTIVITY_KEY = 'crm-activity';
const HISTORY_PAGE = 20;
const ACTIVITY_PAGE = 20;
/** Actions whose entries show what changed, from what to what. */
const SHOWS_CHANGE = new Set<HistoryRow['action']>(['update', 'transfer', 'convert']);

/**
 * The rows one write made (the same action by the same user at the same moment: a form saving
 * several fields, a conversion) read as one entry.
 */
function oneEntryPerWrite(rows: HistoryRow[]): HistoryRow[][] {
  const writes: HistoryRow[][] = [];
  for (const row of rows) {
    const write = writes.at(-1);
    const first = write?.[0];
    if (write && first && first.field && row.field && first.action === row.action && first.userId === row.userId && first.time === row.time) write.push(row);
    else writes.push([row]);
  }
  return writes;
}

type Props = {
  module: CrmModule;
  meta: ModuleMeta;
  id: number;
  /** Names the record's own answer gave (history answers carry none: a changed owner is named when it is the current one). */
  lookups: LookupLabels;
};
type Entry = { key: string; time: string; color?: string; icon?: ReactNode; content: ReactNode };

/**
 * What happened to a record, newest first: its field history (who changed what from what to
 * what, values drawn by their types) merged with its activity: the tasks that point at it.
 */
export default function ActivityTimeline({ module, meta, id, lookups }: Props) {
  const { t } = useTranslation();
  const history = useInfiniteQuery({
    queryKey: ['crm-history', module, id],
    queryFn: ({ pageParam }) => getRecordHistory(module, id, { pageNum: pageParam, pageSize: HISTORY_PAGE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * HISTORY_PAGE < last.total ? pages.length + 1 : undefined),
  });
  const activity = useActivityRecords(module, meta, id);

  const historyEntries: Entry[] = (history.data?.pages ?? []).flatMap((page) =>
    oneEntryPerWrite(page.rows).map((rows) => historyEntry(rows, meta, { ...lookups, ...page.lookups })),
  );
  const entries = [...historyEntries, ...activity.entries].sort((a, b) => b.time.localeCompare(a.time));

  return (
    <Card size="small" title={t('crm.detail.activity')} className="crm-detail-section" data-testid="activity-timeline">
      {history.isError ? (
        <LoadError onRetry={() => void history.refetch()} />
      ) : !entries.length ? (
        <Empty description={history.isLoading ? t('common.loading') : t('crm.detail.noActivity')} />
      ) : (
        <Timeline items={entries.map(({ key, color, icon, content }) => ({ key, color, icon, content }))} />
      )}
      {(history.hasNextPage || activity.hasMore) && (
        <Button
          block
          loading={history.isFetchingNextPage || activity.fetchingMore}
          onClick={() => {
            if (history.hasNextPage) void history.fetchNextPage();
            activity.fetchMore();
          }}
          data-testid="more-activity"
        >
          {t('crm.detail.moreActivity')}
        </Button>
      )}
    </Card>
  );

  function historyEntry(rows: HistoryRow[], moduleMeta: ModuleMeta, names: LookupLabels): Entry {
    const row = rows[0]!;
    const changes = rows.map((r) => ({ row: r, field: r.field ? fieldByName(moduleMeta, r.field) : undefined }));
    const labels = changes.map((c) => c.field?.label ?? c.row.field ?? '').filter(Boolean);
    // A value a write left as it was (a conversion without an opportunity) is no change to show.
    const shown = changes.flatMap(({ row: change, field }) =>
      field && SHOWS_CHANGE.has(change.action) && !sameFieldValue(field.type, change.oldValue, change.newValue) ? [{ change, field }] : [],
    );
    const when = (
      <Tooltip title={parseTime(row.time)}>
        <Typography.Text type="secondary"> · {formatTime(row.time, { t })}</Typography.Text>
      </Tooltip>
    );
    return {
      key: `h${row.id}`,
      time: row.time,
      color: row.action === 'delete' ? 'red' : row.action === 'create' ? 'green' : 'blue',
      content: (
        <div data-testid="history-entry">
          <Typography.Text>{t(`crm.history.${row.action}`, { user: row.userName, field: labels.join(', ') })}</Typography.Text>
          {when}
          {/* Why a possible duplicate was saved; which records a merge took in. */}
          {(row.action === 'duplicate' || row.action === 'merge') && row.newValue !== null && (
            <div className="crm-history-change">
              <Typography.Text type="secondary">{Array.isArray(row.newValue) ? row.newValue.join(', ') : String(row.newValue)}</Typography.Text>
            </div>
          )}
          {shown.map(({ change, field }) => (
            <div className="crm-history-change" key={change.id}>
              {/* One change is named by the sentence above; several each by their field. */}
              {shown.length > 1 && <Typography.Text type="secondary">{field.label}: </Typography.Text>}
              <FieldDisplay field={field} value={change.oldValue} lookups={names} />
              {isEmptyValue(change.oldValue) && <Typography.Text type="secondary">{t('crm.detail.blank')}</Typography.Text>}
              <span aria-hidden> → </span>
              <FieldDisplay field={field} value={change.newValue} lookups={names} />
              {isEmptyValue(change.newValue) && <Typography.Text type="secondary">{t('crm.detail.blank')}</Typography.Text>}
            </div>
          ))}
        </div>
      ),
    };
  }
}

/**
 * The records of another module that point at this one and say how they show on a timeline
 * (moduleRecordViews.ts: tasks, at their due date or completion time), as timeline entries — none
 * for users who may not list that module. The first such related list is the record's activity.
 */
function useActivityRecords(module: CrmModule, meta: ModuleMeta, id: number): { entries: Entry[]; hasMore: boolean; fetchingMore: boolean; fetchMore: () => void } {
  const { i18n } = useTranslation();
  const recordLink = useRecordLink();
  const first = meta.relatedLists.find((r) => recordViewsOf(r.module)?.timeline);
  // Hooks need a module even when there is no activity; nothing is fetched then.
  const activityModule: CrmModule = first?.module ?? module;
  const views = recordViewsOf(activityModule);
  const can = useModulePermissions(activityModule);
  const activityMeta = useModuleMeta(activityModule);
  // Every field of that module that may point at this record (a task's name or related to): a task is on the timeline by any of them.
  const conditions = meta.relatedLists
    .filter((r) => r.module === activityModule && activityMeta.data)
    .flatMap((r) => {
      const field = fieldByName(activityMeta.data!, r.field);
      const pointer = field ? fieldTypeView(field.type).pointAt?.(module, id) : undefined;
      return pointer === undefined ? [] : [{ field: r.field, op: 'eq' as const, value: pointer }];
    });
  const filter: FilterNode | undefined = conditions.length > 1 ? { or: conditions } : conditions[0];
  const states = activityMeta.data ? stateFields(activityMeta.data, null) : [];
  const records = useInfiniteQuery({
    queryKey: [ACTIVITY_KEY, module, id, activityModule, i18n.language],
    queryFn: ({ pageParam }) =>
      listRecords(activityModule, {
        pageNum: pageParam,
        pageSize: ACTIVITY_PAGE,
        filter,
        fields: withRowFields(activityModule, states.map((f) => f.name)),
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * ACTIVITY_PAGE < last.total ? pages.length + 1 : undefined),
    enabled: can.list && !!first && !!views?.timeline && filter !== undefined,
  });
  const more = {
    hasMore: records.hasNextPage,
    fetchingMore: records.isFetchingNextPage,
    fetchMore: () => void (records.hasNextPage && records.fetchNextPage()),
  };
  const timeline = views?.timeline;
  if (!activityMeta.data || !records.data || !timeline) return { entries: [], ...more };
  const aMeta = activityMeta.data;
  return {
    ...more,
    entries: records.data.pages.flatMap((page) => page.rows.map((record: CrmRecord) => ({ record, lookups: page.lookups }))).map(({ record, lookups: names }) => {
      const href = recordLink(activityModule, record.id);
      const name = recordName(aMeta, record);
      return {
        key: `a${record.id}`,
        time: timeline.when(record),
        icon: <CheckSquareOutlined />,
        content: (
          <ModuleMetaContext.Provider value={aMeta}>
            <div data-testid="activity-entry">
              {href ? <Link to={href}>{name}</Link> : name}{' '}
              {states.map((f) => (
                <FieldDisplay key={f.name} field={f} value={record[f.name]} lookups={names} />
              ))}
              <div>{timeline.note(record)}</div>
            </div>
          </ModuleMetaContext.Provider>
        ),
      };
    }),
  };
}
