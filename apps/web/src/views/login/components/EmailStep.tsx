import MailOutlined from '@ant-design/icons/MailOutlined';
import { EMAIL_MAX } from '@orbit/shared/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkEmail, messageText } from '../../../utils/formValidation';
import { useSubmission } from '../hooks/useSubmission';
import styles from '../LoginPage.module.css';
import FormNotice from './FormNotice';
import LoginButton from './LoginButton';
import LoginField, { fieldProps } from './LoginField';
import LoginInput from './LoginInput';

const FIELDS = ['email'] as const;

type Props = { initialEmail?: string; onSend(email: string): Promise<void> };

/** First step of both e-mail flows: the address a code is sent to. */
export default function EmailStep({ initialEmail = '', onSend }: Props) {
  const { t } = useTranslation();
  const { errors, message, submitting, clearField, submit } = useSubmission(FIELDS, 'email');
  const [email, setEmail] = useState(initialEmail);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await submit({ email: checkEmail(email) }, () => onSend(email.trim()));
  };

  const error = messageText(t, errors.email);
  return (
    <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="email-step">
      <LoginField id="login-email" label={t('login.email')} error={error}>
        <LoginInput
          {...fieldProps('login-email', error)}
          type="email"
          inputMode="email"
          icon={<MailOutlined />}
          placeholder={t('login.emailPlaceholder')}
          autoComplete="email"
          autoFocus
          maxLength={EMAIL_MAX}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            clearField('email');
          }}
        />
      </LoginField>
      <FormNotice kind="error" text={message} />
      <LoginButton primary type="submit" loading={submitting} data-testid="send-code">
        {submitting ? t('login.sending') : t('login.sendCode')}
      </LoginButton>
    </form>
  );
}
