import { ClearOutlined, DeleteOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { LogininforRow } from '../../../api/monitor/logininfor';
import { dateRangeParams, type DateRange } from '../../../components/admin/dateRange';
import DateRangeFilterItem from '../../../components/admin/DateRangeFilterItem';
import { formatTime } from '../../../components/admin/formatTime';
import ListTable from '../../../components/admin/ListTable';
import SearchForm from '../../../components/admin/SearchForm';
import DictTag from '../../../components/dict/DictTag';
import { dictSelectOptions, useDict } from '../../../components/dict/useDict';
import { useHasPermission } from '../../../utils/permission';
import { useLogininforController } from './useLogininforController';
import ListExportButton from '../../../components/admin/ListExportButton';

type SearchValues = { ipaddr?: string; userName?: string; status?: string; loginTime?: DateRange };

/** Set-up › Login Log: every sign-in attempt; remove entries and unlock locked accounts. */
export default function LogininforPage() {
  const { t } = useTranslation();
  const controller = useLogininforController();
  const { list, selected } = controller;
  const [form] = Form.useForm<SearchValues>();
  const dict = useDict('sys_common_status');
  const canRemove = useHasPermission(PERMISSIONS.logininfor.remove);
  const canUnlock = useHasPermission(PERMISSIONS.logininfor.unlock);

  const columns: TableColumnsType<LogininforRow> = [
    { title: t('logininfor.infoId'), width: 90, ...list.sortable('infoId') },
    { title: t('logininfor.userName'), width: 140, ...list.sortable('userName') },
    { title: t('logininfor.ipaddr'), width: 140, ...list.sortable('ipaddr') },
    { title: t('logininfor.location'), dataIndex: 'loginLocation', key: 'loginLocation', ellipsis: true },
    { title: t('logininfor.browser'), dataIndex: 'browser', key: 'browser', ellipsis: true },
    { title: t('logininfor.os'), dataIndex: 'os', key: 'os', ellipsis: true },
    { title: t('logininfor.status'), width: 100, ...list.sortable('status'), render: (v: string) => <DictTag options={dict.sys_common_status} value={v} /> },
    { title: t('logininfor.msg'), dataIndex: 'msg', key: 'msg', ellipsis: true },
    { title: t('logininfor.loginTime'), width: 170, ...list.sortable('loginTime'), render: formatTime },
  ];

  return (
    <Card size="small" data-testid="logininfor-page">
      <SearchForm form={form} onSearch={({ loginTime, ...v }) => list.search({ ...v, ...dateRangeParams(loginTime) })} onReset={list.reset}>
        <Form.Item name="ipaddr" label={t('logininfor.ipaddr')}>
          <Input allowClear placeholder={t('logininfor.ipaddr')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="userName" label={t('logininfor.userName')}>
          <Input allowClear placeholder={t('logininfor.userName')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="status" label={t('logininfor.status')}>
          <Select allowClear placeholder={t('admin.statusPlaceholder')} style={{ width: 130 }} options={dictSelectOptions(dict.sys_common_status)} />
        </Form.Item>
        <DateRangeFilterItem name="loginTime" label={t('logininfor.loginTime')} />
      </SearchForm>
      <Space style={{ marginBottom: 12 }} wrap>
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
        {canUnlock && (
          <Button icon={<UnlockOutlined />} disabled={selected.length !== 1} onClick={() => selected[0] && controller.unlock(selected[0])}>
            {t('logininfor.unlock')}
          </Button>
        )}
        <ListExportButton url="/monitor/logininfor/export" permission={PERMISSIONS.logininfor.export} params={list.params} fileName="login_log" />
      </Space>
      <ListTable
        list={list}
        rowKey="infoId"
        columns={columns}
        selectable={canRemove || canUnlock}
        scroll={{ x: 1100 }}
      />
    </Card>
  );
}
