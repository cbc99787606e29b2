import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import type { MessageKey } from './messages';

/**
 * The rules of the password policy that need no list: length, not blank, not the user name or
 * containing it (ignoring case), and the character rule an administrator chose (the setting
 * `sys.account.chrtype`: '0' any, '3' letters and digits, '4' letters, digits and a special
 * character). Free of zod and of the message table, so the sign-in page's reset form can run them
 * too. The server adds the common-password list (modules/auth/passwordPolicy.ts).
 */
export type PasswordProblem = { key: MessageKey; params?: { min?: number; max?: number; chars?: string } };

/** RuoYi's special characters for rule '4' (config.ts keeps the same list for the settings page). */
const SPECIAL = '~!@#$%^&*()-=_+';

export function passwordProblem(password: string | undefined, userName = '', charRule = '0'): PasswordProblem | undefined {
  if (!password) return { key: 'validation.required' };
  if (password.length < PASSWORD_MIN) return { key: 'validation.tooShort', params: { min: PASSWORD_MIN } };
  if (password.length > PASSWORD_MAX) return { key: 'validation.tooLong', params: { max: PASSWORD_MAX } };
  if (!password.trim()) return { key: 'auth.passwordBlank' };
  const name = userName.trim().toLowerCase();
  if (name && password.toLowerCase().includes(name)) return { key: 'auth.passwordHasUserName' };
  const letters = /[A-Za-z]/.test(password);
  const digits = /\d/.test(password);
  if (charRule === '3' && !(letters && digits)) return { key: 'auth.passwordNeedsLettersDigits' };
  if (charRule === '4' && !(letters && digits && [...password].some((c) => SPECIAL.includes(c)))) return { key: 'auth.passwordNeedsSpecial', params: { chars: SPECIAL } };
  return undefined;
}
