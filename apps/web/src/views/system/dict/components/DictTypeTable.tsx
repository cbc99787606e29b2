import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { DictTypeRow } from '../../../../api/system/dict';
import { formatTime } from '../../../../components/admin/formatTime';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import ListTable from '../../../../components/admin/ListTable';
import { DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';
import { useHasPermission } from '../../../../utils/permission';
import type { useDictTypeController } from '../useDictTypeController';

/** Where the values of a dictionary type are edited (the hidden route System › Dictionary Data). */
export const dictDataPath = (dictType: string) => `/system/dict-data?dictType=${encodeURIComponent(dictType)}`;

export default function DictTypeTable({ controller }: { controller: ReturnType<typeof useDictTypeController> }) {
  const { t } = useTranslation();
  const { list } = controller;
  const dict = useDict('sys_normal_disable');
  const canEdit = useHasPermission(PERMISSIONS.dict.edit);
  const canRemove = useHasPermission(PERMISSIONS.dict.remove);

  const columns: TableColumnsType<DictTypeRow> = [
    { title: t('dict.dictId'), width: 90, ...list.sortable('dictId') },
    { title: t('dict.dictName'), ellipsis: true, ...list.sortable('dictName') },
    { title: t('dict.dictType'), ellipsis: true, ...list.sortable('dictType'), render: (v: string) => <Link to={dictDataPath(v)}>{v}</Link> },
    { title: t('admin.status'), width: 100, ...list.sortable('status'), render: (v: string) => <DictTag options={dict.sys_normal_disable} value={v} /> },
    { title: t('admin.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true },
    { title: t('admin.createTime'), width: 170, ...list.sortable('createTime'), render: formatTime },
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
