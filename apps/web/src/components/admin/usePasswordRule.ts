import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../store/session';
import { checkNewPassword, messageText } from '../../utils/formValidation';

/**
 * A form rule for a password being set: the shared policy's rules with the server's messages.
 * `userName` reads the account's user name when the form knows it; the common-password list is
 * checked by the server, whose field error lands on the field. The character rule is the one the
 * signed-in session was told (`pwdChrtype`, the setting sys.account.chrtype).
 */
export function usePasswordRule() {
  const { t } = useTranslation();
  const charRule = useSession()?.pwdChrtype;
  return (field: string, userName?: () => string | undefined): FormRule => ({
    validator: async (_rule, value: string | undefined) => {
      const message = messageText(t, checkNewPassword(value, field, userName?.(), charRule));
      if (message) throw new Error(message);
    },
  });
}
