import { PASSWORD_AGE_HINT_DAYS } from '@orbit/shared/constants';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postponePasswordChange } from '../../api/auth';
import { patchSession, useSession } from '../../store/session';
import ChangePasswordForm from './components/ChangePasswordForm';

/**
 * The longest the forced prompt's submit waits for its dialog to report itself open (antd's zoom
 * takes 0.3 s): should the animation's end never be reported, the form still becomes usable.
 */
const OPENING_AT_MOST_MS = 1500;

/**
 * After sign-in: forces a password change (isDefaultModifyPwd: a dialog that cannot be closed) or
 * suggests one (isPasswordExpired: "Change now" or "Remind me later", which postpones the hint on
 * the server). Mounted once inside the signed-in layout.
 */
export default function PasswordChangePrompt() {
  const { t } = useTranslation();
  const session = useSession();
  const [dismissed, setDismissed] = useState(false);
  const [changing, setChanging] = useState(false);
  const [postponing, setPostponing] = useState(false);
  // The forced dialog opens with a zoom: a click while it grows hit the page behind the growing
  // button (seen in Chromium: the click landed on the dialog's wrapper and was lost). Its submit
  // stays disabled until the dialog is open; a click then always reaches it (and Playwright's
  // click waits for it to be enabled).
  const [opened, setOpened] = useState(false);
  const forced = !!session?.isDefaultModifyPwd;
  useEffect(() => {
    if (!forced) return;
    const timer = setTimeout(() => setOpened(true), OPENING_AT_MOST_MS);
    return () => clearTimeout(timer);
  }, [forced]);
  if (!session) return null;

  const handleChanged = () => {
    setChanging(false);
    patchSession({ isDefaultModifyPwd: false, isPasswordExpired: false });
  };

  if (session.isDefaultModifyPwd) {
    return (
      <Modal open title={t('password.forcedTitle')} closable={false} mask={{ closable: false }} keyboard={false} footer={null} destroyOnHidden afterOpenChange={setOpened}>
        <div data-testid="forced-password-change">
          <p>{t('password.forcedText')}</p>
          <ChangePasswordForm userName={session.user.userName} onChanged={handleChanged} ready={opened} />
        </div>
      </Modal>
    );
  }

  if (!session.isPasswordExpired || dismissed) return null;

  const handleRemindLater = async () => {
    setPostponing(true);
    try {
      await postponePasswordChange();
      patchSession({ isPasswordExpired: false });
    } catch {
      // The request client has shown why; the suggestion simply stays.
    } finally {
      setPostponing(false);
    }
  };

  const remindLater = (
    <Button onClick={() => void handleRemindLater()} loading={postponing} data-testid="remind-later">
      {t('password.remindLater')}
    </Button>
  );
  const choice = (
    <>
      {remindLater}
      <Button type="primary" onClick={() => setChanging(true)} data-testid="change-now">
        {t('password.changeNow')}
      </Button>
    </>
  );
  return (
    <Modal open title={t('password.expiredTitle')} onCancel={() => setDismissed(true)} mask={{ closable: false }} footer={changing ? null : choice} destroyOnHidden>
      <div data-testid="suggested-password-change">
        <p>{t('password.expiredText', { days: PASSWORD_AGE_HINT_DAYS })}</p>
        {changing && <ChangePasswordForm userName={session.user.userName} onChanged={handleChanged} extraActions={remindLater} />}
      </div>
    </Modal>
  );
}
