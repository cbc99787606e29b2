import { useQueryClient } from '@tanstack/react-query';
import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Drawer, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { RoleRow } from '@orbit/shared/contract/role';
import type { UserRow } from '@orbit/shared/contract/user';
import { cancelRoleUser, cancelRoleUsers, listRoleUsers } from '../../../../api/system/role';
import { formatTime } from '../../../../components/admin/formatTime';
import LoadError from '../../../../components/admin/LoadError';
import SearchForm from '../../../../components/admin/SearchForm';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { useListController } from '../../../../components/admin/useListController';
import { useDict } from '../../../../components/dict/useDict';
import DictTag from '../../../../components/dict/DictTag';
import { useHasPermission } from '../../../../utils/permission';
import AddRoleUsersDialog from './AddRoleUsersDialog';

const ROLE_USERS_KEY = 'system-role-users';
type Filters = { roleId: number; userName?: string; phonenumber?: string };

function RoleUsers({ role }: { role: RoleRow }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Omit<Filters, 'roleId'>>();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const dict = useDict('sys_normal_disable');
  const canEdit = useHasPermission(PERMISSIONS.role.edit);
  const list = useListController<Filters, UserRow>({ queryKey: ROLE_USERS_KEY, fetchPage: listRoleUsers, initialFilters: { roleId: role.roleId } });
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
      <SearchForm form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item name="userName" label={t('user.userName')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="phonenumber" label={t('user.phonenumber')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
      </SearchForm>
      {canEdit && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
            {t('role.addUsers')}
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!list.selectedRowKeys.length} onClick={cancelSelected}>
            {t('role.cancelSelected')}
          </Button>
        </Space>
      )}
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
      {list.isError ? (
        <LoadError onRetry={list.refetch} />
      ) : (
        <Table<UserRow>
          rowKey="userId"
          size="small"
          columns={columns}
          dataSource={list.rows}
          loading={list.isLoading}
          rowSelection={canEdit ? { selectedRowKeys: list.selectedRowKeys, onChange: list.setSelectedRowKeys } : undefined}
          pagination={{ ...list.pagination, showTotal: (total) => t('admin.total', { total }) }}
          onChange={list.handleTableChange}
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
