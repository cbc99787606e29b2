import LockOutlined from '@ant-design/icons/LockOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { PASSWORD_MAX, USERNAME_MAX } from '@orbit/shared/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../../../api/auth';
import { checkSecret, checkText, collectErrors, messageText } from '../../../utils/formValidation';
import { useCaptcha } from '../../../utils/useCaptcha';
import { useEnterApp } from '../hooks/useEnterApp';
import { useSubmission } from '../hooks/useSubmission';
import styles from '../LoginPage.module.css';
import CaptchaField, { CAPTCHA_ANSWER_MAX } from './CaptchaField';
import FormNotice from './FormNotice';
import LoginButton from './LoginButton';
import LoginField, { fieldProps } from './LoginField';
import LoginInput from './LoginInput';

const FIELDS = ['username', 'password', 'code'] as const;
type Field = (typeof FIELDS)[number];

type Props = { notice?: string; onForgotPassword(): void; onEmailCode(): void; onPrefetch(): void };

/** Sign-in with user name, password and (when the server asks for it) a captcha. */
export default function PasswordSignInForm({ notice, onForgotPassword, onEmailCode, onPrefetch }: Props) {
  const { t } = useTranslation();
  const enterApp = useEnterApp();
  const { errors, message, submitting, clearField, submit } = useSubmission(FIELDS);
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '', code: '' });
  const { captcha, refresh } = useCaptcha();
  const refreshCaptcha = () => {
    setValues((current) => ({ ...current, code: '' }));
    void refresh();
  };

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clearField(field);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checks = collectErrors<Field>({
      username: checkText('username', values.username, USERNAME_MAX),
      password: checkSecret('password', values.password, PASSWORD_MAX),
      code: captcha.enabled ? checkText('code', values.code, CAPTCHA_ANSWER_MAX) : undefined,
    });
    let token = '';
    const result = await submit(checks, async () => {
      const answer = await login({ username: values.username.trim(), password: values.password, code: values.code.trim() || undefined, uuid: captcha.uuid });
      token = answer.token;
    });
    if (result === 'done') enterApp(token);
    // A captcha is single use: after a refused attempt, the next one needs a new picture.
    else if (result === 'refused' && captcha.enabled) refreshCaptcha();
  };

  const error = (field: Field) => messageText(t, errors[field]);

  return (
    <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="password-sign-in">
      <h1 className={styles.title}>{t('login.title')}</h1>
      <p className={styles.subtitle}>{t('login.subtitle')}</p>
      <FormNotice kind="success" text={notice} />

      <LoginField id="login-username" label={t('login.username')} error={error('username')}>
        <LoginInput
          {...fieldProps('login-username', error('username'))}
          icon={<UserOutlined />}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
          autoFocus
          maxLength={USERNAME_MAX + 10}
          value={values.username}
          onChange={change('username')}
        />
      </LoginField>

      <LoginField
        id="login-password"
        label={t('login.password')}
        error={error('password')}
        extra={
          <button type="button" className={styles.linkButton} onClick={onForgotPassword} onMouseEnter={onPrefetch} onFocus={onPrefetch} data-testid="forgot-password">
            {t('login.forgotPassword')}
          </button>
        }
      >
        <LoginInput
          type="password"
          revealable
          {...fieldProps('login-password', error('password'))}
          icon={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          value={values.password}
          onChange={change('password')}
        />
      </LoginField>

      {captcha.enabled && (
        <CaptchaField id="login-code" captcha={captcha} value={values.code} error={error('code')} onChange={(value) => change('code')({ target: { value } })} onRefresh={refreshCaptcha} />
      )}

      <FormNotice kind="error" text={message} />
      <LoginButton primary type="submit" loading={submitting} data-testid="sign-in">
        {submitting ? t('login.signingIn') : t('login.submit')}
      </LoginButton>

      <div className={styles.divider}>
        <span>{t('login.or')}</span>
      </div>
      <LoginButton icon={<MailOutlined />} onClick={onEmailCode} onMouseEnter={onPrefetch} onFocus={onPrefetch} disabled={submitting} data-testid="email-code-sign-in">
        {t('login.withEmailCode')}
      </LoginButton>
    </form>
  );
}
