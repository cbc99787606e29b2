import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import { useAdminColumns } from '../../../../components/admin/adminColumns';
import { AddLink, DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
import { useHasPermission } from '../../../../utils/permission';
import type { MenuNode, useMenuController } from '../useMenuController';
import MenuIcon from './MenuIcon';

const TYPE_COLOURS: Record<string, string> = { M: 'processing', C: 'success', F: 'default' };

export default function MenuTable({ controller }: { controller: ReturnType<typeof useMenuController> }) {
  const { t } = useTranslation();
  const canAdd = useHasPermission(PERMISSIONS.menu.add);
  const canEdit = useHasPermission(PERMISSIONS.menu.edit);
  const canRemove = useHasPermission(PERMISSIONS.menu.remove);

  const columns: TableColumnsType<MenuNode> = [
    ...useAdminColumns<MenuNode>([
      { key: 'menuName', title: 'menu.menuName', width: 240, ellipsis: true },
      { key: 'icon', title: 'menu.icon', width: 110, align: 'center', show: (v: string) => <MenuIcon name={v} /> },
      { key: 'menuType', title: 'menu.menuType', width: 100, show: (v: string) => <Tag color={TYPE_COLOURS[v]}>{t(`menu.type${v}`)}</Tag> },
      { key: 'orderNum', title: 'admin.orderNum', width: 80 },
      { key: 'perms', title: 'menu.perms', ellipsis: true },
      { key: 'component', title: 'menu.component', ellipsis: true },
      { key: 'status', title: 'admin.status', width: 90, show: { dict: 'sys_normal_disable' } },
      { key: 'createTime', title: 'admin.createTime', width: 170, show: 'time' },
    ]),
    actionsColumn(t, { width: 240, fixed: 'right' }, (m) => (
      <>
        {canEdit && <EditLink onClick={() => controller.openEdit(m)} />}
        {canAdd && m.menuType !== 'F' && <AddLink onClick={() => controller.openCreate(m.menuId)} />}
        {canRemove && <DeleteLink onClick={() => controller.remove(m)} />}
      </>
    )),
  ];

  return (
    <Table<MenuNode>
      rowKey="menuId"
      size="middle"
      columns={columns}
      dataSource={controller.tree}
      loading={controller.isLoading}
      pagination={false}
      expandable={{ expandedRowKeys: controller.expanded, onExpandedRowsChange: (keys) => controller.setExpanded([...keys]) }}
      scroll={{ x: 1300 }}
    />
  );
}
