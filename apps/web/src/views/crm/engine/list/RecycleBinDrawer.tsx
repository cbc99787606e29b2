import { UndoOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Space, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CrmRecord, ModuleMeta, RecordPage } from '@orbit/shared/contract/crm';
import { RECYCLE_BIN_DAYS, type CrmModule } from '@orbit/shared/crm/modules';
import { listRecycleBin, restoreRecords } from '../../../../api/crm';
import ListTable from '../../../../components/admin/ListTable';
import { useListController } from '../../../../components/admin/useListController';
import { parseTime } from '../../../../utils/formatTime';
import { recordName } from '../moduleMeta';
import { useRecordLink } from '../useRecordLink';
import { useShowError } from '../useShowError';

/** `mergedInto`: the record this one was merged into (docs/records-engine.md, "Duplicates and merge"). */
type Deleted = CrmRecord & { deletedAt?: string; mergedInto?: number | null };
type Props = { module: CrmModule; meta: ModuleMeta; open: boolean; onClose: () => void; onRestored: () => void };

/** The user's deleted records of the module (everyone's for an administrator), kept 30 days, and their restore. */
export default function RecycleBinDrawer({ module, meta, open, onClose, onRestored }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const showError = useShowError();
  const linkTo = useRecordLink();
  const list = useListController<object, Deleted, RecordPage>({
    queryKey: `crm-recycle-${module}`,
    fetchPage: ({ pageNum, pageSize }) => listRecycleBin(module, { pageNum, pageSize }),
    initialFilters: {},
    enabled: open,
  });
  const ids = list.selectedRowKeys.map(Number);

  const restore = async () => {
    await restoreRecords(module, ids);
    void message.success(t('crm.recycle.restored', { count: ids.length }));
    list.setSelectedRowKeys([]);
    list.refetch();
    onRestored();
  };

  const columns: TableColumnsType<Deleted> = [
    { key: 'name', title: t('crm.list.name'), render: (_, record) => recordName(meta, record) },
    { key: 'owner', title: t('crm.list.owner'), render: (_, record) => list.data?.lookups.user?.[record.ownerId] ?? '' },
    { key: 'deletedAt', title: t('crm.recycle.deletedAt'), render: (_, record) => parseTime(record.deletedAt) },
    {
      key: 'mergedInto',
      title: '',
      render: (_, record) => {
        if (!record.mergedInto) return null;
        const href = linkTo(module, record.mergedInto);
        const text = t('crm.merge.mergedInto', { id: record.mergedInto });
        return href ? <Link to={href} onClick={onClose} data-testid="recycle-merged-into">{text}</Link> : <span data-testid="recycle-merged-into">{text}</span>;
      },
    },
  ];

  return (
    <Drawer open={open} title={t('crm.recycle.title')} size="large" onClose={onClose} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('crm.recycle.hint', { days: RECYCLE_BIN_DAYS })}</Typography.Text>
        {/* Nothing to restore until a record is chosen; the count says how many will come back. */}
        <Button icon={<UndoOutlined />} disabled={!ids.length} onClick={() => void restore().catch(showError)} data-testid="recycle-restore">
          {ids.length ? t('crm.recycle.restoreCount', { count: ids.length }) : t('crm.recycle.restore')}
        </Button>
        <ListTable list={list} rowKey="id" columns={columns} selectable data-testid="recycle-table" />
      </Space>
    </Drawer>
  );
}
