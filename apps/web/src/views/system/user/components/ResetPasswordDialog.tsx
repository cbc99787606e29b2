import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@orbit/shared/contract/user';
import { PASSWORD_MAX } from '@orbit/shared/constants';
import { resetUserPassword } from '../../../../api/system/user';
import DialogForm from '../../../../components/admin/DialogForm';
import FormDialog from '../../../../components/admin/FormDialog';
import { useFormSubmit } from '../../../../components/admin/useFormSubmit';
import { usePasswordRule } from '../../../../components/admin/usePasswordRule';

type Props = { user: UserRow | null; onClose: () => void };

/** Sets a new password for another user; they must change it at their next sign-in. */
export default function ResetPasswordDialog({ user, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const passwordRule = usePasswordRule();
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
        <Form.Item name="password" label={t('user.newPassword')} required rules={[passwordRule('password', () => user?.userName)]} extra={t('user.resetPwdHint')}>
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
      </DialogForm>
    </FormDialog>
  );
}
