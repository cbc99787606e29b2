import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { RoleRow } from '@orbit/shared/contract/role';
import type { UserRow } from '@orbit/shared/contract/user';
import { cancelRoleUser, listRoleUsers } from '../../../../api/system/role';
import { formatTime } from '../../../../components/admin/formatTime';
import LoadError from '../../../../components/admin/LoadError';
import SearchForm from '../../../../components/admin/SearchForm';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { useListController } from '../../../../components/admin/useListController';
import { useDict } from '../../../../components/dict/useDict';
import DictTag from '../../../../components/dict/DictTag';
import { useHasPermission } from '../../../../utils/permission';

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

  const cancel = (user: UserRow) =>
    confirm(
      t('role.confirmCancelUser', { user: user.userName, role: role.roleName }),
      async () => {
        await cancelRoleUser(role.roleId, user.userId);
        await queryClient.invalidateQueries({ queryKey: [ROLE_USERS_KEY] });
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
      {list.isError ? (
        <LoadError onRetry={list.refetch} />
      ) : (
        <Table<UserRow>
          rowKey="userId"
          size="small"
          columns={columns}
          dataSource={list.rows}
          loading={list.isLoading}
          pagination={{ ...list.pagination, showTotal: (total) => t('admin.total', { total }) }}
          onChange={list.handleTableChange}
        />
      )}
    </>
  );
}

/** The users holding a role, with "cancel authorisation" for each. */
export default function RoleUsersDrawer({ role, onClose }: { role?: RoleRow; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={!!role} title={t('role.usersTitle', { name: role?.roleName ?? '' })} size="large" onClose={onClose} destroyOnHidden>
      {role && <RoleUsers role={role} />}
    </Drawer>
  );
}
