import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createRoleBody, type CreateRoleBody, type RoleRow } from '@orbit/shared/contract/role';
import { addRole, getMenuTreeSelect, getRoleDashboardOptions, getRoleMenuTree, updateRole } from '../../../../api/system/role';
import AdminFormDialog from '../../../../components/admin/AdminFormDialog';
import { remarkField, type AdminField } from '../../../../components/admin/adminFields';
import CheckTree, { withAncestors } from '../../../../components/admin/CheckTree';
import LoadError from '../../../../components/admin/LoadError';

type Values = Pick<CreateRoleBody, 'roleName' | 'roleKey' | 'roleSort' | 'status' | 'remark' | 'defaultDashboardId'>;
type Props = { open: boolean; role?: RoleRow; onClose: () => void; onSaved: () => void };
const field = createRoleBody.shape;

/** Create or edit a role, with the menus and buttons it grants. */
export default function RoleFormDialog({ open, role, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const tree = useQuery({
    queryKey: ['system-role-menu-tree', role?.roleId ?? 'new'],
    queryFn: async () => {
      if (!role) return { menus: (await getMenuTreeSelect()).data, checkedKeys: [] as number[] };
      const answer = await getRoleMenuTree(role.roleId);
      return { menus: answer.menus, checkedKeys: answer.checkedKeys };
    },
    enabled: open,
    staleTime: 0,
  });
  const dashboards = useQuery({ queryKey: ['system-role-dashboards'], queryFn: async () => (await getRoleDashboardOptions()).data, enabled: open });
  // null until the user touches the tree: the server's checked keys are shown until then.
  const [checked, setChecked] = useState<number[] | null>(null);
  const [linked, setLinked] = useState(role?.menuCheckStrictly ?? true);
  const checkedKeys = checked ?? tree.data?.checkedKeys ?? [];

  const save = (values: Values) => {
    const menuIds = linked ? withAncestors(tree.data?.menus ?? [], checkedKeys) : checkedKeys;
    const body = { ...values, menuIds, menuCheckStrictly: linked, deptCheckStrictly: role?.deptCheckStrictly ?? true };
    return role ? updateRole({ ...body, roleId: role.roleId }) : addRole(body);
  };
  const initialValues: Partial<Values> = role
    ? { roleName: role.roleName, roleKey: role.roleKey, roleSort: role.roleSort, status: role.status as Values['status'], remark: role.remark, defaultDashboardId: role.defaultDashboardId }
    : { roleSort: 0, status: '0', defaultDashboardId: null };

  const fields: AdminField<Values>[] = [
    { name: 'roleName', label: 'role.roleName', kind: 'text', maxLength: 30, required: true, schema: field.roleName },
    { name: 'roleKey', label: 'role.roleKey', kind: 'text', maxLength: 100, required: true, schema: field.roleKey, hint: 'role.roleKeyHint' },
    { name: 'roleSort', label: 'admin.orderNum', kind: 'number', max: 9999, required: true, schema: field.roleSort },
    { kind: 'status' },
    {
      label: 'role.menus',
      kind: 'custom',
      render: () =>
        tree.isError ? (
          <LoadError onRetry={() => void tree.refetch()} />
        ) : tree.isLoading ? (
          <Skeleton active />
        ) : (
          <CheckTree testId="role-menu-tree" treeData={tree.data?.menus ?? []} checked={checkedKeys} onCheckedChange={setChecked} linked={linked} onLinkedChange={setLinked} />
        ),
    },
    {
      name: 'defaultDashboardId',
      label: 'role.defaultDashboard',
      kind: 'select',
      loading: dashboards.isLoading,
      options: [{ value: null, label: t('role.noDashboard') }, ...(dashboards.data ?? []).map((d) => ({ value: d.id, label: d.name }))],
      testId: 'role-default-dashboard',
      hint: 'role.defaultDashboardHint',
    },
    remarkField(field.remark),
  ];

  return (
    <AdminFormDialog
      open={open}
      description={{ title: role ? 'role.editTitle' : 'role.addTitle', fields, initialValues, save }}
      width={620}
      horizontal
      // Saving without the tree would send no menus and take every grant away from the role.
      okDisabled={!tree.data}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
