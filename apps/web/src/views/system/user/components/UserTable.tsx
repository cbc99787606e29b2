import { DownOutlined, KeyOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { UserRow } from '@orbit/shared/contract/user';
import { formatTime } from '../../../../components/admin/formatTime';
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
    { title: t('user.userId'), width: 90, ...list.sortable('userId') },
    { title: t('user.userName'), width: 140, ...list.sortable('userName'), ellipsis: true },
    { title: t('user.nickName'), width: 130, ...list.sortable('nickName'), ellipsis: true },
    { title: t('user.dept'), key: 'dept', width: 130, render: (_, u) => u.dept?.deptName ?? '', ellipsis: true },
    { title: t('user.phonenumber'), dataIndex: 'phonenumber', key: 'phonenumber', width: 140 },
    {
      title: t('admin.status'),
      key: 'status',
      width: 90,
      render: (_, u) => (
        <StatusSwitch status={u.status} name={u.userName} disabled={!canEdit || isSuperAdmin(u)} onChange={(status) => controller.changeStatus(u, status)} />
      ),
    },
    { title: t('admin.createTime'), width: 170, ...list.sortable('createTime'), render: formatTime },
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
