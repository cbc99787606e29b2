import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import { useAdminColumns } from '../../../../components/admin/adminColumns';
import { AddLink, DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
import { useHasPermission } from '../../../../utils/permission';
import type { DeptNode, useDeptController } from '../useDeptController';

export default function DeptTable({ controller }: { controller: ReturnType<typeof useDeptController> }) {
  const { t } = useTranslation();
  const canAdd = useHasPermission(PERMISSIONS.dept.add);
  const canEdit = useHasPermission(PERMISSIONS.dept.edit);
  const canRemove = useHasPermission(PERMISSIONS.dept.remove);

  const columns: TableColumnsType<DeptNode> = [
    ...useAdminColumns<DeptNode>([
      { key: 'deptName', title: 'dept.deptName' },
      { key: 'orderNum', title: 'admin.orderNum', width: 110 },
      { key: 'leader', title: 'dept.leader', width: 160 },
      { key: 'status', title: 'admin.status', width: 100, show: { dict: 'sys_normal_disable' } },
      { key: 'createTime', title: 'admin.createTime', width: 180, show: 'time' },
    ]),
    actionsColumn(t, { width: 260 }, (d) => (
      <>
        {canEdit && <EditLink onClick={() => controller.openEdit(d)} />}
        {canAdd && <AddLink onClick={() => controller.openCreate(d.deptId)} />}
        {canRemove && d.parentId !== 0 && <DeleteLink onClick={() => controller.remove(d)} />}
      </>
    )),
  ];

  return (
    <Table<DeptNode>
      rowKey="deptId"
      size="middle"
      columns={columns}
      dataSource={controller.tree}
      loading={controller.isLoading}
      pagination={false}
      expandable={{ expandedRowKeys: controller.expandedKeys, onExpandedRowsChange: (keys) => controller.setExpanded([...keys]) }}
      scroll={{ x: 900 }}
    />
  );
}
