import { EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { cleanOperlog, deleteOperlog, listOperlog, type OperlogRow } from '../../../api/monitor/operlog';
import type { AdminColumn } from '../../../components/admin/adminColumns';
import AdminListPage from '../../../components/admin/AdminListPage';
import type { AdminFilter } from '../../../components/admin/AdminSearchForm';
import { useHasPermission } from '../../../utils/permission';
import OperlogDrawer from './components/OperlogDrawer';

const filters: AdminFilter[] = [
  { kind: 'text', name: 'title', label: 'operlog.title', width: 150 },
  { kind: 'text', name: 'operName', label: 'operlog.operName', width: 150 },
  { kind: 'select', name: 'businessType', label: 'operlog.businessType', dict: 'sys_oper_type', width: 130, placeholder: 'operlog.businessType' },
  { kind: 'select', name: 'status', label: 'operlog.status', dict: 'sys_common_status', width: 120, placeholder: 'admin.statusPlaceholder' },
  { kind: 'dateRange', name: 'operTime', label: 'operlog.operTime' },
];

/** Set-up › Operation Log: every recorded write, with its detail. */
export default function OperlogPage() {
  const { t } = useTranslation();
  const [detailId, setDetailId] = useState<number | null>(null);
  const canQuery = useHasPermission(PERMISSIONS.operlog.query);

  const columns: AdminColumn<OperlogRow>[] = [
    { key: 'operId', title: 'operlog.operId', width: 90, sortable: true },
    { key: 'title', title: 'operlog.title', ellipsis: true, sortable: true },
    { key: 'businessType', title: 'operlog.businessType', width: 120, sortable: true, show: { dict: 'sys_oper_type' } },
    { key: 'operName', title: 'operlog.operName', width: 130, sortable: true },
    { key: 'operIp', title: 'operlog.operIp', width: 140 },
    { key: 'status', title: 'operlog.status', width: 100, sortable: true, show: { dict: 'sys_common_status' } },
    { key: 'operTime', title: 'operlog.operTime', width: 170, sortable: true, show: 'time' },
    { key: 'costTime', title: 'operlog.costTime', width: 120, sortable: true, show: (ms: number) => t('operlog.ms', { ms }) },
    {
      key: 'actions',
      title: 'admin.actions',
      width: 110,
      hidden: !canQuery,
      show: (_: unknown, row) => (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDetailId(row.operId)}>
          {t('operlog.detail')}
        </Button>
      ),
    },
  ];

  return (
    <AdminListPage
      testId="operlog-page"
      queryKey="monitor-operlog"
      fetchPage={listOperlog}
      rowKey="operId"
      filters={filters}
      columns={columns}
      scrollX={1100}
      remove={{ permission: PERMISSIONS.operlog.remove, deleteRows: deleteOperlog, confirmKey: 'operlog.confirmDelete' }}
      clean={{ permission: PERMISSIONS.operlog.remove, cleanAll: cleanOperlog, confirmKey: 'operlog.confirmClean' }}
      exportTo={{ url: '/monitor/operlog/export', permission: PERMISSIONS.operlog.export, fileName: 'operation_log' }}
    >
      <OperlogDrawer operId={detailId} onClose={() => setDetailId(null)} />
    </AdminListPage>
  );
}
