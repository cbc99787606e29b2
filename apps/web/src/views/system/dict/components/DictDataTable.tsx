import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPPORTUNITY_STAGE_DICT } from '@orbit/shared/constants';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { DictDataRow } from '../../../../api/system/dict';
import { formatTime } from '../../../../components/admin/formatTime';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import ListTable from '../../../../components/admin/ListTable';
import { DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';
import { useHasPermission } from '../../../../utils/permission';
import type { useDictDataController } from '../useDictDataController';

export default function DictDataTable({ controller }: { controller: ReturnType<typeof useDictDataController> }) {
  const { t } = useTranslation();
  const { list } = controller;
  const dict = useDict('sys_normal_disable', 'sys_yes_no');
  const canEdit = useHasPermission(PERMISSIONS.dict.edit);
  const canRemove = useHasPermission(PERMISSIONS.dict.remove);

  const columns: TableColumnsType<DictDataRow> = [
    { title: t('dict.dictCode'), width: 90, ...list.sortable('dictCode') },
    // The label rendered as the tag it will be everywhere else.
    { title: t('dict.dictLabel'), ...list.sortable('dictLabel'), render: (_, d) => <DictTag options={[d]} value={d.dictValue} /> },
    { title: t('dict.dictValue'), ...list.sortable('dictValue') },
    { title: t('dict.dictSort'), width: 90, ...list.sortable('dictSort') },
    ...(controller.dictType === OPPORTUNITY_STAGE_DICT
      ? [{ title: t('dict.probability'), key: 'probability', width: 140, render: (_: unknown, d: DictDataRow) => (typeof d.extra?.probability === 'number' ? `${d.extra.probability}%` : '') }]
      : []),
    { title: t('dict.isDefault'), dataIndex: 'isDefault', key: 'isDefault', width: 90, render: (v: string) => <DictTag options={dict.sys_yes_no} value={v} /> },
    { title: t('admin.status'), width: 100, ...list.sortable('status'), render: (v: string) => <DictTag options={dict.sys_normal_disable} value={v} /> },
    { title: t('admin.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true },
    { title: t('admin.createTime'), width: 170, ...list.sortable('createTime'), render: formatTime },
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
