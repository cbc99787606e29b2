import { Card } from 'antd';
import { PERMISSIONS } from '@orbit/shared/permissions';
import AdminSearchForm, { type AdminFilter } from '../../../components/admin/AdminSearchForm';
import ListExportButton from '../../../components/admin/ListExportButton';
import ListToolbar from '../../../components/admin/ListToolbar';
import DataScopeDialog from './components/DataScopeDialog';
import RoleFormDialog from './components/RoleFormDialog';
import RoleTable from './components/RoleTable';
import RoleUsersDrawer from './components/RoleUsersDrawer';
import { useRoleController } from './useRoleController';

const filters: AdminFilter[] = [
  { kind: 'text', name: 'roleName', label: 'role.roleName', width: 170 },
  { kind: 'text', name: 'roleKey', label: 'role.roleKey', width: 170 },
  { kind: 'status' },
  { kind: 'dateRange' },
];

/** System › Roles: the list, menu grants, data scope and the holders of each role. */
export default function RolePage() {
  const controller = useRoleController();
  const { list, dialog } = controller;
  const refresh = () => void controller.refresh();

  return (
    <Card size="small" data-testid="role-page">
      <AdminSearchForm filters={filters} onSearch={list.search} onReset={list.reset} />
      <ListToolbar
        add={{ permission: PERMISSIONS.role.add, onClick: () => controller.open({ kind: 'form' }) }}
        remove={{ permission: PERMISSIONS.role.remove, selected: controller.selected, onClick: controller.remove }}
      >
        <ListExportButton url="/system/role/export" permission={PERMISSIONS.role.export} params={list.params} fileName="roles" />
      </ListToolbar>
      <RoleTable controller={controller} />
      {dialog?.kind === 'form' && <RoleFormDialog open role={dialog.role} onClose={controller.close} onSaved={refresh} />}
      <DataScopeDialog key={dialog?.kind === 'dataScope' ? dialog.role.roleId : 'none'} role={dialog?.kind === 'dataScope' ? dialog.role : undefined} onClose={controller.close} onSaved={refresh} />
      <RoleUsersDrawer role={dialog?.kind === 'users' ? dialog.role : undefined} onClose={controller.close} />
    </Card>
  );
}
