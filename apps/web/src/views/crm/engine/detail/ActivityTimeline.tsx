import { AuditOutlined, MailOutlined, PaperClipOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Tag, Timeline, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LookupLabels, ModuleMeta } from '@orbit/shared/contract/crm';
import type { TimelineEntry } from '@orbit/shared/contract/timeline';
import { TIMELINE_KINDS, TIMELINE_PAGE_DEFAULT, type TimelineKind } from '@orbit/shared/crm/activities';
import { EMAIL_MODULES, type EmailModule } from '@orbit/shared/crm/email';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';
import { downloadAttachment } from '../../../../api/crmAttachments';
import { getTimeline } from '../../../../api/crmTimeline';
import LoadError from '../../../../components/admin/LoadError';
import LoadingRows from '../../../../components/LoadingRows';
import { recordViewsOf } from '../moduleRecordViews';
import { fileSizeText } from './RecordFiles';
import { relatedListsKey } from './RelatedList';
import EmailComposer from '../../email/components/EmailComposer';
import EmailEntry from '../../email/components/EmailEntry';
import ChangeEntry, { EntryTime, oneEntryPerWrite } from './timeline/ChangeEntry';
import { ACTIVITY_KEY } from './timeline/timelineKey';
import WorkflowEntry from './timeline/WorkflowEntry';


type Props = {
  module: CrmModule;
  meta: ModuleMeta;
  id: number;
  /** The record's name (what a composer's new activity or task names). */
  name: string;
  /** Names the record's own answer gave (a changed owner is named when it is the current one). */
  lookups: LookupLabels;
};

/** Each module's timeline parts (a task's entry, an activity's entry, the activities' composer), found through moduleRecordViews. */
const PARTS = CRM_MODULES.flatMap((m) => {
  const views = recordViewsOf(m);
  return views ? [views] : [];
});
/** How often a timeline with a queued e-mail asks again for its status. */
const EMAIL_POLL_MS = 2000;
const isEmailModule = (module: CrmModule): module is EmailModule => (EMAIL_MODULES as readonly string[]).includes(module);
const entryOf = (kind: TimelineKind) => PARTS.find((p) => p.timelineEntry?.kinds.includes(kind))?.timelineEntry?.Entry;

/**
 * What happened on and around a record, newest first, from one endpoint (`/timeline`): its field
 * changes, tasks, calls, meetings, notes and files, filtered by kind with chips, a page at a time —
 * with the modules' composers on top (log a call, add a note, schedule a meeting, new task).
 */
