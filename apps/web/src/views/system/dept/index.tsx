import { Card } from 'antd';
import { PERMISSIONS } from '@orbit/shared/permissions';
import ExpandAllButton from '../../../components/admin/ExpandAllButton';
import ListToolbar from '../../../components/admin/ListToolbar';
import LoadError from '../../../components/admin/LoadError';
import AdminSearchForm, { type AdminFilter } from '../../../components/admin/AdminSearchForm';
import DeptFormDialog from './components/DeptFormDialog';
import DeptTable from './components/DeptTable';
import { useDeptController } from './useDeptController';

const filters: AdminFilter[] = [{ kind: 'text', name: 'deptName', label: 'dept.deptName', width: 180 }, { kind: 'status' }];

/** System › Departments: the organisation as a tree table. */
export default function DeptPage() {
  const controller = useDeptController();

  return (
    <Card size="small" data-testid="dept-page">
      <AdminSearchForm filters={filters} onSearch={controller.search} onReset={controller.reset} />
      <ListToolbar add={{ permission: PERMISSIONS.dept.add, onClick: () => controller.openCreate() }}>
        <ExpandAllButton anyExpanded={controller.expandedKeys.length > 0} onClick={controller.toggleAll} />
      </ListToolbar>
      {controller.isError ? <LoadError onRetry={controller.refetch} /> : <DeptTable controller={controller} />}
      <DeptFormDialog dialog={controller.dialog} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
