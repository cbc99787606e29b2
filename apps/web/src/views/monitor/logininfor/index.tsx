import { UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { cleanLogininfor, deleteLogininfor, listLogininfor, unlockUser, type LogininforRow } from '../../../api/monitor/logininfor';
import type { AdminColumn } from '../../../components/admin/adminColumns';
import AdminListPage, { type ListAction } from '../../../components/admin/AdminListPage';
import type { AdminFilter } from '../../../components/admin/AdminSearchForm';

const filters: AdminFilter[] = [
  { kind: 'text', name: 'ipaddr', label: 'logininfor.ipaddr', width: 160 },
  { kind: 'text', name: 'userName', label: 'logininfor.userName', width: 160 },
  { kind: 'select', name: 'status', label: 'logininfor.status', dict: 'sys_common_status', width: 130, placeholder: 'admin.statusPlaceholder' },
  { kind: 'dateRange', name: 'loginTime', label: 'logininfor.loginTime' },
];

const columns: AdminColumn<LogininforRow>[] = [
  { key: 'infoId', title: 'logininfor.infoId', width: 90, sortable: true },
  { key: 'userName', title: 'logininfor.userName', width: 140, sortable: true },
  { key: 'ipaddr', title: 'logininfor.ipaddr', width: 140, sortable: true },
  { key: 'loginLocation', title: 'logininfor.location', ellipsis: true },
  { key: 'browser', title: 'logininfor.browser', ellipsis: true },
  { key: 'os', title: 'logininfor.os', ellipsis: true },
  { key: 'status', title: 'logininfor.status', width: 100, sortable: true, show: { dict: 'sys_common_status' } },
  { key: 'msg', title: 'logininfor.msg', ellipsis: true },
  { key: 'loginTime', title: 'logininfor.loginTime', width: 170, sortable: true, show: 'time' },
];

/** Set-up › Login Log: every sign-in attempt; remove entries and unlock locked accounts. */
export default function LogininforPage() {
  const { t } = useTranslation();
  // Lifts the lock of the user of the (one) ticked entry.
  const unlock: ListAction<LogininforRow> = {
    label: 'logininfor.unlock',
    icon: <UnlockOutlined />,
    permission: PERMISSIONS.logininfor.unlock,
    rows: 'one',
    confirm: ([row]) => t('logininfor.confirmUnlock', { name: row!.userName }),
    run: ([row]) => unlockUser(row!.userName),
    doneKey: 'logininfor.unlocked',
  };

  return (
    <AdminListPage
      testId="logininfor-page"
      queryKey="monitor-logininfor"
      fetchPage={listLogininfor}
      rowKey="infoId"
      filters={filters}
      columns={columns}
      scrollX={1100}
      remove={{ permission: PERMISSIONS.logininfor.remove, deleteRows: deleteLogininfor, confirmKey: 'logininfor.confirmDelete' }}
      clean={{ permission: PERMISSIONS.logininfor.remove, cleanAll: cleanLogininfor, confirmKey: 'logininfor.confirmClean' }}
      actions={[unlock]}
      exportTo={{ url: '/monitor/logininfor/export', permission: PERMISSIONS.logininfor.export, fileName: 'login_log' }}
    />
  );
}
