import { SyncOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { refreshConfigCache } from '../../../api/system/config';
import { withDateRange, type DateRange } from '../../../components/admin/dateRange';
import DateRangeFilterItem from '../../../components/admin/DateRangeFilterItem';
import ListExportButton from '../../../components/admin/ListExportButton';
import ListToolbar from '../../../components/admin/ListToolbar';
import SearchForm from '../../../components/admin/SearchForm';
import { dictSelectOptions, useDict } from '../../../components/dict/useDict';
import { useHasPermission } from '../../../utils/permission';
import ConfigFormDialog from './components/ConfigFormDialog';
import ConfigTable from './components/ConfigTable';
import { useConfigController } from './useConfigController';

type SearchValues = { configName?: string; configKey?: string; configType?: string; createTime?: DateRange };

/** System › Settings: Orbit's built-in settings (read by the server at every use) and one's own keys. */
export default function ConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const controller = useConfigController();
  const { list } = controller;
  const [form] = Form.useForm<SearchValues>();
  const dict = useDict('sys_yes_no');
  const canRemove = useHasPermission(PERMISSIONS.config.remove);

  const handleRefreshCache = async () => {
    await refreshConfigCache();
    void message.success(t('config.cacheRefreshed'));
  };

  return (
    <Card size="small" data-testid="config-page">
      <SearchForm form={form} onSearch={withDateRange<SearchValues>(list.search)} onReset={list.reset}>
        <Form.Item name="configName" label={t('config.configName')}>
          <Input allowClear placeholder={t('config.configName')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="configKey" label={t('config.configKey')}>
          <Input allowClear placeholder={t('config.configKey')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="configType" label={t('config.configType')}>
          <Select allowClear style={{ width: 110 }} options={dictSelectOptions(dict.sys_yes_no)} />
        </Form.Item>
        <DateRangeFilterItem />
      </SearchForm>
      <ListToolbar
        add={{ permission: PERMISSIONS.config.add, onClick: () => controller.open({}) }}
        remove={{ permission: PERMISSIONS.config.remove, selected: controller.selected, onClick: controller.remove }}
        wrap
      >
        <ListExportButton url="/system/config/export" permission={PERMISSIONS.config.export} params={list.params} fileName="settings" />
        {canRemove && (
          <Button icon={<SyncOutlined />} onClick={() => void handleRefreshCache()}>
            {t('config.refreshCache')}
          </Button>
        )}
      </ListToolbar>
      <ConfigTable controller={controller} />
      <ConfigFormDialog dialog={controller.dialog} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
