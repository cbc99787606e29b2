import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HistoryAction, LookupLabels, ModuleMeta } from '@orbit/shared/contract/crm';
import type { TimelineEntry } from '@orbit/shared/contract/timeline';
import { isEmptyValue } from '@orbit/shared/crm/fieldValue';
import { formatTime, parseTime } from '../../../../../utils/formatTime';
import { FieldDisplay } from '../../fieldTypes/FieldDisplay';
import { sameFieldValue } from '../../fieldTypes/registry';
import { fieldByName } from '../../moduleMeta';

/** Actions whose entries show what changed, from what to what. */
const SHOWS_CHANGE = new Set<HistoryAction>(['update', 'transfer', 'convert']);

/**
 * The history rows one write made (the same action by the same user at the same moment: a form
 * saving several fields, a conversion), which read as one entry.
 */
export function oneEntryPerWrite(rows: TimelineEntry[]): TimelineEntry[][] {
  const writes: TimelineEntry[][] = [];
  for (const row of rows) {
    const write = writes.at(-1);
    const first = write?.[0];
    const same = first?.kind === 'change' && row.kind === 'change' && first.change?.field && row.change?.field && first.change.action === row.change.action;
    if (write && same && first.authorId === row.authorId && first.time === row.time) write.push(row);
    else writes.push([row]);
  }
  return writes;
}

/** When an entry happened: relative, the exact time on hover. */
export function EntryTime({ time }: { time: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={parseTime(time)}>
      <Typography.Text type="secondary"> · {formatTime(time, { t })}</Typography.Text>
    </Tooltip>
  );
}

/** A write's field changes: who changed what, from what to what (values drawn by their types). */
export default function ChangeEntry({ rows, meta, lookups }: { rows: TimelineEntry[]; meta: ModuleMeta; lookups: LookupLabels }) {
  const { t } = useTranslation();
  const first = rows[0]!;
  const action = first.change!.action;
  const changes = rows.map((r) => ({ row: r, change: r.change!, field: r.change!.field ? fieldByName(meta, r.change!.field) : undefined }));
  const labels = changes.map((c) => c.field?.label ?? c.change.field ?? '').filter(Boolean);
  // A value a write left as it was (a conversion without an opportunity) is no change to show.
  const shown = changes.filter(({ change, field }) => field && SHOWS_CHANGE.has(change.action) && !sameFieldValue(field.type, change.oldValue, change.newValue));
  return (
    <div data-testid="history-entry">
      <Typography.Text>{t(`crm.history.${action}`, { user: first.authorName ?? '', field: labels.join(', ') })}</Typography.Text>
      <EntryTime time={first.time} />
      {/* Why a possible duplicate was saved; which records a merge took in. */}
      {(action === 'duplicate' || action === 'merge') && first.change!.newValue !== null && (
        <div className="crm-history-change">
          <Typography.Text type="secondary">{Array.isArray(first.change!.newValue) ? first.change!.newValue.join(', ') : String(first.change!.newValue)}</Typography.Text>
        </div>
      )}
      {shown.map(({ row, change, field }) => (
        <div className="crm-history-change" key={row.id}>
          {/* One change is named by the sentence above; several each by their field. */}
          {shown.length > 1 && <Typography.Text type="secondary">{field!.label}: </Typography.Text>}
          <FieldDisplay field={field!} value={change.oldValue} lookups={lookups} />
          {isEmptyValue(change.oldValue) && <Typography.Text type="secondary">{t('crm.detail.blank')}</Typography.Text>}
          <span aria-hidden> → </span>
          <FieldDisplay field={field!} value={change.newValue} lookups={lookups} />
          {isEmptyValue(change.newValue) && <Typography.Text type="secondary">{t('crm.detail.blank')}</Typography.Text>}
        </div>
      ))}
    </div>
  );
}
