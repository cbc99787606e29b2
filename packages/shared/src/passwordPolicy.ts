import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import type { MessageKey } from './messages';

/**
 * The rules of the password policy that need no dictionary: length, not blank, not the user name or
 * containing it (ignoring case), and the character rule an administrator chose (the setting
 * `sys.account.chrtype`: '0' any, '3' letters and digits, '4' letters, digits and a special
 * character). Free of zod and of the message table, so the sign-in page's reset form can run them
 * too. The server adds the strength estimate (modules/auth/passwordStrength.ts).
 */
/** A refusal: its message key and the key's parameters (the server's strength estimate adds `warning` and `advice`, message keys themselves). */
export type PasswordProblem = { key: MessageKey; params?: { min?: number; max?: number; chars?: string; warning?: MessageKey; advice?: MessageKey } };

/** RuoYi's special characters for rule '4' (config.ts keeps the same list for the settings page). */
const SPECIAL = '~!@#$%^&*()-=_+';

/**
 * Characters that show nothing: format characters (zero-width space and joiners, soft hyphen, BOM,
 * word joiner), controls, and the rest of Unicode's default-ignorable code points (variation
 * selectors, Hangul fillers, the combining grapheme joiner).
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * A password as a person reads it, for the rules that judge what it says (blank, the user name,
 * the strength estimate): compatibility forms folded (NFKC: full-width `ｔｅｓｔｅｒ` is `tester`,
 * `ﬁ` is `fi`) and invisible characters removed, so that neither hides a name or a common word.
 * Length is still counted on the password as typed, which is what gets hashed.
 */
export function comparableText(value: string): string {
  return value.normalize('NFKC').replace(INVISIBLE, '');
}

export function passwordProblem(password: string | undefined, userName = '', charRule = '0'): PasswordProblem | undefined {
  if (!password) return { key: 'validation.required' };
  if (password.length < PASSWORD_MIN) return { key: 'validation.tooShort', params: { min: PASSWORD_MIN } };
  if (password.length > PASSWORD_MAX) return { key: 'validation.tooLong', params: { max: PASSWORD_MAX } };
  const readable = comparableText(password);
  if (!readable.trim()) return { key: 'auth.passwordBlank' };
  const name = comparableText(userName).trim().toLowerCase();
  if (name && readable.toLowerCase().includes(name)) return { key: 'auth.passwordHasUserName' };
  const letters = /[A-Za-z]/.test(readable);
  const digits = /\d/.test(readable);
  if (charRule === '3' && !(letters && digits)) return { key: 'auth.passwordNeedsLettersDigits' };
  if (charRule === '4' && !(letters && digits && [...readable].some((c) => SPECIAL.includes(c)))) return { key: 'auth.passwordNeedsSpecial', params: { chars: SPECIAL } };
  return undefined;
}
