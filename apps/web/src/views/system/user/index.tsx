import { KeyOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { useHasPermission } from '../../../utils/permission';
import AllApiKeysDialog from './apiKeys/AllApiKeysDialog';
import AdminSearchForm, { type AdminFilter } from '../../../components/admin/AdminSearchForm';
import ListExportButton from '../../../components/admin/ListExportButton';
import ListToolbar from '../../../components/admin/ListToolbar';
import DeptTreePanel from './components/DeptTreePanel';
import AssignRolesDialog from './components/AssignRolesDialog';
import ResetPasswordDialog from './components/ResetPasswordDialog';
import UserFormDialog from './components/UserFormDialog';
import UserTable from './components/UserTable';
import { useUserController } from './useUserController';

const filters: AdminFilter[] = [
  { kind: 'text', name: 'userName', label: 'user.userName', width: 180, placeholder: 'user.userNamePlaceholder' },
  { kind: 'text', name: 'phonenumber', label: 'user.phonenumber', width: 180, placeholder: 'user.phonePlaceholder' },
  { kind: 'status' },
  { kind: 'dateRange' },
];

/** System › Users: department tree, filters, the user list and its dialogs. */
export default function UserPage() {
  const controller = useUserController();
  const { list } = controller;
  const { t } = useTranslation();
  const canListKeys = useHasPermission(PERMISSIONS.apiKey.list);
  const [keysOpen, setKeysOpen] = useState(false);

  return (
    <Row gutter={16} data-testid="user-page">
      <Col xs={24} md={6} xl={5}>
        <Card size="small">
          <DeptTreePanel selected={list.filters.deptId} onSelect={controller.selectDept} />
        </Card>
      </Col>
      <Col xs={24} md={18} xl={19}>
        <Card size="small">
          <AdminSearchForm filters={filters} onSearch={list.search} onReset={list.reset} />
          <ListToolbar
            add={{ permission: PERMISSIONS.user.add, onClick: controller.openCreate }}
            remove={{ permission: PERMISSIONS.user.remove, selected: controller.selectedUsers, onClick: controller.remove }}
          >
            <ListExportButton url="/system/user/export" permission={PERMISSIONS.user.export} params={list.params} fileName="users" />
            {canListKeys && (
              <Button icon={<KeyOutlined />} onClick={() => setKeysOpen(true)} data-testid="all-api-keys-button">
                {t('apiKeys.manage')}
              </Button>
            )}
          </ListToolbar>
          <UserTable controller={controller} />
        </Card>
      </Col>
      <UserFormDialog dialog={controller.dialog} onClose={controller.closeDialog} onSaved={() => void controller.refresh()} />
      <ResetPasswordDialog user={controller.resetting} onClose={controller.closeReset} />
      <AllApiKeysDialog open={keysOpen} onClose={() => setKeysOpen(false)} />
      <AssignRolesDialog user={controller.assigning} onClose={controller.closeAssignRoles} onSaved={() => void controller.refresh()} />
    </Row>
  );
}
