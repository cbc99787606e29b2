import { useQueryClient } from '@tanstack/react-query';
import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Drawer, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { RoleRow } from '@orbit/shared/contract/role';
import type { UserRow } from '@orbit/shared/contract/user';
import { cancelRoleUser, cancelRoleUsers, listRoleUsers } from '../../../../api/system/role';
import { formatTime } from '../../../../components/admin/formatTime';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { useListController } from '../../../../components/admin/useListController';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';
import { useHasPermission } from '../../../../utils/permission';
import AddRoleUsersDialog from './AddRoleUsersDialog';
import RoleUserList, { type RoleUserFilters } from './RoleUserList';

const ROLE_USERS_KEY = 'system-role-users';

function RoleUsers({ role }: { role: RoleRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const dict = useDict('sys_normal_disable');
  const canEdit = useHasPermission(PERMISSIONS.role.edit);
  const list = useListController<RoleUserFilters, UserRow>({ queryKey: ROLE_USERS_KEY, fetchPage: listRoleUsers, initialFilters: { roleId: role.roleId } });
  const [adding, setAdding] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [ROLE_USERS_KEY] });

  const cancel = (user: UserRow) =>
    confirm(
      t('role.confirmCancelUser', { user: user.userName, role: role.roleName }),
      async () => {
        await cancelRoleUser(role.roleId, user.userId);
        await refresh();
      },
      t('role.userCancelled'),
    );

  const cancelSelected = () =>
    confirm(
      t('role.confirmCancelUsers', { number: list.selectedRowKeys.length, role: role.roleName }),
      async () => {
        await cancelRoleUsers(role.roleId, list.selectedRowKeys.map(Number));
        list.setSelectedRowKeys([]);
        await refresh();
      },
      t('role.userCancelled'),
    );

  const columns: TableColumnsType<UserRow> = [
    { title: t('user.userName'), dataIndex: 'userName', key: 'userName' },
    { title: t('user.nickName'), dataIndex: 'nickName', key: 'nickName' },
    { title: t('user.phonenumber'), dataIndex: 'phonenumber', key: 'phonenumber' },
    { title: t('admin.status'), dataIndex: 'status', key: 'status', render: (v: string) => <DictTag options={dict.sys_normal_disable} value={v} /> },
    { title: t('admin.createTime'), dataIndex: 'createTime', key: 'createTime', render: formatTime },
    ...(canEdit
      ? [
          {
            title: t('admin.actions'),
            key: 'actions',
            render: (_: unknown, u: UserRow) => (
              <Button type="link" size="small" danger onClick={() => cancel(u)}>
                {t('role.cancelUser')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <RoleUserList
        list={list}
        columns={columns}
        selectable={canEdit}
        toolbar={
          canEdit && (
            <Space style={{ marginBottom: 12 }}>
              <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
                {t('role.addUsers')}
              </Button>
              <Button danger icon={<DeleteOutlined />} disabled={!list.selectedRowKeys.length} onClick={cancelSelected}>
                {t('role.cancelSelected')}
              </Button>
            </Space>
          )
        }
      />
      {adding && (
        <AddRoleUsersDialog
          role={role}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            void refresh();
          }}
        />
      )}
    </>
  );
}

/** The users holding a role: add users to it, remove one or the selected ones. */
export default function RoleUsersDrawer({ role, onClose }: { role?: RoleRow; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={!!role} title={t('role.usersTitle', { name: role?.roleName ?? '' })} size="large" onClose={onClose} destroyOnHidden>
      {role && <RoleUsers role={role} />}
    </Drawer>
  );
}
