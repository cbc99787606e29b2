import MailOutlined from '@ant-design/icons/MailOutlined';
import { EMAIL_MAX } from '@orbit/shared/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkEmail, checkText, collectErrors, messageText } from '../../../utils/formValidation';
import { useCaptcha, type CaptchaAnswer } from '../../../utils/useCaptcha';
import { useSubmission } from '../hooks/useSubmission';
import styles from '../LoginPage.module.css';
import CaptchaField, { CAPTCHA_ANSWER_MAX } from './CaptchaField';
import FormNotice from './FormNotice';
import LoginButton from './LoginButton';
import LoginField, { fieldProps } from './LoginField';
import LoginInput from './LoginInput';

const FIELDS = ['email', 'code'] as const;

/** `captcha`: the answer to send with the address, when the server asks for a captcha. */
type Props = { initialEmail?: string; onSend(email: string, captcha?: CaptchaAnswer): Promise<void> };

/**
 * First step of both e-mail flows: the address a code is sent to, and the captcha when it is on
 * (the server asks it before it mails anything). A captcha is used once: each time this step
 * appears, and after a refusal, it shows a new one.
 */
export default function EmailStep({ initialEmail = '', onSend }: Props) {
  const { t } = useTranslation();
  const { captcha, refresh } = useCaptcha();
  // Without a captcha, a refusal naming no field (cool-down, limit) is the address's message.
  const { errors, message, submitting, clearField, submit } = useSubmission(FIELDS, captcha.enabled ? undefined : 'email');
  const [email, setEmail] = useState(initialEmail);
  const [answer, setAnswer] = useState('');

  const renewCaptcha = () => {
    setAnswer('');
    void refresh();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checks = collectErrors<(typeof FIELDS)[number]>({
      email: checkEmail(email),
      code: captcha.enabled ? checkText('code', answer, CAPTCHA_ANSWER_MAX) : undefined,
    });
    const result = await submit(checks, () => onSend(email.trim(), captcha.enabled ? { code: answer.trim(), uuid: captcha.uuid } : undefined));
    if (result === 'refused' && captcha.enabled) renewCaptcha();
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
      {captcha.enabled && (
        <CaptchaField
          id="login-email-captcha"
          captcha={captcha}
          value={answer}
          error={messageText(t, errors.code)}
          onChange={(value) => {
            setAnswer(value);
            clearField('code');
          }}
          onRefresh={renewCaptcha}
        />
      )}
      <FormNotice kind="error" text={message} />
      <LoginButton primary type="submit" loading={submitting} data-testid="send-code">
        {submitting ? t('login.sending') : t('login.sendCode')}
      </LoginButton>
    </form>
  );
}
