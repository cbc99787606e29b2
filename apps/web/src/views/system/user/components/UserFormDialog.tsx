import { useQuery } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { createUserBody, type CreateUserBody } from '@orbit/shared/contract/user';
import { PASSWORD_MAX } from '@orbit/shared/constants';
import { addUser, getDeptTree, getUser, getUserFormOptions, updateUser, type UserDetail } from '../../../../api/system/user';
import AdminFormDialog from '../../../../components/admin/AdminFormDialog';
import { remarkField, type AdminField } from '../../../../components/admin/adminFields';
import { usePasswordRule } from '../../../../components/admin/usePasswordRule';
import type { UserDialog } from '../useUserController';

type Props = { dialog: UserDialog; onClose: () => void; onSaved: () => void };
type Values = Omit<CreateUserBody, 'password'> & { password?: string };

const field = createUserBody.shape;

/** The values the form starts with: the user being edited, or the defaults of a new user. */
export function initialUserValues(detail: UserDetail | undefined): Partial<Values> {
  const user = detail?.data;
  if (!user) return { status: '0', sex: '2', roleIds: [] };
  return {
    userName: user.userName,
    nickName: user.nickName,
    deptId: user.deptId,
    phonenumber: user.phonenumber,
    email: user.email,
    sex: user.sex,
    status: user.status,
    remark: user.remark,
    roleIds: detail.roleIds ?? [],
  } as Partial<Values>;
}

/** Create or edit a user: sign-in name, details, department, roles; the password only when creating. */
export default function UserFormDialog({ dialog, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const passwordRule = usePasswordRule();
  const editId = dialog?.mode === 'edit' ? dialog.userId : undefined;
  const detail = useQuery({
    queryKey: ['system-user-form', editId ?? 'new'],
    queryFn: () => (editId ? getUser(editId) : getUserFormOptions()),
    enabled: !!dialog,
    staleTime: 0,
  });
  const depts = useQuery({ queryKey: ['system-user-dept-tree'], queryFn: async () => (await getDeptTree()).data, enabled: !!dialog });

  const fields: AdminField<Values>[] = [
    { name: 'nickName', label: 'user.nickName', kind: 'text', maxLength: 30, span: 12, required: true, schema: field.nickName },
    { name: 'deptId', label: 'user.dept', kind: 'tree', treeData: depts.data ?? [], value: 'id', text: 'label', allowClear: true, placeholder: t('user.deptPlaceholder'), span: 12 },
    { name: 'phonenumber', label: 'user.phonenumber', kind: 'text', maxLength: 20, span: 12, schema: field.phonenumber },
    { name: 'email', label: 'user.email', kind: 'text', maxLength: 100, span: 12, schema: field.email },
    { name: 'userName', label: 'user.userName', kind: 'text', maxLength: 30, autoComplete: 'off', span: 12, required: true, schema: field.userName },
    {
      name: 'password',
      label: 'user.password',
      kind: 'custom',
      render: () => <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />,
      span: 12,
      hidden: !!editId,
      required: true,
      // The policy refuses a password built on the user's own name.
      dependencies: ['userName'],
      rules: [passwordRule('password', () => form.getFieldValue('userName') as string | undefined)],
    },
    { name: 'sex', label: 'user.sex', kind: 'select', dict: 'sys_user_sex', span: 12 },
    { kind: 'status', span: 12 },
    {
      name: 'roleIds',
      label: 'user.roles',
      kind: 'select',
      multiple: true,
      allowClear: true,
      placeholder: t('user.rolesPlaceholder'),
      options: (detail.data?.roles ?? []).map((r) => ({ value: r.roleId, label: r.roleName, disabled: r.status === '1' })),
      testId: 'user-roles',
    },
    remarkField(field.remark),
  ];
  const save = (values: Values) => (editId ? updateUser({ ...values, userId: editId }) : addUser(values as CreateUserBody));

  return (
    <AdminFormDialog
      open={!!dialog}
      description={{ title: editId ? 'user.editTitle' : 'user.addTitle', fields, initialValues: initialUserValues(detail.data), save }}
      width={680}
      form={form}
      name="user"
      testId="user-form"
      loads={detail}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
