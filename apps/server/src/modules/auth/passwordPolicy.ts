import { passwordProblem, type PasswordProblem } from '@orbit/shared/passwordPolicy';
import { fieldError } from '../../lib/errors';
import { passwordStrengthProblem } from './passwordStrength';

/** Whose password it is: the user name the shared rule compares, and the words a guesser would try. */
export type PasswordOwner = { userName: string; nickName?: string | null; email?: string | null };

/**
 * The password policy, whole: the shared rules (length, not blank, not containing the user name
 * however written, the character rule) and the strength estimate. Every way of setting a
 * password asks this one function.
 */
export async function passwordPolicyProblem(password: string, owner: PasswordOwner, charRule = '0'): Promise<PasswordProblem | undefined> {
  return passwordProblem(password, owner.userName, charRule) ?? (await passwordStrengthProblem(password, [owner.userName, owner.nickName, owner.email]));
}

/**
 * The same policy for one password given to many accounts (the user import's initial password):
 * each account's user name is checked on its own, the strength is estimated once, without the
 * accounts' own words (an estimate costs up to tens of milliseconds; a file has up to 1,000 rows).
 */
export function passwordPolicyForMany(password: string, charRule = '0'): (owner: PasswordOwner) => Promise<PasswordProblem | undefined> {
  let strength: Promise<PasswordProblem | undefined> | undefined;
  return async (owner) => passwordProblem(password, owner.userName, charRule) ?? (await (strength ??= passwordStrengthProblem(password)));
}

/** Refuses a password against the policy, as a field error on `field`; `charRule` is the setting in force (settings.ts). */
export async function assertPasswordPolicy(password: string, owner: PasswordOwner, field: string, charRule = '0'): Promise<void> {
  const problem = await passwordPolicyProblem(password, owner, charRule);
  if (problem) throw fieldError(field, problem.key, problem.params);
}
