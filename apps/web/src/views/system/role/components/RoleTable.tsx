import { SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { RoleRow } from '@orbit/shared/contract/role';
import { formatTime } from '../../../../components/admin/formatTime';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import ListTable from '../../../../components/admin/ListTable';
import { DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
import StatusSwitch from '../../../../components/admin/StatusSwitch';
import { useHasPermission } from '../../../../utils/permission';
import { isAdminRole, type useRoleController } from '../useRoleController';

export default function RoleTable({ controller }: { controller: ReturnType<typeof useRoleController> }) {
  const { t } = useTranslation();
  const { list } = controller;
  const canEdit = useHasPermission(PERMISSIONS.role.edit);
  const canRemove = useHasPermission(PERMISSIONS.role.remove);
  const canQuery = useHasPermission(PERMISSIONS.role.query);

  const columns: TableColumnsType<RoleRow> = [
    { title: t('role.roleId'), width: 90, ...list.sortable('roleId') },
    { title: t('role.roleName'), ellipsis: true, ...list.sortable('roleName') },
    { title: t('role.roleKey'), ellipsis: true, ...list.sortable('roleKey') },
    { title: t('admin.orderNum'), width: 110, ...list.sortable('roleSort') },
    {
      title: t('admin.status'),
      key: 'status',
      width: 90,
      render: (_, r) => <StatusSwitch status={r.status} name={r.roleName} disabled={!canEdit || isAdminRole(r)} onChange={(s) => controller.changeStatus(r, s)} />,
    },
    { title: t('admin.createTime'), width: 170, render: formatTime, ...list.sortable('createTime') },
    actionsColumn(t, { width: 340 }, (r) =>
      isAdminRole(r) ? null : (
        <>
          {canEdit && <EditLink onClick={() => controller.open({ kind: 'form', role: r })} />}
          {canRemove && <DeleteLink onClick={() => controller.remove([r])} />}
          {canEdit && (
            <Button type="link" size="small" icon={<SafetyOutlined />} onClick={() => controller.open({ kind: 'dataScope', role: r })}>
              {t('role.dataScope')}
            </Button>
          )}
          {canQuery && (
            <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => controller.open({ kind: 'users', role: r })}>
              {t('role.users')}
            </Button>
          )}
        </>
      ),
    ),
  ];

  return (
    <ListTable
      list={list}
      rowKey="roleId"
      columns={columns}
      selectable={canRemove && { getCheckboxProps: (r: RoleRow) => ({ disabled: isAdminRole(r) }) }}
      scroll={{ x: 1000 }}
    />
  );
}
