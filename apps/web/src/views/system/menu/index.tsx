import { NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import LoadError from '../../../components/admin/LoadError';
import SearchForm from '../../../components/admin/SearchForm';
import { StatusFilterItem } from '../../../components/dict/StatusItems';
import { useHasPermission } from '../../../utils/permission';
import MenuFormDialog from './components/MenuFormDialog';
import MenuTable from './components/MenuTable';
import { useMenuController, type MenuFilters } from './useMenuController';

/** System › Menus: directories, pages and buttons as a tree table. */
export default function MenuPage() {
  const { t } = useTranslation();
  const controller = useMenuController();
  const [form] = Form.useForm<MenuFilters>();
  const canAdd = useHasPermission(PERMISSIONS.menu.add);

  return (
    <Card size="small" data-testid="menu-page">
      <SearchForm form={form} onSearch={controller.search} onReset={controller.reset}>
        <Form.Item name="menuName" label={t('menu.menuName')}>
          <Input allowClear placeholder={t('menu.menuName')} style={{ width: 180 }} />
        </Form.Item>
        <StatusFilterItem />
      </SearchForm>
      <Space style={{ marginBottom: 12 }}>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => controller.openCreate()}>
            {t('admin.add')}
          </Button>
        )}
        <Button icon={<NodeExpandOutlined />} onClick={controller.toggleAll}>
          {controller.expanded.length ? t('admin.collapseAll') : t('admin.expandAll')}
        </Button>
      </Space>
      {controller.isError ? <LoadError onRetry={controller.refetch} /> : <MenuTable controller={controller} />}
      <MenuFormDialog dialog={controller.dialog} rows={controller.rows} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
