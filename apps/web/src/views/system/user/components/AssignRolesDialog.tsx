import { useQuery } from '@tanstack/react-query';
import { App, Descriptions, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleRow } from '@orbit/shared/contract/role';
import type { UserRow } from '@orbit/shared/contract/user';
import { RequestError } from '../../../../api/request';
import { assignUserRoles, getUser } from '../../../../api/system/user';
import { formatTime } from '../../../../components/admin/formatTime';
import FormDialog from '../../../../components/admin/FormDialog';
import LoadError from '../../../../components/admin/LoadError';

type Props = { user: UserRow | null; onClose: () => void; onSaved: () => void };

/**
 * Ticks the roles a user holds among those the caller may assign. Roles the user holds beyond
 * the caller's reach are not shown and are kept as they are.
 */
export default function AssignRolesDialog({ user, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [checked, setChecked] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const detail = useQuery({ queryKey: ['system-user-roles', user?.userId], queryFn: () => getUser(user!.userId), enabled: !!user, gcTime: 0 });
  const roles = detail.data?.roles ?? [];
  const held = detail.data?.roleIds ?? [];

  useEffect(() => setChecked(held.filter((id) => roles.some((r) => r.roleId === id))), [detail.data]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = async () => {
    const outOfReach = held.filter((id) => !roles.some((r) => r.roleId === id));
    setSaving(true);
    try {
      await assignUserRoles(user!.userId, [...outOfReach, ...checked]);
      void message.success(t('admin.saved'));
      onSaved();
      onClose();
    } catch (error) {
      if (error instanceof RequestError && !error.shown) void message.error(error.errors?.roleIds ?? error.message);
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<RoleRow> = [
    { title: t('role.roleName'), dataIndex: 'roleName', key: 'roleName' },
    { title: t('role.roleKey'), dataIndex: 'roleKey', key: 'roleKey' },
    { title: t('admin.createTime'), dataIndex: 'createTime', key: 'createTime', render: formatTime },
  ];

  return (
    <FormDialog
      open={!!user}
      width={680}
      title={t('user.assignRolesTitle', { name: user?.userName ?? '' })}
      saving={saving}
      okButtonProps={{ disabled: !detail.data }}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      {user && (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('user.userName')}>{user.userName}</Descriptions.Item>
          <Descriptions.Item label={t('user.nickName')}>{user.nickName}</Descriptions.Item>
        </Descriptions>
      )}
      {detail.isError ? (
        <LoadError onRetry={() => void detail.refetch()} />
      ) : (
        <Table<RoleRow>
          rowKey="roleId"
          size="small"
          columns={columns}
          dataSource={roles}
          loading={detail.isFetching}
          pagination={false}
          rowSelection={{ selectedRowKeys: checked, onChange: (keys) => setChecked(keys.map(Number)) }}
          data-testid="assign-roles-table"
        />
      )}
    </FormDialog>
  );
}
