import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_TTL_MINUTES } from '@orbit/shared/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/request';
import { checkEmailCode, messageText } from '../../../utils/formValidation';
import { useSubmission } from '../hooks/useSubmission';
import styles from '../LoginPage.module.css';
import FormNotice from './FormNotice';
import LoginButton from './LoginButton';
import LoginField, { fieldProps } from './LoginField';
import LoginInput from './LoginInput';

const FIELDS = ['code'] as const;

type Props = {
  email: string;
  /** Seconds before another code may be asked for (the countdown shown on the resend link). */
  secondsLeft: number;
  submitText: string;
  submittingText: string;
  onSubmit(code: string): Promise<void>;
  onResend(): Promise<void>;
  onChangeEmail(): void;
};

/** Second step of both e-mail flows: the code from the mail, with a resend after the cool-down. */
export default function CodeStep({ email, secondsLeft, submitText, submittingText, onSubmit, onResend, onChangeEmail }: Props) {
  const { t } = useTranslation();
  const { errors, message, setMessage, submitting, clearField, submit } = useSubmission(FIELDS, 'code');
  const [code, setCode] = useState('');
  const [resending, setResending] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await submit({ code: checkEmailCode(code) }, () => onSubmit(code.trim()));
  };

  const handleResend = async () => {
    setResending(true);
    setMessage(undefined);
    try {
      await onResend();
      setCode('');
      clearField('code');
    } catch (error) {
      if (error instanceof RequestError) setMessage(error.message);
    } finally {
      setResending(false);
    }
  };

  const error = messageText(t, errors.code);
  const busy = submitting || resending;
  return (
    <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="code-step">
      <p className={styles.sentTo} data-testid="code-sent-to">
        {t('login.codeSentTo', { email, length: EMAIL_CODE_LENGTH, minutes: EMAIL_CODE_TTL_MINUTES })}{' '}
        <button type="button" className={styles.linkButton} onClick={onChangeEmail} disabled={busy}>
          {t('login.changeEmail')}
        </button>
      </p>
      <LoginField
        id="login-email-code"
        label={t('login.emailCode')}
        error={error}
        extra={
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => void handleResend()}
            disabled={busy || secondsLeft > 0}
            aria-live="polite"
            data-testid="resend-code"
          >
            {resending ? t('login.sending') : secondsLeft > 0 ? t('login.resendIn', { seconds: secondsLeft }) : t('login.resend')}
          </button>
        }
      >
        <LoginInput
          {...fieldProps('login-email-code', error)}
          className={styles.codeInput}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          icon={<SafetyOutlined />}
          placeholder={t('login.emailCodePlaceholder', { length: EMAIL_CODE_LENGTH })}
          maxLength={EMAIL_CODE_LENGTH}
          value={code}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, ''));
            clearField('code');
          }}
        />
      </LoginField>
      <FormNotice kind="error" text={message} />
      <LoginButton primary type="submit" loading={submitting} disabled={busy} data-testid="submit-code">
        {submitting ? submittingText : submitText}
      </LoginButton>
    </form>
  );
}
