import { DeleteOutlined, EditOutlined, PrinterOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Result, Row, Segmented, Skeleton } from 'antd';
import { useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CODE } from '@orbit/shared/constants';
import type { CrmRecord, LookupLabels, ModuleMeta, RecordAnswer } from '@orbit/shared/contract/crm';
import { isTeamModule } from '@orbit/shared/contract/sharing';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { deleteRecords } from '../../../../api/crm';
import { printPath } from '../../../../app/printRoutes';
import { RequestError } from '../../../../api/request';
import LoadError from '../../../../components/admin/LoadError';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { useIsPhone } from '../../../../components/useIsPhone';
import { TabContext } from '../../../../layout/TabContext';
import { usePageTitle } from '../../../../layout/usePageTitle';
import { closeView } from '../../../../store/tagsView';
import { useRecordView } from '../../../../layout/routes/useUserRecords';
import RecordForm, { type RecordFormTarget } from '../form/RecordForm';
import ChangeOwnerDialog from '../list/ChangeOwnerDialog';
import type { RemoveDialog } from '../list/removeDialog';
import { everyRecordList } from '../list/useRecordListController';
import { ModuleMetaContext } from '../ModuleMetaContext';
import { recordName } from '../moduleMeta';
import { useModuleMeta } from '../useModuleMeta';
import { useModulePermissions } from '../useModulePermissions';
import { useListLink } from '../useRecordLink';
import ActivityTimeline from './ActivityTimeline';
import { ApprovalActions, ApprovalBanner } from './ApprovalActions';
import DetailHeader from './DetailHeader';
import RecordSections from './RecordSections';
import StagePath from './StagePath';
import RecordFiles from './RecordFiles';
import SharingPanel from './SharingPanel';
import TeamPanel from './TeamPanel';
import RelatedList, { relatedListsKey } from './RelatedList';
import type { RelatedTotals } from './relatedTotals';
import { recordKey, useRecord } from './recordQuery';
import '../crm.css';

/**
 * What a module page's own actions and banners get: the record on screen, why it cannot be changed
 * (null when it can), and a way to fetch it again after a change (with its history and the module's lists).
 */
/** What a module's own parts of the page get; `writable`: the caller's access reaches changing this record (not a read-only share or module default). */
export type RecordContext = { module: CrmModule; meta: ModuleMeta; record: CrmRecord; lookups: LookupLabels; locked: string | null; writable: boolean; reload: () => void };

type Props = {
  module: CrmModule;
  id: number;
  /** The module's own header actions (leads: Convert). */
  actions?: (context: RecordContext) => ReactNode;
  /** The module's own banner above the sections (leads: "Converted" with links). */
  banner?: (context: RecordContext) => ReactNode;
  /** The module's own related lists after the metadata's (leads: campaign history). */
  related?: (context: RecordContext) => ReactNode;
  /** Titles of the metadata's related lists in the module's words, by `{module}.{field}` (accounts: "Child accounts" for `account.parentAccountId`). */
  relatedTitles?: Record<string, string>;
  /** Sums beside the metadata's related lists (accounts: their opportunities' amount and won amount). */
  relatedTotals?: RelatedTotals;
  /** The module's own delete confirmation, instead of the plain one (accounts: what to do with their opportunities). */
  removeDialog?: RemoveDialog;
};

/** The detail page of any module's record (docs/records-engine.md). */
export default function RecordDetail(props: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listLink = useListLink(props.module);
  const meta = useModuleMeta(props.module);
  const record = useRecord(props.module, props.id);
  const valid = Number.isSafeInteger(props.id) && props.id > 0;
  if (!valid || (record.error instanceof RequestError && record.error.code === CODE.notFound)) {
    return (
      <Card variant="borderless">
        <Result
          status="404"
          title={t('crm.detail.notFoundTitle')}
          subTitle={t('server.record.notFound')}
          extra={listLink && <Button onClick={() => navigate(listLink)}>{t('crm.detail.backToList')}</Button>}
          data-testid="record-not-found"
        />
      </Card>
    );
  }
  if (meta.isError || record.isError) {
    return (
      <Card variant="borderless">
        <LoadError onRetry={() => void (meta.isError ? meta.refetch() : record.refetch())} />
      </Card>
    );
  }
  if (!meta.data || !record.data) {
    return (
      <Card variant="borderless">
        <Skeleton active />
      </Card>
    );
  }
  return (
    <ModuleMetaContext.Provider value={meta.data}>
      <RecordDetailView
        {...props}
        meta={meta.data}
        record={record.data.data}
        lookups={record.data.lookups}
        locked={record.data.locked ?? null}
        writable={record.data.canEdit !== false}
        reload={() => void record.refetch()}
      />
    </ModuleMetaContext.Provider>
  );
}

