import { EMAIL_CODE_RESEND_SECONDS } from '@orbit/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendLoginCode, switchLogin } from '../../../api/auth';
import type { CaptchaAnswer } from '../../../utils/useCaptcha';
import { useCountdown } from '../hooks/useCountdown';
import { useEnterApp } from '../hooks/useEnterApp';
import CodeStep from './CodeStep';
import EmailStep from './EmailStep';
import FlowHeader from './FlowHeader';

/** Sign-in with a code sent to the account's e-mail address: e-mail → code → signed in. */
export default function EmailCodeSignIn({ onBack }: { onBack(): void }) {
  const { t } = useTranslation();
  const enterApp = useEnterApp();
  const { secondsLeft, start } = useCountdown();
  const [email, setEmail] = useState<string>();
  const [editing, setEditing] = useState(true);
  // With the captcha on, a new code needs a new captcha: "Send a new code" leads back to the address.
  const [captchaOn, setCaptchaOn] = useState(false);

  const send = async (address: string, captcha?: CaptchaAnswer) => {
    await sendLoginCode(address, captcha);
    start(EMAIL_CODE_RESEND_SECONDS);
    setEmail(address);
    setCaptchaOn(captcha !== undefined);
    setEditing(false);
  };

  return (
    <div data-testid="email-code-sign-in-flow">
      <FlowHeader title={t('login.codeTitle')} subtitle={t('login.codeSubtitle')} onBack={onBack} />
      {editing || !email ? (
        <EmailStep initialEmail={email} onSend={send} />
      ) : (
        <CodeStep
          email={email}
          secondsLeft={secondsLeft}
          submitText={t('login.codeSubmit')}
          submittingText={t('login.signingIn')}
          onSubmit={async (code) => enterApp((await switchLogin({ email, code })).token)}
          onResend={async () => (captchaOn ? setEditing(true) : send(email))}
          onChangeEmail={() => setEditing(true)}
        />
      )}
    </div>
  );
}
