import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmRecord, FieldMeta } from '@orbit/shared/contract/crm';
import type { ActivityKind } from '@orbit/shared/crm/activities';
import { deleteRecords } from '../../../../api/crm';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { parseTime } from '../../../../utils/formatTime';
import { EntryTime } from '../../engine/detail/timeline/ChangeEntry';
import { FieldDisplay } from '../../engine/fieldTypes/FieldDisplay';
import { ModuleMetaContext } from '../../engine/ModuleMetaContext';
import { fieldByName } from '../../engine/moduleMeta';
import type { TimelineEntryProps } from '../../engine/recordViews';
import { useModuleMeta } from '../../engine/useModuleMeta';
import ActivityForm from './ActivityForm';

/** Facts each kind shows under its subject, by field. */
const FACTS: Record<ActivityKind, string[]> = { call: ['direction', 'durationMinutes', 'outcome'], meeting: ['location'], note: [] };

/**
 * A call, meeting or note on a record's timeline: kind, subject, author and time, what it says
 * (the call's direction, length and outcome; the meeting's time, place and attendees), the note
 * (HTML the server cleaned), whom and what else it names; edit and delete for those allowed.
 */
export default function ActivityTimelineEntry({ entry, lookups, onChanged, record: page }: TimelineEntryProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const meta = useModuleMeta('activity');
  const [editing, setEditing] = useState(false);
  if (!meta.data || !entry.record) return null;
  const activity = entry.record as CrmRecord;
  const kind = entry.kind as ActivityKind;
  const field = (name: string) => fieldByName(meta.data!, name);
  const show = (f: FieldMeta | undefined) => f && activity[f.name] !== null && activity[f.name] !== undefined && activity[f.name] !== '' && (
    <span key={f.name} className="crm-activity-fact">
      <Typography.Text type="secondary">{f.label}: </Typography.Text>
      <FieldDisplay field={f} value={activity[f.name]} lookups={lookups} />
    </span>
  );
  // The records it names other than the one on screen.
  const others = ['name', 'relatedTo'].filter((name) => {
    const value = activity[name] as { module: string; id: number } | null;
    return value && !(value.module === page.module && value.id === page.id);
  });
  const remove = () =>
    confirm(t('crm.activity.confirmDelete', { name: String(activity.subject ?? '') }), async () => {
      await deleteRecords('activity', [activity.id]);
      onChanged();
    });

  return (
    <ModuleMetaContext.Provider value={meta.data}>
      <div data-testid="activity-entry" data-kind={kind}>
        <Space size={4} wrap>
          <Tag>{t(`crm.activity.kind.${kind}`)}</Tag>
          <Typography.Text strong>{String(activity.subject ?? '')}</Typography.Text>
        </Space>
        <div>
          <Typography.Text type="secondary">{entry.authorName}</Typography.Text>
          <EntryTime time={entry.time} />
          {entry.canEdit && (
            <Space size={0} style={{ float: 'right' }}>
              <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('crm.detail.edit')} onClick={() => setEditing(true)} data-testid="activity-edit" />
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('crm.detail.delete')} onClick={remove} data-testid="activity-delete" />
            </Space>
          )}
        </div>
        {kind === 'meeting' && typeof activity.startAt === 'string' && (
          <div>
            <Typography.Text>
              {parseTime(activity.startAt)}
              {typeof activity.endAt === 'string' ? ` – ${parseTime(activity.endAt)}` : ''}
            </Typography.Text>
          </div>
        )}
        <Space size={[12, 0]} wrap>
          {FACTS[kind].map((name) => show(field(name)))}
          {others.map((name) => show(field(name)))}
        </Space>
        {kind === 'meeting' && !!entry.attendees?.length && (
          <div data-testid="activity-attendees">
            <Typography.Text type="secondary">{t('crm.activity.attendees')}: </Typography.Text>
            {entry.attendees
              .map((a) => ('userId' in a ? lookups.user?.[a.userId] : lookups[a.module]?.[a.id]) ?? t('crm.restrictedRecord'))
              .join(', ')}
          </div>
        )}
        {/* Cleaned by the server with the notice sanitiser before it was stored: only formatting remains. */}
        {typeof activity.notes === 'string' && <div className="notice-content crm-activity-notes" dangerouslySetInnerHTML={{ __html: activity.notes }} />}
      </div>
      <Modal open={editing} title={t('crm.activity.editTitle', { name: String(activity.subject ?? '') })} footer={null} onCancel={() => setEditing(false)} destroyOnHidden width={640}>
        <ActivityForm
          kind={kind}
          meta={meta.data}
          about={page.module === 'activity' ? { module: page.module, id: page.id, name: '' } : { module: page.module, id: page.id, name: lookups[page.module]?.[page.id] ?? '' }}
          editing={{ record: activity, attendees: entry.attendees ?? [], lookups }}
          onDone={() => {
            setEditing(false);
            onChanged();
          }}
          onCancel={() => setEditing(false)}
        />
      </Modal>
    </ModuleMetaContext.Provider>
  );
}
