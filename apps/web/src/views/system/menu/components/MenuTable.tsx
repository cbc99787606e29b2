import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import { formatTime } from '../../../../components/admin/formatTime';
import { AddLink, DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';
import { useHasPermission } from '../../../../utils/permission';
import type { MenuNode, useMenuController } from '../useMenuController';
import MenuIcon from './MenuIcon';

const TYPE_COLOURS: Record<string, string> = { M: 'processing', C: 'success', F: 'default' };

export default function MenuTable({ controller }: { controller: ReturnType<typeof useMenuController> }) {
  const { t } = useTranslation();
  const dict = useDict('sys_normal_disable');
  const canAdd = useHasPermission(PERMISSIONS.menu.add);
  const canEdit = useHasPermission(PERMISSIONS.menu.edit);
  const canRemove = useHasPermission(PERMISSIONS.menu.remove);

  const columns: TableColumnsType<MenuNode> = [
    { title: t('menu.menuName'), dataIndex: 'menuName', key: 'menuName', width: 240, ellipsis: true },
    { title: t('menu.icon'), dataIndex: 'icon', key: 'icon', width: 110, align: 'center', render: (v: string) => <MenuIcon name={v} /> },
    { title: t('menu.menuType'), dataIndex: 'menuType', key: 'menuType', width: 100, render: (v: string) => <Tag color={TYPE_COLOURS[v]}>{t(`menu.type${v}`)}</Tag> },
    { title: t('admin.orderNum'), dataIndex: 'orderNum', key: 'orderNum', width: 80 },
    { title: t('menu.perms'), dataIndex: 'perms', key: 'perms', ellipsis: true },
    { title: t('menu.component'), dataIndex: 'component', key: 'component', ellipsis: true },
    { title: t('admin.status'), dataIndex: 'status', key: 'status', width: 90, render: (v: string) => <DictTag options={dict.sys_normal_disable} value={v} /> },
    { title: t('admin.createTime'), dataIndex: 'createTime', key: 'createTime', width: 170, render: formatTime },
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
