import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordProblem, type PasswordProblem } from '@orbit/shared/passwordPolicy';
import { fieldError } from '../../lib/errors';

let commonPasswords: Set<string> | undefined;

/** The shipped list (commonPasswords.txt), read once on first use. */
function isCommon(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'commonPasswords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return commonPasswords.has(password.toLowerCase());
}

/**
 * The password policy, whole: the shared rules (length, not blank, not containing the user name)
 * and the common-password list. Every way of setting a password asks this one function.
 */
export function passwordPolicyProblem(password: string, userName: string, charRule = '0'): PasswordProblem | undefined {
  return passwordProblem(password, userName, charRule) ?? (isCommon(password) ? { key: 'auth.passwordCommon' } : undefined);
}

/** Refuses a password against the policy, as a field error on `field`; `charRule` is the setting in force (settings.ts). */
export function assertPasswordPolicy(password: string, userName: string, field: string, charRule = '0'): void {
  const problem = passwordPolicyProblem(password, userName, charRule);
  if (problem) throw fieldError(field, problem.key, problem.params);
}
