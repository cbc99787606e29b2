import { Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import ExpandAllButton from '../../../components/admin/ExpandAllButton';
import ListToolbar from '../../../components/admin/ListToolbar';
import LoadError from '../../../components/admin/LoadError';
import SearchForm from '../../../components/admin/SearchForm';
import { StatusFilterItem } from '../../../components/dict/StatusItems';
import MenuFormDialog from './components/MenuFormDialog';
import MenuTable from './components/MenuTable';
import { useMenuController, type MenuFilters } from './useMenuController';

/** System › Menus: directories, pages and buttons as a tree table. */
export default function MenuPage() {
  const { t } = useTranslation();
  const controller = useMenuController();
  const [form] = Form.useForm<MenuFilters>();

  return (
    <Card size="small" data-testid="menu-page">
      <SearchForm form={form} onSearch={controller.search} onReset={controller.reset}>
        <Form.Item name="menuName" label={t('menu.menuName')}>
          <Input allowClear placeholder={t('menu.menuName')} style={{ width: 180 }} />
        </Form.Item>
        <StatusFilterItem />
      </SearchForm>
      <ListToolbar add={{ permission: PERMISSIONS.menu.add, onClick: () => controller.openCreate() }}>
        <ExpandAllButton anyExpanded={controller.expanded.length > 0} onClick={controller.toggleAll} />
      </ListToolbar>
      {controller.isError ? <LoadError onRetry={controller.refetch} /> : <MenuTable controller={controller} />}
      <MenuFormDialog dialog={controller.dialog} rows={controller.rows} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
