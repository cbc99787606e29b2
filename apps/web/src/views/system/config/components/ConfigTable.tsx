import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfigRow } from '@orbit/shared/contract/config';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { formatTime } from '../../../../components/admin/formatTime';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import ListTable from '../../../../components/admin/ListTable';
import { DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';
import { useHasPermission } from '../../../../utils/permission';
import type { useConfigController } from '../useConfigController';

/** The value as it counts: its own, or (greyed) the default a built-in setting follows. */
function ValueCell({ row }: { row: ConfigRow }) {
  const { t } = useTranslation();
  if (!row.usesDefault) return <Typography.Text>{row.configValue}</Typography.Text>;
  return <Typography.Text type="secondary">{row.defaultValue ? t('config.usesDefault', { value: row.defaultValue }) : t('config.noDefault')}</Typography.Text>;
}

export default function ConfigTable({ controller }: { controller: ReturnType<typeof useConfigController> }) {
  const { t } = useTranslation();
  const { list } = controller;
  const dict = useDict('sys_yes_no');
  const canEdit = useHasPermission(PERMISSIONS.config.edit);
  const canRemove = useHasPermission(PERMISSIONS.config.remove);

  const columns: TableColumnsType<ConfigRow> = [
    { title: t('config.configName'), ellipsis: true, ...list.sortable('configName') },
    { title: t('config.configKey'), ellipsis: true, ...list.sortable('configKey') },
    { title: t('config.configValue'), key: 'configValue', ellipsis: true, render: (_, row) => <ValueCell row={row} /> },
    { title: t('config.configType'), width: 100, ...list.sortable('configType'), render: (v: string) => <DictTag options={dict.sys_yes_no} value={v} /> },
    { title: t('admin.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true },
    { title: t('admin.createTime'), width: 170, ...list.sortable('createTime'), render: formatTime },
    actionsColumn(t, { width: 170 }, (row) => (
      <>
        {canEdit && <EditLink onClick={() => controller.open({ config: row })} />}
        {canRemove && row.configType === 'N' && <DeleteLink onClick={() => controller.remove([row])} />}
      </>
    )),
  ];

  return (
    <ListTable
      list={list}
      rowKey="configId"
      columns={columns}
      selectable={canRemove && { getCheckboxProps: (row: ConfigRow) => ({ disabled: row.configType === 'Y' }) }}
      scroll={{ x: 1000 }}
    />
  );
}
