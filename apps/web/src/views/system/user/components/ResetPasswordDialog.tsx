import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { newPassword } from '@orbit/shared/contract/auth';
import type { UserRow } from '@orbit/shared/contract/user';
import { PASSWORD_MAX } from '@orbit/shared/constants';
import { resetUserPassword } from '../../../../api/system/user';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { useZodRule } from '../../../../components/admin/useZodRule';

type Props = { user: UserRow | null; onClose: () => void };

/** Sets a new password for another user; they must change it at their next sign-in. */
export default function ResetPasswordDialog({ user, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const zodRule = useZodRule();
  const { saving, submit } = useFormSubmit(form, ({ password }) => resetUserPassword(user!.userId, password), onClose);
  return (
    <FormDialog
      open={!!user}
      title={t('user.resetPwdTitle', { name: user?.userName ?? '' })}
      onSubmit={() => void submit()}
      onClose={onClose}
      saving={saving}
      afterClose={() => form.resetFields()}
    >
      <DialogForm form={form} layout="vertical">
        <Form.Item name="password" label={t('user.newPassword')} required rules={[zodRule(newPassword, 'password')]} extra={t('user.resetPwdHint')}>
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
