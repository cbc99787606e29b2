import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createRoleBody, type CreateRoleBody, type RoleRow } from '@orbit/shared/contract/role';
import { addRole, getMenuTreeSelect, getRoleDashboardOptions, getRoleMenuTree, updateRole } from '../../../../api/system/role';
import CheckTree, { withAncestors } from '../../../../components/admin/CheckTree';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import LoadError from '../../../../components/admin/LoadError';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { useZodRule } from '../../../../components/admin/useZodRule';
import { StatusRadioItem } from '../../../../components/dict/StatusItems';

type Values = Pick<CreateRoleBody, 'roleName' | 'roleKey' | 'roleSort' | 'status' | 'remark' | 'defaultDashboardId'>;
type Props = { open: boolean; role?: RoleRow; onClose: () => void; onSaved: () => void };
const field = createRoleBody.shape;

/** Create or edit a role, with the menus and buttons it grants. */
export default function RoleFormDialog({ open, role, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const zodRule = useZodRule();
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
  const { saving, submit } = useFormSubmit(form, save, () => {
    onSaved();
    onClose();
  });

  const initialValues: Partial<Values> = role
    ? { roleName: role.roleName, roleKey: role.roleKey, roleSort: role.roleSort, status: role.status as Values['status'], remark: role.remark, defaultDashboardId: role.defaultDashboardId }
    : { roleSort: 0, status: '0', defaultDashboardId: null };

  return (
    <FormDialog
      open={open}
      title={t(role ? 'role.editTitle' : 'role.addTitle')}
      width={620}
      onSubmit={() => void submit()}
      onClose={onClose}
      saving={saving}
      // Saving without the tree would send no menus and take every grant away from the role.
      okButtonProps={{ disabled: !tree.data }}
    >
      <DialogForm form={form} layout="horizontal" labelCol={{ span: 5 }} initialValues={initialValues}>
        <Form.Item name="roleName" label={t('role.roleName')} required rules={[zodRule(field.roleName, 'roleName')]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="roleKey" label={t('role.roleKey')} required rules={[zodRule(field.roleKey, 'roleKey')]} extra={t('role.roleKeyHint')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="roleSort" label={t('admin.orderNum')} required rules={[zodRule(field.roleSort, 'roleSort')]}>
          <InputNumber min={0} max={9999} />
        </Form.Item>
        <StatusRadioItem />
        <Form.Item label={t('role.menus')}>
          {tree.isError ? (
            <LoadError onRetry={() => void tree.refetch()} />
          ) : tree.isLoading ? (
            <Skeleton active />
          ) : (
            <CheckTree
              testId="role-menu-tree"
              treeData={tree.data?.menus ?? []}
              checked={checkedKeys}
              onCheckedChange={setChecked}
              linked={linked}
              onLinkedChange={setLinked}
            />
          )}
        </Form.Item>
        <Form.Item name="defaultDashboardId" label={t('role.defaultDashboard')} extra={t('role.defaultDashboardHint')}>
          <Select
            loading={dashboards.isLoading}
            options={[{ value: null, label: t('role.noDashboard') }, ...(dashboards.data ?? []).map((d) => ({ value: d.id, label: d.name }))]}
            data-testid="role-default-dashboard"
          />
        </Form.Item>
        <Form.Item name="remark" label={t('admin.remark')} rules={[zodRule(field.remark, 'remark')]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
