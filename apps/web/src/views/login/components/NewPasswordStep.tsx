import LockOutlined from '@ant-design/icons/LockOutlined';
import { PASSWORD_MAX, PASSWORD_MIN } from '@orbit/shared/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkConfirmation, checkNewPassword, collectErrors, messageText } from '../../../utils/formValidation';
import { useSubmission } from '../hooks/useSubmission';
import styles from '../LoginPage.module.css';
import FormNotice from './FormNotice';
import LoginButton from './LoginButton';
import LoginField, { fieldProps } from './LoginField';
import LoginInput from './LoginInput';

const FIELDS = ['password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/** Last step of the password reset: the new password, typed twice. */
export default function NewPasswordStep({ onSubmit }: { onSubmit(password: string): Promise<void> }) {
  const { t } = useTranslation();
  const { errors, message, submitting, clearField, submit } = useSubmission(FIELDS);
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checks = collectErrors<Field>({
      password: checkNewPassword(values.password, 'newPassword'),
      confirmPassword: checkConfirmation(values.password, values.confirmPassword),
    });
    await submit(checks, () => onSubmit(values.password));
  };

  const input = (field: Field, id: string, placeholder: string, autoFocus = false) => {
    const error = messageText(t, errors[field]);
    return (
      <LoginInput
        type="password"
        revealable
        {...fieldProps(id, error)}
        icon={<LockOutlined />}
        placeholder={placeholder}
        autoComplete="new-password"
        autoFocus={autoFocus}
        maxLength={PASSWORD_MAX}
        value={values[field]}
        onChange={(event) => {
          setValues((current) => ({ ...current, [field]: event.target.value }));
          clearField(field);
        }}
      />
    );
  };

  return (
    <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="new-password-step">
      <LoginField id="reset-password" label={t('login.newPassword')} error={messageText(t, errors.password)}>
        {input('password', 'reset-password', t('login.newPasswordPlaceholder', { min: PASSWORD_MIN, max: PASSWORD_MAX }), true)}
      </LoginField>
      <LoginField id="reset-confirm-password" label={t('login.confirmPassword')} error={messageText(t, errors.confirmPassword)}>
        {input('confirmPassword', 'reset-confirm-password', t('login.confirmPasswordPlaceholder'))}
      </LoginField>
      <FormNotice kind="error" text={message} />
      <LoginButton primary type="submit" loading={submitting} data-testid="reset-password-submit">
        {submitting ? t('login.resetting') : t('login.resetSubmit')}
      </LoginButton>
    </form>
  );
}
