import { DownOutlined, KeyOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { UserRow } from '@orbit/shared/contract/user';
import { useAdminColumns } from '../../../../components/admin/adminColumns';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import ListTable from '../../../../components/admin/ListTable';
import { DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
import StatusSwitch from '../../../../components/admin/StatusSwitch';
import { useSession } from '../../../../store/session';
import { useHasPermission } from '../../../../utils/permission';
import { isSuperAdmin, type useUserController } from '../useUserController';

type Props = { controller: ReturnType<typeof useUserController> };

export default function UserTable({ controller }: Props) {
  const { t } = useTranslation();
  const { list } = controller;
  const canEdit = useHasPermission(PERMISSIONS.user.edit);
  const canRemove = useHasPermission(PERMISSIONS.user.remove);
  const canReset = useHasPermission(PERMISSIONS.user.resetPwd);
  const selfId = useSession()?.user.userId;

  // Less frequent actions go under "More", as in RuoYi, so the table keeps its columns in view.
  // No reset of one's own password: the server refuses it (it asks no current password); the
  // profile's change does.
  const moreActions = (u: UserRow): NonNullable<MenuProps['items']> => [
    ...(canReset && u.userId !== selfId ? [{ key: 'resetPwd', icon: <KeyOutlined />, label: t('user.resetPwd'), onClick: () => controller.openReset(u) }] : []),
    ...(canEdit ? [{ key: 'assignRoles', icon: <TeamOutlined />, label: t('user.assignRoles'), onClick: () => controller.openAssignRoles(u) }] : []),
  ];

  const columns: TableColumnsType<UserRow> = [
    ...useAdminColumns<UserRow>(
      [
        { key: 'userId', title: 'user.userId', width: 90, sortable: true },
        { key: 'userName', title: 'user.userName', width: 140, sortable: true, ellipsis: true },
        { key: 'nickName', title: 'user.nickName', width: 130, sortable: true, ellipsis: true },
        { key: 'dept', title: 'user.dept', width: 130, ellipsis: true, show: (_: unknown, u) => u.dept?.deptName ?? '' },
        { key: 'phonenumber', title: 'user.phonenumber', width: 140 },
        {
          key: 'status',
          title: 'admin.status',
          width: 90,
          show: (_: unknown, u) => <StatusSwitch status={u.status} name={u.userName} disabled={!canEdit || isSuperAdmin(u)} onChange={(status) => controller.changeStatus(u, status)} />,
        },
        { key: 'createTime', title: 'admin.createTime', width: 170, sortable: true, show: 'time' },
      ],
      list,
    ),
    actionsColumn(t, { width: 230, fixed: 'right' }, (u) =>
      isSuperAdmin(u) ? null : (
        <>
          {canEdit && <EditLink onClick={() => controller.openEdit(u)} />}
          {canRemove && <DeleteLink onClick={() => controller.remove([u])} />}
          {moreActions(u).length > 0 && (
            <Dropdown menu={{ items: moreActions(u) }} trigger={['click']}>
              <Button type="link" size="small" icon={<DownOutlined />} iconPlacement="end">
                {t('admin.more')}
              </Button>
            </Dropdown>
          )}
        </>
      ),
    ),
  ];

  return (
    <ListTable
      list={list}
      rowKey="userId"
      columns={columns}
      selectable={canRemove && { getCheckboxProps: (u: UserRow) => ({ disabled: isSuperAdmin(u) }) }}
      scroll={{ x: 1250 }}
    />
  );
}
