import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPPORTUNITY_STAGE_DICT } from '@orbit/shared/constants';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { DictDataRow } from '../../../../api/system/dict';
import { formatTime } from '../../../../components/admin/formatTime';
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
  const sortable = (key: string) => ({ key, dataIndex: key, sorter: true, sortOrder: list.sortOrderOf(key) });

  const columns: TableColumnsType<DictDataRow> = [
    { title: t('dict.dictCode'), width: 90, ...sortable('dictCode') },
    // The label rendered as the tag it will be everywhere else.
    { title: t('dict.dictLabel'), ...sortable('dictLabel'), render: (_, d) => <DictTag options={[d]} value={d.dictValue} /> },
    { title: t('dict.dictValue'), ...sortable('dictValue') },
    { title: t('dict.dictSort'), width: 90, ...sortable('dictSort') },
    ...(controller.dictType === OPPORTUNITY_STAGE_DICT
      ? [{ title: t('dict.probability'), key: 'probability', width: 140, render: (_: unknown, d: DictDataRow) => (typeof d.extra?.probability === 'number' ? `${d.extra.probability}%` : '') }]
      : []),
    { title: t('dict.isDefault'), dataIndex: 'isDefault', key: 'isDefault', width: 90, render: (v: string) => <DictTag options={dict.sys_yes_no} value={v} /> },
    { title: t('admin.status'), width: 100, ...sortable('status'), render: (v: string) => <DictTag options={dict.sys_normal_disable} value={v} /> },
    { title: t('admin.remark'), dataIndex: 'remark', key: 'remark', ellipsis: true },
    { title: t('admin.createTime'), width: 170, ...sortable('createTime'), render: formatTime },
    {
      title: t('admin.actions'),
      key: 'actions',
      width: 180,
      render: (_, d) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => controller.open({ data: d })}>
              {t('admin.edit')}
            </Button>
          )}
          {canRemove && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => controller.remove([d])}>
              {t('admin.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Table<DictDataRow>
      rowKey="dictCode"
      size="middle"
      columns={columns}
      dataSource={list.rows}
      loading={list.isLoading}
      pagination={{ ...list.pagination, showTotal: (total) => t('admin.total', { total }) }}
      onChange={list.handleTableChange}
      rowSelection={canRemove ? { selectedRowKeys: list.selectedRowKeys, onChange: list.setSelectedRowKeys } : undefined}
      scroll={{ x: 1000 }}
    />
  );
}
