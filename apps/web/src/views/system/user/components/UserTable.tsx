import { DeleteOutlined, DownOutlined, EditOutlined, KeyOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Table, type MenuProps, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { UserRow } from '@orbit/shared/contract/user';
import { formatTime } from '../../../../components/admin/formatTime';
import StatusSwitch from '../../../../components/admin/StatusSwitch';
import { useHasPermission } from '../../../../utils/permission';
import { isSuperAdmin, type useUserController } from '../useUserController';

type Props = { controller: ReturnType<typeof useUserController> };

export default function UserTable({ controller }: Props) {
  const { t } = useTranslation();
  const { list } = controller;
  const canEdit = useHasPermission(PERMISSIONS.user.edit);
  const canRemove = useHasPermission(PERMISSIONS.user.remove);
  const canReset = useHasPermission(PERMISSIONS.user.resetPwd);

  // Less frequent actions go under "More", as in RuoYi, so the table keeps its columns in view.
  const moreActions = (u: UserRow): NonNullable<MenuProps['items']> => [
    ...(canReset ? [{ key: 'resetPwd', icon: <KeyOutlined />, label: t('user.resetPwd'), onClick: () => controller.openReset(u) }] : []),
    ...(canEdit ? [{ key: 'assignRoles', icon: <TeamOutlined />, label: t('user.assignRoles'), onClick: () => controller.openAssignRoles(u) }] : []),
  ];

  const columns: TableColumnsType<UserRow> = [
    { title: t('user.userId'), dataIndex: 'userId', key: 'userId', width: 90, sorter: true, sortOrder: list.sortOrderOf('userId') },
    { title: t('user.userName'), dataIndex: 'userName', key: 'userName', width: 140, sorter: true, sortOrder: list.sortOrderOf('userName'), ellipsis: true },
    { title: t('user.nickName'), dataIndex: 'nickName', key: 'nickName', width: 130, sorter: true, sortOrder: list.sortOrderOf('nickName'), ellipsis: true },
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
    { title: t('admin.createTime'), dataIndex: 'createTime', key: 'createTime', width: 170, sorter: true, sortOrder: list.sortOrderOf('createTime'), render: formatTime },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_, u) =>
        isSuperAdmin(u) ? null : (
          <Space size={0}>
            {canEdit && (
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => controller.openEdit(u)}>
                {t('admin.edit')}
              </Button>
            )}
            {canRemove && (
              <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => controller.remove([u])}>
                {t('admin.delete')}
              </Button>
            )}
            {moreActions(u).length > 0 && (
              <Dropdown menu={{ items: moreActions(u) }} trigger={['click']}>
                <Button type="link" size="small" icon={<DownOutlined />} iconPlacement="end">
                  {t('admin.more')}
                </Button>
              </Dropdown>
            )}
          </Space>
        ),
    },
  ];

  return (
    <Table<UserRow>
      rowKey="userId"
      size="middle"
      columns={columns}
      dataSource={list.rows}
      loading={list.isLoading}
      pagination={{ ...list.pagination, showTotal: (total) => t('admin.total', { total }) }}
      onChange={list.handleTableChange}
      rowSelection={
        canRemove ? { selectedRowKeys: list.selectedRowKeys, onChange: list.setSelectedRowKeys, getCheckboxProps: (u) => ({ disabled: isSuperAdmin(u) }) } : undefined
      }
      scroll={{ x: 1250 }}
    />
  );
}
