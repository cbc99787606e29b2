import { PASSWORD_MAX, PASSWORD_MIN } from '@orbit/shared/constants';
import { App, Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { updatePwd } from '../../../api/auth';
import { checkConfirmation, checkNewPassword, checkSecret, messageText, requestFeedback, type FieldMessage } from '../../../utils/formValidation';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };
const FIELDS = ['oldPassword', 'newPassword'] as const;

/** `ready: false` keeps the submit disabled (its host's dialog is still opening: see PasswordChangePrompt). */
type Props = { userName: string; onChanged(): void; extraActions?: ReactNode; ready?: boolean };

/** Old password, new password typed twice; the server's field errors land on the fields. */
export default function ChangePasswordForm({ userName, onChanged, extraActions, ready = true }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);

  const rule = (check: (value: string | undefined) => FieldMessage | undefined): Rule => ({
    validator: async (_, value: string | undefined) => {
      const problem = check(value);
      if (problem) throw new Error(messageText(t, problem));
    },
  });

  const handleFinish = async ({ oldPassword, newPassword }: Values) => {
    setSubmitting(true);
    try {
      await updatePwd({ oldPassword, newPassword });
      void message.success(t('password.changed'));
      onChanged();
    } catch (error) {
      const feedback = requestFeedback(error, FIELDS);
      form.setFields(FIELDS.filter((name) => feedback.fields[name]).map((name) => ({ name, errors: [messageText(t, feedback.fields[name]) ?? ''] })));
      if (feedback.message) form.setFields([{ name: 'oldPassword', errors: [feedback.message] }]);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void handleFinish(values)} data-testid="change-password-form">
      <Form.Item name="oldPassword" label={t('password.oldPassword')} rules={[rule((v) => checkSecret('oldPassword', v, PASSWORD_MAX))]}>
        <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX} autoFocus />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.newPassword')}
        extra={t('password.newPasswordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        rules={[rule((v) => checkNewPassword(v, 'newPassword', userName))]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirmPassword')}
        dependencies={['newPassword']}
        rules={[rule((v) => checkConfirmation(form.getFieldValue('newPassword'), v))]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        {extraActions}
        <Button type="primary" htmlType="submit" loading={submitting} disabled={!ready} data-testid="change-password-submit">
          {submitting ? t('password.saving') : t('password.save')}
        </Button>
      </div>
    </Form>
  );
}
