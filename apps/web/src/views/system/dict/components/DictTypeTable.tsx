import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { DictTypeRow } from '../../../../api/system/dict';
import { useAdminColumns } from '../../../../components/admin/adminColumns';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import ListTable from '../../../../components/admin/ListTable';
import { DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
import { useHasPermission } from '../../../../utils/permission';
import type { useDictTypeController } from '../useDictTypeController';

/** Where the values of a dictionary type are edited (the hidden route System › Dictionary Data). */
export const dictDataPath = (dictType: string) => `/system/dict-data?dictType=${encodeURIComponent(dictType)}`;

export default function DictTypeTable({ controller }: { controller: ReturnType<typeof useDictTypeController> }) {
  const { t } = useTranslation();
  const { list } = controller;
  const canEdit = useHasPermission(PERMISSIONS.dict.edit);
  const canRemove = useHasPermission(PERMISSIONS.dict.remove);

  const columns: TableColumnsType<DictTypeRow> = [
    ...useAdminColumns<DictTypeRow>(
      [
        { key: 'dictId', title: 'dict.dictId', width: 90, sortable: true },
        { key: 'dictName', title: 'dict.dictName', ellipsis: true, sortable: true },
        { key: 'dictType', title: 'dict.dictType', ellipsis: true, sortable: true, show: (v: string) => <Link to={dictDataPath(v)}>{v}</Link> },
        { key: 'status', title: 'admin.status', width: 100, sortable: true, show: { dict: 'sys_normal_disable' } },
        { key: 'remark', title: 'admin.remark', ellipsis: true },
        { key: 'createTime', title: 'admin.createTime', width: 170, sortable: true, show: 'time' },
      ],
      list,
    ),
    actionsColumn(t, { width: 180 }, (d) => (
      <>
        {canEdit && <EditLink onClick={() => controller.open({ type: d })} />}
        {canRemove && <DeleteLink onClick={() => controller.remove([d])} />}
      </>
    )),
  ];

  return (
    <ListTable
      list={list}
      rowKey="dictId"
      columns={columns}
      selectable={canRemove}
      scroll={{ x: 900 }}
    />
  );
}
