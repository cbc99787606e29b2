import { SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { RoleRow } from '@orbit/shared/contract/role';
import { useAdminColumns } from '../../../../components/admin/adminColumns';
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
    ...useAdminColumns<RoleRow>(
      [
        { key: 'roleId', title: 'role.roleId', width: 90, sortable: true },
        { key: 'roleName', title: 'role.roleName', ellipsis: true, sortable: true },
        { key: 'roleKey', title: 'role.roleKey', ellipsis: true, sortable: true },
        { key: 'roleSort', title: 'admin.orderNum', width: 110, sortable: true },
        {
          key: 'status',
          title: 'admin.status',
          width: 90,
          show: (_: unknown, r) => <StatusSwitch status={r.status} name={r.roleName} disabled={!canEdit || isAdminRole(r)} onChange={(s) => controller.changeStatus(r, s)} />,
        },
        { key: 'createTime', title: 'admin.createTime', width: 170, sortable: true, show: 'time' },
      ],
      list,
    ),
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
