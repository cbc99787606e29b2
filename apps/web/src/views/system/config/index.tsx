import { SyncOutlined } from '@ant-design/icons';
import { App, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { refreshConfigCache } from '../../../api/system/config';
import ListExportButton from '../../../components/admin/ListExportButton';
import ListToolbar from '../../../components/admin/ListToolbar';
import AdminSearchForm, { type AdminFilter } from '../../../components/admin/AdminSearchForm';
import { useHasPermission } from '../../../utils/permission';
import ConfigFormDialog from './components/ConfigFormDialog';
import ConfigTable from './components/ConfigTable';
import { useConfigController } from './useConfigController';

const filters: AdminFilter[] = [
  { kind: 'text', name: 'configName', label: 'config.configName', width: 170 },
  { kind: 'text', name: 'configKey', label: 'config.configKey', width: 170 },
  { kind: 'select', name: 'configType', label: 'config.configType', dict: 'sys_yes_no', width: 110 },
  { kind: 'dateRange' },
];

/** System › Settings: Orbit's built-in settings (read by the server at every use) and one's own keys. */
export default function ConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const controller = useConfigController();
  const { list } = controller;
  const canRemove = useHasPermission(PERMISSIONS.config.remove);

  const handleRefreshCache = async () => {
    await refreshConfigCache();
    void message.success(t('config.cacheRefreshed'));
  };

  return (
    <Card size="small" data-testid="config-page">
      <AdminSearchForm filters={filters} onSearch={list.search} onReset={list.reset} />
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
