import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select, Skeleton, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { createUserBody, type CreateUserBody } from '@orbit/shared/contract/user';
import { PASSWORD_MAX } from '@orbit/shared/constants';
import { addUser, getDeptTree, getUser, getUserFormOptions, updateUser, type UserDetail } from '../../../../api/system/user';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import LoadError from '../../../../components/admin/LoadError';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { usePasswordRule } from '../../../../components/admin/usePasswordRule';
import { useZodRule } from '../../../../components/admin/useZodRule';
import { StatusRadioItem } from '../../../../components/dict/StatusItems';
import { dictSelectOptions, useDict } from '../../../../components/dict/useDict';
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
  const zodRule = useZodRule();
  const passwordRule = usePasswordRule();
  const dict = useDict('sys_user_sex', 'sys_normal_disable');
  const editId = dialog?.mode === 'edit' ? dialog.userId : undefined;
  const detail = useQuery({
    queryKey: ['system-user-form', editId ?? 'new'],
    queryFn: () => (editId ? getUser(editId) : getUserFormOptions()),
    enabled: !!dialog,
    staleTime: 0,
  });
  const depts = useQuery({ queryKey: ['system-user-dept-tree'], queryFn: async () => (await getDeptTree()).data, enabled: !!dialog });

  const save = (values: Values) =>
    editId ? updateUser({ ...values, userId: editId }) : addUser(values as CreateUserBody);
  const { saving, submit } = useFormSubmit(form, save, () => {
    onSaved();
    onClose();
  });

  const body = detail.isError ? (
    <LoadError onRetry={() => void detail.refetch()} />
  ) : detail.isLoading || !detail.data ? (
    <Skeleton active />
  ) : (
    <DialogForm form={form} name="user" layout="vertical" initialValues={initialUserValues(detail.data)} data-testid="user-form">
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="nickName" label={t('user.nickName')} required rules={[zodRule(field.nickName, 'nickName')]}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="deptId" label={t('user.dept')}>
            <TreeSelect
              allowClear
              treeData={depts.data}
              fieldNames={{ value: 'id', label: 'label' }}
              treeDefaultExpandAll
              placeholder={t('user.deptPlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="phonenumber" label={t('user.phonenumber')} rules={[zodRule(field.phonenumber, 'phonenumber')]}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="email" label={t('user.email')} rules={[zodRule(field.email, 'email')]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="userName" label={t('user.userName')} required rules={[zodRule(field.userName, 'userName')]}>
            <Input maxLength={30} autoComplete="off" />
          </Form.Item>
        </Col>
        {!editId && (
          <Col span={12}>
            <Form.Item
              name="password"
              label={t('user.password')}
              required
              dependencies={['userName']}
              rules={[passwordRule('password', () => form.getFieldValue('userName') as string | undefined)]}
            >
              <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
            </Form.Item>
          </Col>
        )}
        <Col span={12}>
          <Form.Item name="sex" label={t('user.sex')}>
            <Select options={dictSelectOptions(dict.sys_user_sex)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <StatusRadioItem />
        </Col>
        <Col span={24}>
          <Form.Item name="roleIds" label={t('user.roles')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('user.rolesPlaceholder')}
              optionFilterProp="label"
              options={detail.data.roles.map((r) => ({ value: r.roleId, label: r.roleName, disabled: r.status === '1' }))}
              data-testid="user-roles"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('admin.remark')} rules={[zodRule(field.remark, 'remark')]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </DialogForm>
  );

  return (
    <FormDialog
      open={!!dialog}
      title={t(editId ? 'user.editTitle' : 'user.addTitle')}
      width={680}
      onSubmit={() => void submit()}
      onClose={onClose}
      saving={saving}
      okButtonProps={{ disabled: !detail.data }}
    >
      {body}
    </FormDialog>
  );
}
