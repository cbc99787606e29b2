import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { useHasPermission } from '../../../utils/permission';
import DeptTreePanel from './components/DeptTreePanel';
import AssignRolesDialog from './components/AssignRolesDialog';
import ResetPasswordDialog from './components/ResetPasswordDialog';
import UserFormDialog from './components/UserFormDialog';
import UserSearchForm from './components/UserSearchForm';
import UserTable from './components/UserTable';
import { useUserController } from './useUserController';
import ListExportButton from '../../../components/admin/ListExportButton';

/** System › Users: department tree, filters, the user list and its dialogs. */
export default function UserPage() {
  const { t } = useTranslation();
  const controller = useUserController();
  const { list } = controller;
  const canAdd = useHasPermission(PERMISSIONS.user.add);
  const canRemove = useHasPermission(PERMISSIONS.user.remove);

  return (
    <Row gutter={16} data-testid="user-page">
      <Col xs={24} md={6} xl={5}>
        <Card size="small">
          <DeptTreePanel selected={list.filters.deptId} onSelect={controller.selectDept} />
        </Card>
      </Col>
      <Col xs={24} md={18} xl={19}>
        <Card size="small">
          <UserSearchForm onSearch={list.search} onReset={list.reset} />
          <Space style={{ marginBottom: 12 }}>
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={controller.openCreate}>
                {t('admin.add')}
              </Button>
            )}
            {canRemove && (
              <Button danger icon={<DeleteOutlined />} disabled={!controller.selectedUsers.length} onClick={() => controller.remove(controller.selectedUsers)}>
                {t('admin.delete')}
              </Button>
            )}
            <ListExportButton url="/system/user/export" permission={PERMISSIONS.user.export} params={list.params} fileName="users" />
          </Space>
          <UserTable controller={controller} />
        </Card>
      </Col>
      <UserFormDialog dialog={controller.dialog} onClose={controller.closeDialog} onSaved={() => void controller.refresh()} />
      <ResetPasswordDialog user={controller.resetting} onClose={controller.closeReset} />
      <AssignRolesDialog user={controller.assigning} onClose={controller.closeAssignRoles} onSaved={() => void controller.refresh()} />
    </Row>
  );
}
