import { EMAIL_CODE_RESEND_SECONDS } from '@orbit/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkCode, resendCode, resetPwd, sendCode } from '../../../api/auth';
import type { CaptchaAnswer } from '../../../utils/useCaptcha';
import { useCountdown } from '../hooks/useCountdown';
import styles from '../LoginPage.module.css';
import CodeStep from './CodeStep';
import EmailStep from './EmailStep';
import FlowHeader from './FlowHeader';
import NewPasswordStep from './NewPasswordStep';

type Step = 'email' | 'code' | 'password';
const STEPS: Step[] = ['email', 'code', 'password'];
const STEP_LABELS: Record<Step, string> = { email: 'login.stepEmail', code: 'login.stepCode', password: 'login.stepPassword' };

/** "Forgot password": e-mail → code → new password, then back to sign-in with the server's message. */
export default function ForgotPassword({ onBack, onDone }: { onBack(): void; onDone(message: string): void }) {
  const { t } = useTranslation();
  const { secondsLeft, start } = useCountdown();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState<string>();
  const [code, setCode] = useState('');
  // With the captcha on, a new code needs a new captcha: "Send a new code" leads back to the
  // address (kept), whose step shows one, and sends it as a resend.
  const [captchaOn, setCaptchaOn] = useState(false);
  const [resending, setResending] = useState(false);
  const current = STEPS.indexOf(step);

  const send = async (address: string, captcha?: CaptchaAnswer) => {
    await (resending ? resendCode : sendCode)(address, captcha);
    start(EMAIL_CODE_RESEND_SECONDS);
    setEmail(address);
    setCaptchaOn(captcha !== undefined);
    setResending(false);
    setStep('code');
  };

  return (
    <div data-testid="forgot-password-flow">
      <FlowHeader title={t('login.forgotTitle')} subtitle={t('login.forgotSubtitle')} onBack={onBack} />
      <ol className={styles.steps} aria-label={t('login.forgotTitle')}>
        {STEPS.map((s, index) => (
          <li key={s} className={index < current ? styles.stepDone : index === current ? styles.stepCurrent : undefined} aria-current={index === current ? 'step' : undefined}>
            <span className={styles.stepNumber}>{index + 1}</span>
            <span>{t(STEP_LABELS[s])}</span>
          </li>
        ))}
      </ol>
      {step === 'email' || !email ? (
        <EmailStep initialEmail={email} onSend={send} />
      ) : step === 'code' ? (
        <CodeStep
          email={email}
          secondsLeft={secondsLeft}
          submitText={t('login.verify')}
          submittingText={t('login.verifying')}
          onSubmit={async (entered) => {
            await checkCode({ email, code: entered });
            setCode(entered);
            setStep('password');
          }}
          onResend={async () => {
            if (captchaOn) {
              setResending(true);
              setStep('email');
              return;
            }
            await resendCode(email);
            start(EMAIL_CODE_RESEND_SECONDS);
          }}
          onChangeEmail={() => {
            setResending(false);
            setStep('email');
          }}
        />
      ) : (
        <NewPasswordStep
          onSubmit={async (password) => {
            const answer = await resetPwd({ email, code, password });
            onDone(answer.msg);
          }}
        />
      )}
    </div>
  );
}
