import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { useHasPermission } from '../../../utils/permission';
import DataScopeDialog from './components/DataScopeDialog';
import RoleFormDialog from './components/RoleFormDialog';
import RoleSearchForm from './components/RoleSearchForm';
import RoleTable from './components/RoleTable';
import RoleUsersDrawer from './components/RoleUsersDrawer';
import { useRoleController } from './useRoleController';
import ListExportButton from '../../../components/admin/ListExportButton';

/** System › Roles: the list, menu grants, data scope and the holders of each role. */
export default function RolePage() {
  const { t } = useTranslation();
  const controller = useRoleController();
  const { list, dialog } = controller;
  const canAdd = useHasPermission(PERMISSIONS.role.add);
  const canRemove = useHasPermission(PERMISSIONS.role.remove);
  const refresh = () => void controller.refresh();

  return (
    <Card size="small" data-testid="role-page">
      <RoleSearchForm onSearch={list.search} onReset={list.reset} />
      <Space style={{ marginBottom: 12 }}>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => controller.open({ kind: 'form' })}>
            {t('admin.add')}
          </Button>
        )}
        {canRemove && (
          <Button danger icon={<DeleteOutlined />} disabled={!controller.selectedRoles.length} onClick={() => controller.remove(controller.selectedRoles)}>
            {t('admin.delete')}
          </Button>
        )}
        <ListExportButton url="/system/role/export" permission={PERMISSIONS.role.export} params={list.params} fileName="roles" />
      </Space>
      <RoleTable controller={controller} />
      {dialog?.kind === 'form' && <RoleFormDialog open role={dialog.role} onClose={controller.close} onSaved={refresh} />}
      <DataScopeDialog key={dialog?.kind === 'dataScope' ? dialog.role.roleId : 'none'} role={dialog?.kind === 'dataScope' ? dialog.role : undefined} onClose={controller.close} onSaved={refresh} />
      <RoleUsersDrawer role={dialog?.kind === 'users' ? dialog.role : undefined} onClose={controller.close} />
    </Card>
  );
}
