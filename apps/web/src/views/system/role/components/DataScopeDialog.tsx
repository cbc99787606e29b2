import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_SCOPES, type RoleRow } from '@orbit/shared/contract/role';
import { getRoleDeptTree, saveRoleDataScope } from '../../../../api/system/role';
import CheckTree, { withAncestors } from '../../../../components/admin/CheckTree';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import LoadError from '../../../../components/admin/LoadError';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';

/** Data scope 2: the role sees the records of the departments checked here. */
export const CUSTOM_SCOPE = '2';

type Values = { dataScope: (typeof DATA_SCOPES)[number] };
type Props = { role?: RoleRow; onClose: () => void; onSaved: () => void };

/** Which records a role's holders see: all, custom departments, own department (and below), own records. */
export default function DataScopeDialog({ role, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const dataScope = Form.useWatch('dataScope', form) ?? role?.dataScope;
  const tree = useQuery({
    queryKey: ['system-role-dept-tree', role?.roleId],
    queryFn: () => getRoleDeptTree(role!.roleId),
    enabled: !!role,
    staleTime: 0,
  });
  const [checked, setChecked] = useState<number[] | null>(null);
  const [linked, setLinked] = useState(role?.deptCheckStrictly ?? true);
  const checkedKeys = checked ?? tree.data?.checkedKeys ?? [];

  const save = ({ dataScope: scope }: Values) => {
    const deptIds = scope !== CUSTOM_SCOPE ? [] : linked ? withAncestors(tree.data?.depts ?? [], checkedKeys) : checkedKeys;
    return saveRoleDataScope({ roleId: role!.roleId, dataScope: scope, deptIds, deptCheckStrictly: linked });
  };
  const { saving, submit } = useFormSubmit(form, save, () => {
    onSaved();
    onClose();
  });

  return (
    <FormDialog
      open={!!role}
      title={t('role.dataScopeTitle')}
      width={560}
      onSubmit={() => void submit()}
      onClose={onClose}
      saving={saving}
      // Custom departments saved without their tree would be saved as none.
      okButtonProps={{ disabled: dataScope === CUSTOM_SCOPE && !tree.data }}
    >
      <DialogForm form={form} labelCol={{ span: 5 }} initialValues={{ dataScope: role?.dataScope }}>
        <Form.Item label={t('role.roleName')}>
          <Input value={role?.roleName} disabled />
        </Form.Item>
        <Form.Item label={t('role.roleKey')}>
          <Input value={role?.roleKey} disabled />
        </Form.Item>
        <Form.Item name="dataScope" label={t('role.dataScope')}>
          <Select options={DATA_SCOPES.map((s) => ({ value: s, label: t(`role.scope${s}`) }))} data-testid="data-scope" />
        </Form.Item>
        {dataScope === CUSTOM_SCOPE && (
          <Form.Item label={t('role.scopeDepts')}>
            {tree.isError ? (
              <LoadError onRetry={() => void tree.refetch()} />
            ) : tree.isLoading ? (
              <Skeleton active />
            ) : (
              <CheckTree treeData={tree.data?.depts ?? []} checked={checkedKeys} onCheckedChange={setChecked} linked={linked} onLinkedChange={setLinked} />
            )}
          </Form.Item>
        )}
      </DialogForm>
    </FormDialog>
  );
}
