import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX } from '@orbit/shared/constants';
import { updatePwdBody } from '@orbit/shared/contract/auth';
import { useFormSubmit } from '../../../../../components/admin/useFormSubmit';
import { usePasswordRule } from '../../../../../components/admin/usePasswordRule';
import { useZodRule } from '../../../../../components/admin/useZodRule';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };
const field = updatePwdBody.shape;

type Props = { userName: string; onSave: (oldPassword: string, newPassword: string) => Promise<unknown> };

/** Change one's own password: the old one, the new one twice. */
export default function PasswordForm({ userName, onSave }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const zodRule = useZodRule();
  const passwordRule = usePasswordRule();
  const { saving, submit } = useFormSubmit(form, (v) => onSave(v.oldPassword, v.newPassword), () => form.resetFields());

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 480 }} data-testid="password-form">
      <Form.Item name="oldPassword" label={t('profile.oldPassword')} required rules={[zodRule(field.oldPassword, 'oldPassword')]}>
        <Input.Password maxLength={PASSWORD_MAX} autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('profile.newPassword')} required rules={[passwordRule('newPassword', () => userName)]}>
        <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('profile.confirmPassword')}
        dependencies={['newPassword']}
        required
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_r, value?: string) => {
              if (!value) throw new Error(t('server.validation.required', { field: t('profile.confirmPassword') }));
              if (value !== getFieldValue('newPassword')) throw new Error(t('profile.passwordMismatch'));
            },
          }),
        ]}
      >
        <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void submit()}>
        {t('common.submit')}
      </Button>
    </Form>
  );
}
