import { App, Empty, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@orbit/shared/contract/role';
import type { UserRow } from '@orbit/shared/contract/user';
import { RequestError } from '../../../../api/request';
import { addRoleUsers, listUsersWithoutRole } from '../../../../api/system/role';
import { formatTime } from '../../../../components/admin/formatTime';
import FormDialog from '../../../../components/admin/FormDialog';
import { useListController } from '../../../../components/admin/useListController';
import RoleUserList, { type RoleUserFilters } from './RoleUserList';

/** Picks users who do not hold the role yet (within the caller's data scope) and grants it to them. */
export default function AddRoleUsersDialog({ role, onClose, onAdded }: { role: RoleRow; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const list = useListController<RoleUserFilters, UserRow>({ queryKey: 'system-role-users-without', fetchPage: listUsersWithoutRole, initialFilters: { roleId: role.roleId } });

  const add = async () => {
    setSaving(true);
    try {
      await addRoleUsers(role.roleId, list.selectedRowKeys.map(Number));
      void message.success(t('role.usersAdded'));
      onAdded();
    } catch (error) {
      if (error instanceof RequestError && !error.shown && error.message) void message.error(error.message);
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<UserRow> = [
    { title: t('user.userName'), dataIndex: 'userName', key: 'userName' },
    { title: t('user.nickName'), dataIndex: 'nickName', key: 'nickName' },
    { title: t('user.email'), dataIndex: 'email', key: 'email', ellipsis: true },
    { title: t('user.phonenumber'), dataIndex: 'phonenumber', key: 'phonenumber' },
    { title: t('admin.createTime'), dataIndex: 'createTime', key: 'createTime', render: formatTime },
  ];

  return (
    <FormDialog
      open
      width={820}
      title={t('role.addUsersTitle', { name: role.roleName })}
      saving={saving}
      okButtonProps={{ disabled: !list.selectedRowKeys.length }}
      onSubmit={add}
      onClose={onClose}
    >
      <RoleUserList
        list={list}
        columns={columns}
        selectable={{ preserveSelectedRowKeys: true }}
        emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('role.noUsersToAdd')} />}
      />
    </FormDialog>
  );
}
