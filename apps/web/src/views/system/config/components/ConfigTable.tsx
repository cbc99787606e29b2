import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfigRow } from '@orbit/shared/contract/config';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { useAdminColumns } from '../../../../components/admin/adminColumns';
import { actionsColumn } from '../../../../components/admin/actionsColumn';
import ListTable from '../../../../components/admin/ListTable';
import { DeleteLink, EditLink } from '../../../../components/admin/RowActionLinks';
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
  const canEdit = useHasPermission(PERMISSIONS.config.edit);
  const canRemove = useHasPermission(PERMISSIONS.config.remove);

  const columns: TableColumnsType<ConfigRow> = [
    ...useAdminColumns<ConfigRow>(
      [
        { key: 'configName', title: 'config.configName', ellipsis: true, sortable: true },
        { key: 'configKey', title: 'config.configKey', ellipsis: true, sortable: true },
        { key: 'configValue', title: 'config.configValue', ellipsis: true, show: (_: unknown, row) => <ValueCell row={row} /> },
        { key: 'configType', title: 'config.configType', width: 100, sortable: true, show: { dict: 'sys_yes_no' } },
        { key: 'remark', title: 'admin.remark', ellipsis: true },
        { key: 'createTime', title: 'admin.createTime', width: 170, sortable: true, show: 'time' },
      ],
      list,
    ),
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
