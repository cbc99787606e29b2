import { Card } from 'antd';
import { PERMISSIONS } from '@orbit/shared/permissions';
import ExpandAllButton from '../../../components/admin/ExpandAllButton';
import ListToolbar from '../../../components/admin/ListToolbar';
import LoadError from '../../../components/admin/LoadError';
import AdminSearchForm, { type AdminFilter } from '../../../components/admin/AdminSearchForm';
import MenuFormDialog from './components/MenuFormDialog';
import MenuTable from './components/MenuTable';
import { useMenuController } from './useMenuController';

const filters: AdminFilter[] = [{ kind: 'text', name: 'menuName', label: 'menu.menuName', width: 180 }, { kind: 'status' }];

/** System › Menus: directories, pages and buttons as a tree table. */
export default function MenuPage() {
  const controller = useMenuController();

  return (
    <Card size="small" data-testid="menu-page">
      <AdminSearchForm filters={filters} onSearch={controller.search} onReset={controller.reset} />
      <ListToolbar add={{ permission: PERMISSIONS.menu.add, onClick: () => controller.openCreate() }}>
        <ExpandAllButton anyExpanded={controller.expanded.length > 0} onClick={controller.toggleAll} />
      </ListToolbar>
      {controller.isError ? <LoadError onRetry={controller.refetch} /> : <MenuTable controller={controller} />}
      <MenuFormDialog dialog={controller.dialog} rows={controller.rows} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
