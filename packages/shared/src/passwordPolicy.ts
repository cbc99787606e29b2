import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import type { MessageKey } from './messages';

/**
 * The rules of the password policy that need no list: length, not blank, not the user name or
 * containing it (ignoring case). Free of zod and of the message table, so the sign-in page's
 * reset form can run them too. The server adds the common-password list (modules/auth/passwordPolicy.ts).
 */
export type PasswordProblem = { key: MessageKey; params?: { min?: number; max?: number } };

export function passwordProblem(password: string | undefined, userName = ''): PasswordProblem | undefined {
  if (!password) return { key: 'validation.required' };
  if (password.length < PASSWORD_MIN) return { key: 'validation.tooShort', params: { min: PASSWORD_MIN } };
  if (password.length > PASSWORD_MAX) return { key: 'validation.tooLong', params: { max: PASSWORD_MAX } };
  if (!password.trim()) return { key: 'auth.passwordBlank' };
  const name = userName.trim().toLowerCase();
  if (name && password.toLowerCase().includes(name)) return { key: 'auth.passwordHasUserName' };
  return undefined;
}
