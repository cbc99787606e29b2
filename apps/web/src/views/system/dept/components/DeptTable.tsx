import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import { formatTime } from '../../../../components/admin/formatTime';
import { AddLink, DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';
import { useHasPermission } from '../../../../utils/permission';
import type { DeptNode, useDeptController } from '../useDeptController';

export default function DeptTable({ controller }: { controller: ReturnType<typeof useDeptController> }) {
  const { t } = useTranslation();
  const dict = useDict('sys_normal_disable');
  const canAdd = useHasPermission(PERMISSIONS.dept.add);
  const canEdit = useHasPermission(PERMISSIONS.dept.edit);
  const canRemove = useHasPermission(PERMISSIONS.dept.remove);

  const columns: TableColumnsType<DeptNode> = [
    { title: t('dept.deptName'), dataIndex: 'deptName', key: 'deptName' },
    { title: t('admin.orderNum'), dataIndex: 'orderNum', key: 'orderNum', width: 110 },
    { title: t('dept.leader'), dataIndex: 'leader', key: 'leader', width: 160 },
    { title: t('admin.status'), dataIndex: 'status', key: 'status', width: 100, render: (v: string) => <DictTag options={dict.sys_normal_disable} value={v} /> },
    { title: t('admin.createTime'), dataIndex: 'createTime', key: 'createTime', width: 180, render: formatTime },
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
