import { ClearOutlined, DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { OperlogRow } from '../../../api/monitor/operlog';
import { dateRangeParams, type DateRange } from '../../../components/admin/dateRange';
import DateRangeFilterItem from '../../../components/admin/DateRangeFilterItem';
import { formatTime } from '../../../components/admin/formatTime';
import ListTable from '../../../components/admin/ListTable';
import SearchForm from '../../../components/admin/SearchForm';
import DictTag from '../../../components/dict/DictTag';
import { dictSelectOptions, useDict } from '../../../components/dict/useDict';
import { useHasPermission } from '../../../utils/permission';
import OperlogDrawer from './components/OperlogDrawer';
import { useOperlogController, type OperlogFilters } from './useOperlogController';
import ListExportButton from '../../../components/admin/ListExportButton';

type SearchValues = Omit<OperlogFilters, 'params'> & { operTime?: DateRange };

/** Set-up › Operation Log: every recorded write, with its detail. */
export default function OperlogPage() {
  const { t } = useTranslation();
  const controller = useOperlogController();
  const { list, selected } = controller;
  const [form] = Form.useForm<SearchValues>();
  const dict = useDict('sys_oper_type', 'sys_common_status');
  const canRemove = useHasPermission(PERMISSIONS.operlog.remove);
  const canQuery = useHasPermission(PERMISSIONS.operlog.query);

  const columns: TableColumnsType<OperlogRow> = [
    { title: t('operlog.operId'), width: 90, ...list.sortable('operId') },
    { title: t('operlog.title'), ellipsis: true, ...list.sortable('title') },
    { title: t('operlog.businessType'), width: 120, ...list.sortable('businessType'), render: (v: number) => <DictTag options={dict.sys_oper_type} value={v} /> },
    { title: t('operlog.operName'), width: 130, ...list.sortable('operName') },
    { title: t('operlog.operIp'), dataIndex: 'operIp', key: 'operIp', width: 140 },
    { title: t('operlog.status'), width: 100, ...list.sortable('status'), render: (v: number) => <DictTag options={dict.sys_common_status} value={v} /> },
    { title: t('operlog.operTime'), width: 170, ...list.sortable('operTime'), render: formatTime },
    { title: t('operlog.costTime'), width: 120, ...list.sortable('costTime'), render: (v: number) => t('operlog.ms', { ms: v }) },
    ...(canQuery
      ? [
          {
            title: t('admin.actions'),
            key: 'actions',
            width: 110,
            render: (_: unknown, row: OperlogRow) => (
              <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => controller.openDetail(row)}>
                {t('operlog.detail')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card size="small" data-testid="operlog-page">
      <SearchForm form={form} onSearch={({ operTime, ...v }) => list.search({ ...v, ...dateRangeParams(operTime) })} onReset={list.reset}>
        <Form.Item name="title" label={t('operlog.title')}>
          <Input allowClear placeholder={t('operlog.title')} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="operName" label={t('operlog.operName')}>
          <Input allowClear placeholder={t('operlog.operName')} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="businessType" label={t('operlog.businessType')}>
          <Select allowClear placeholder={t('operlog.businessType')} style={{ width: 130 }} options={dictSelectOptions(dict.sys_oper_type)} />
        </Form.Item>
        <Form.Item name="status" label={t('operlog.status')}>
          <Select allowClear placeholder={t('admin.statusPlaceholder')} style={{ width: 120 }} options={dictSelectOptions(dict.sys_common_status)} />
        </Form.Item>
        <DateRangeFilterItem name="operTime" label={t('operlog.operTime')} />
      </SearchForm>
      <Space style={{ marginBottom: 12 }}>
        {canRemove && (
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => controller.remove(selected)}>
            {t('admin.delete')}
          </Button>
        )}
        {canRemove && (
          <Button danger icon={<ClearOutlined />} onClick={controller.clean}>
            {t('monitor.clean')}
          </Button>
        )}
        <ListExportButton url="/monitor/operlog/export" permission={PERMISSIONS.operlog.export} params={list.params} fileName="operation_log" />
      </Space>
      <ListTable
        list={list}
        rowKey="operId"
        columns={columns}
        selectable={canRemove}
        scroll={{ x: 1100 }}
      />
      <OperlogDrawer operId={controller.detailId} onClose={controller.closeDetail} />
    </Card>
  );
}