function RecordDetailView({ module, id, actions, banner, related: moduleRelated, relatedTitles, relatedTotals, removeDialog: Remove, meta, record, lookups, locked, writable, reload }: Props & Omit<RecordContext, 'module'> & { writable: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const listLink = useListLink(module);
  const can = useModulePermissions(module);
  // A locked record (a converted lead) keeps its delete, but is not edited, inline or by owner. One
  // the caller may only read (`writable` false: a public read-only module, a read-only share) is
  // neither edited nor deleted — the server would refuse both (docs/architecture.md, "Sharing").
  const canEdit = can.edit && !locked && writable;
  const canRemove = can.remove && writable;
  // Opening the page is a view: the record joins the user's recently viewed (search palette, My day).
  useRecordView(module, id);
  // The tab and the browser's title read the record's name (issue 36): two records, two named tabs.
  usePageTitle(recordName(meta, record));
  const tabKey = useContext(TabContext);
  const [form, setForm] = useState<RecordFormTarget | null>(null);
  const [changingOwner, setChangingOwner] = useState(false);
  // On a phone the sections and the activity timeline are two panes under the header, one shown at a
  // time (both stay mounted), so the timeline is a tap away rather than below every related list.
  const phone = useIsPhone();
  const [pane, setPane] = useState<'details' | 'activity'>('details');
  const hiddenOnPhone = (own: typeof pane) => (phone && pane !== own ? { display: 'none' } : undefined);

  /** After a change: this record, its history, its related lists and every record list are fetched again. */
  const changed = async () => {
    const relatedPrefix = relatedListsKey(module, id);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKey(module, id) }),
      queryClient.invalidateQueries({ queryKey: ['crm-history', module, id] }),
      queryClient.invalidateQueries({ queryKey: ['crm-approval', module, id] }),
      queryClient.invalidateQueries(everyRecordList),
      queryClient.invalidateQueries({ predicate: ({ queryKey: [key] }) => typeof key === 'string' && key.startsWith(relatedPrefix) }),
    ]);
  };
  const context: RecordContext = { module, meta, record, lookups, locked, writable, reload: () => void changed() };
  const saved = (answer: RecordAnswer) => {
    queryClient.setQueryData(recordKey(module, id, i18n.language), answer);
    void changed();
  };
  const [removing, setRemoving] = useState(false);
  /** After the record went: back to the list, this page's tab closed. */
  const removed = async () => {
    await queryClient.invalidateQueries(everyRecordList);
    if (listLink) navigate(listLink);
    if (tabKey) closeView(tabKey);
  };
  const remove = () =>
    Remove
      ? setRemoving(true)
      : confirm(t('crm.detail.confirmDelete', { name: recordName(meta, record) }), async () => {
          await deleteRecords(module, [id]);
          await removed();
        });

  const related = meta.relatedLists;
  const titleOf = (r: (typeof related)[number]) =>
    relatedTitles?.[`${r.module}.${r.field}`] ??
    t(`crm.module.${r.module}`) + (related.filter((o) => o.module === r.module).length > 1 ? ` · ${r.label}` : '');

  return (
    <div className="crm-record-detail" data-testid={`record-detail-${module}`}>
      <DetailHeader
        meta={meta}
        record={record}
        lookups={lookups}
        locked={locked}
        path={meta.path && <StagePath module={module} meta={meta} record={record} canEdit={canEdit} onSaved={saved} onReload={reload} />}
        actions={
          <>
            {canEdit && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => setForm({ mode: 'edit', record, lookups })} data-testid="record-edit">
                {t('crm.detail.edit')}
              </Button>
            )}
            {/* Module actions (leads: Convert) */}
            {actions?.(context)}
            {/* Approval processes, every module alike: submit, approve, reject, recall. */}
            <ApprovalActions module={module} id={id} canSubmit={can.edit && writable} onChanged={() => void changed()} />
            <Button icon={<PrinterOutlined />} href={`${printPath(module, 'detail')}?id=${id}`} target="_blank" rel="noopener" data-testid="record-print">
              {t('crm.print.print')}
            </Button>
            {canEdit && (
              <Button icon={<UserSwitchOutlined />} onClick={() => setChangingOwner(true)}>
                {t('crm.mass.changeOwner')}
              </Button>
            )}
            {canRemove && (
              <Button danger icon={<DeleteOutlined />} onClick={remove} data-testid="record-delete">
                {t('crm.detail.delete')}
              </Button>
            )}
          </>
        }
      />
      <ApprovalBanner module={module} id={id} />
      {banner?.(context)}
      {phone && (
        <Segmented
          block
          value={pane}
          onChange={(value) => setPane(value === 'activity' ? 'activity' : 'details')}
          options={[
            { value: 'details', label: t('crm.detail.details') },
            { value: 'activity', label: t('crm.detail.activity') },
          ]}
          style={{ marginTop: 16 }}
          data-testid="detail-pane"
        />
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={16} style={hiddenOnPhone('details')}>
          <RecordSections module={module} meta={meta} record={record} lookups={lookups} canEdit={canEdit} onSaved={saved} onReload={reload} />
          {related.map((r) => (
            <RelatedList key={`${r.module}.${r.field}`} module={module} id={id} related={r} title={titleOf(r)} totals={relatedTotals?.[`${r.module}.${r.field}`]} />
          ))}
          {moduleRelated?.(context)}
          <RecordFiles module={module} id={id} canEdit={can.edit && writable} />
          {isTeamModule(module) && <TeamPanel module={module} id={id} />}
          <SharingPanel module={module} id={id} />
        </Col>
        <Col xs={24} xl={8} style={hiddenOnPhone('activity')}>
          <ActivityTimeline module={module} meta={meta} id={id} name={recordName(meta, record)} lookups={lookups} />
        </Col>
      </Row>
      <RecordForm module={module} meta={meta} target={form} onClose={() => setForm(null)} onSaved={() => void changed()} onReload={reload} />
      {Remove && <Remove ids={[id]} open={removing} onClose={() => setRemoving(false)} onDone={removed} />}
      <ChangeOwnerDialog module={module} ids={[id]} open={changingOwner} onClose={() => setChangingOwner(false)} onDone={() => void changed()} />
    </div>
  );
}
