import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPPORTUNITY_STAGE_DICT } from '@orbit/shared/constants';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { DictDataRow } from '../../../../api/system/dict';
import { useAdminColumns } from '../../../../components/admin/adminColumns';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import ListTable from '../../../../components/admin/ListTable';
import { DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
import DictTag from '../../../../components/dict/DictTag';
import { useHasPermission } from '../../../../utils/permission';
import type { useDictDataController } from '../useDictDataController';

export default function DictDataTable({ controller }: { controller: ReturnType<typeof useDictDataController> }) {
  const { t } = useTranslation();
  const { list } = controller;
  const canEdit = useHasPermission(PERMISSIONS.dict.edit);
  const canRemove = useHasPermission(PERMISSIONS.dict.remove);

  const columns: TableColumnsType<DictDataRow> = [
    ...useAdminColumns<DictDataRow>(
      [
        { key: 'dictCode', title: 'dict.dictCode', width: 90, sortable: true },
        // The label drawn as the tag it will be everywhere else.
        { key: 'dictLabel', title: 'dict.dictLabel', sortable: true, show: (_: unknown, d) => <DictTag options={[d]} value={d.dictValue} /> },
        { key: 'dictValue', title: 'dict.dictValue', sortable: true },
        { key: 'dictSort', title: 'dict.dictSort', width: 90, sortable: true },
        {
          key: 'probability',
          title: 'dict.probability',
          width: 140,
          hidden: controller.dictType !== OPPORTUNITY_STAGE_DICT,
          show: (_: unknown, d) => (typeof d.extra?.probability === 'number' ? `${d.extra.probability}%` : ''),
        },
        { key: 'isDefault', title: 'dict.isDefault', width: 90, show: { dict: 'sys_yes_no' } },
        { key: 'status', title: 'admin.status', width: 100, sortable: true, show: { dict: 'sys_normal_disable' } },
        { key: 'remark', title: 'admin.remark', ellipsis: true },
        { key: 'createTime', title: 'admin.createTime', width: 170, sortable: true, show: 'time' },
      ],
      list,
    ),
    actionsColumn(t, { width: 180 }, (d) => (
      <>
        {canEdit && <EditLink onClick={() => controller.open({ data: d })} />}
        {canRemove && <DeleteLink onClick={() => controller.remove([d])} />}
      </>
    )),
  ];

  return (
    <ListTable
      list={list}
      rowKey="dictCode"
      columns={columns}
      selectable={canRemove}
      scroll={{ x: 1000 }}
    />
  );
}