export default function ActivityTimeline({ module, meta, id, name, lookups }: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [kinds, setKinds] = useState<TimelineKind[]>([]);
  const timeline = useInfiniteQuery({
    queryKey: [ACTIVITY_KEY, module, id, 'timeline', kinds, i18n.language],
    queryFn: ({ pageParam }) => getTimeline(module, id, { kinds, pageNum: pageParam, pageSize: TIMELINE_PAGE_DEFAULT }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    // An e-mail still queued is being sent by the server's job queue: asked again until it is sent or failed.
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.rows.some((r) => r.email?.status === 'queued')) ? EMAIL_POLL_MS : false),
  });
  /** After a write from the timeline: the timeline and the record's related lists (its activities, its tasks) are fetched again. */
  const changed = () => {
    const related = relatedListsKey(module, id);
    void queryClient.invalidateQueries({ queryKey: [ACTIVITY_KEY, module, id] });
    void queryClient.invalidateQueries({ predicate: ({ queryKey: [key] }) => typeof key === 'string' && key.startsWith(related) });
  };
  const pages = timeline.data?.pages ?? [];
  const names: LookupLabels = Object.assign({}, lookups, ...pages.map((p) => p.lookups));
  const rows = pages.flatMap((p) => p.rows);
  // Mails of one thread (a reply and its original, by Message-ID) among those loaded: each says how many there are.
  const threads = new Map<number, number>();
  for (const r of rows) if (r.email) threads.set(r.email.threadId, (threads.get(r.email.threadId) ?? 0) + 1);
  const toggle = (kind: TimelineKind, on: boolean) => setKinds((now) => (on ? [...now, kind] : now.filter((k) => k !== kind)));

  const items = oneEntryPerWrite(rows).map((group) => {
    const entry = group[0]!;
    const Entry = entryOf(entry.kind);
    let content: ReactNode;
    if (entry.kind === 'change') content = <ChangeEntry rows={group} meta={meta} lookups={names} />;
    else if (entry.kind === 'file') content = <FileEntry entry={entry} />;
    else if (entry.kind === 'email') content = <EmailEntry entry={entry} threadSize={threads.get(entry.email!.threadId) ?? 1} />;
    else if (entry.kind === 'workflow') content = <WorkflowEntry entry={entry} />;
    else if (entry.kind === 'approval') content = <ApprovalEntry entry={entry} />;
    else content = Entry ? <Entry entry={entry} lookups={names} onChanged={changed} record={{ module, id }} /> : null;
    return {
      key: `${entry.kind}${entry.id}`,
      color: entry.kind === 'approval' ? APPROVAL_COLOUR[entry.approval!.event] : entry.kind === 'change' ? (entry.change?.action === 'delete' ? 'red' : entry.change?.action === 'create' ? 'green' : 'blue') : 'gray',
      icon: entry.kind === 'file' ? (
        <PaperClipOutlined />
      ) : entry.kind === 'email' ? (
        <MailOutlined />
      ) : entry.kind === 'workflow' ? (
        <ThunderboltOutlined />
      ) : entry.kind === 'approval' ? (
        <AuditOutlined />
      ) : (
        Entry && PARTS.find((p) => p.timelineEntry?.Entry === Entry)?.timelineEntry?.icon?.(entry)
      ),
      content,
    };
  });

  return (
    <Card
      size="small"
      title={t('crm.detail.activity')}
      className="crm-detail-section"
      data-testid="activity-timeline"
      extra={isEmailModule(module) && <EmailComposer module={module} id={id} onSent={changed} />}
    >
      {PARTS.map(({ TimelineComposer }, i) => TimelineComposer && <TimelineComposer key={i} module={module} id={id} name={name} onDone={changed} />)}
      <Space size={[4, 4]} wrap className="crm-timeline-kinds" data-testid="timeline-kinds">
        <Tag.CheckableTag checked={!kinds.length} onChange={() => setKinds([])}>
          {t('crm.timeline.kind.all')}
        </Tag.CheckableTag>
        {TIMELINE_KINDS.map((kind) => (
          <Tag.CheckableTag key={kind} checked={kinds.includes(kind)} onChange={(on) => toggle(kind, on)} data-testid={`timeline-kind-${kind}`}>
            {t(`crm.timeline.kind.${kind}`)}
          </Tag.CheckableTag>
        ))}
      </Space>
      {timeline.isError ? (
        <LoadError onRetry={() => void timeline.refetch()} />
      ) : timeline.isLoading ? (
        <LoadingRows rows={4} data-testid="timeline-loading" />
      ) : !items.length ? (
        <Empty description={kinds.length ? t('crm.timeline.noneOfKind') : t('crm.detail.noActivity')} />
      ) : (
        <Timeline items={items} />
      )}
      {timeline.hasNextPage && (
        <Button block loading={timeline.isFetchingNextPage} onClick={() => void timeline.fetchNextPage()} data-testid="more-activity">
          {t('crm.detail.moreActivity')}
        </Button>
      )}
    </Card>
  );
}

/** A file attached to the record: its name (a download), size, who attached it and when. */
function FileEntry({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation();
  const file = entry.file!;
  return (
    <div data-testid="file-entry">
      <Typography.Text>{t('crm.timeline.fileAdded', { user: entry.authorName ?? '' })} </Typography.Text>
      <Typography.Link onClick={() => void downloadAttachment({ id: entry.id, fileName: file.fileName })}>{file.fileName}</Typography.Link>
      <Typography.Text type="secondary"> ({fileSizeText(file.size)})</Typography.Text>
      <EntryTime time={entry.time} />
    </div>
  );
}

const APPROVAL_COLOUR = { submitted: 'blue', approved: 'green', rejected: 'red', recalled: 'gray' } as const;

/** A step of the record's approval trail: who submitted, approved, rejected or recalled it, with the comment. */
function ApprovalEntry({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation();
  const approval = entry.approval!;
  return (
    <div data-testid="approval-entry">
      <Typography.Text>{t(`approval.event.${approval.event}`, { user: entry.authorName ?? '', process: approval.process })}</Typography.Text>
      <EntryTime time={entry.time} />
      {approval.comment && <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>“{approval.comment}”</Typography.Paragraph>}
    </div>
  );
}
