import { PASSWORD_MIN_STRENGTH } from '@orbit/shared/constants';
import { isMessageKey, type MessageKey } from '@orbit/shared/messages';
import { comparableText, type PasswordProblem } from '@orbit/shared/passwordPolicy';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn-ts with its common-password list, keyboard graphs and English dictionaries (common words,
 * names, Wikipedia), built once on first use: about 25 MB of heap and 0.4 s, which a process that
 * never sets a password does not pay. Its feedback stays in its own keys (no `translations`): we
 * translate them ourselves (passwordStrengthMessages.ts).
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs });
  })();
  estimator.catch(() => (estimator = undefined));
  return estimator;
}

/**
 * Words of the account a guesser would try first: its user name, nickname and e-mail address,
 * whole and in their parts (`olivia.park` also as `olivia` and `park`).
 */
function personalWords(personal: Array<string | null | undefined>): string[] {
  const words = new Set<string>();
  for (const value of personal) {
    const text = comparableText(value ?? '').trim().toLowerCase();
    if (!text) continue;
    words.add(text);
    for (const part of text.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

const known = (key: string): MessageKey | undefined => (isMessageKey(key) ? key : undefined);

/**
 * Refuses a password the estimator scores below PASSWORD_MIN_STRENGTH, saying why (its warning)
 * and what would help (its most specific suggestion: zxcvbn lists the generic "add another word"
 * first). The password is judged as read (comparableText): full-width letters and zero-width
 * characters do not turn `Passw0rd!` into noise.
 */
export async function passwordStrengthProblem(password: string, personal: Array<string | null | undefined> = []): Promise<PasswordProblem | undefined> {
  const result = (await loadEstimator()).check(comparableText(password), personalWords(personal));
  if (result.score >= PASSWORD_MIN_STRENGTH) return undefined;
  const { warning, suggestions } = result.feedback;
  const advice = known(`passwordStrength.advice.${suggestions.at(-1) ?? 'anotherWord'}`) ?? 'passwordStrength.advice.anotherWord';
  const reason = warning ? known(`passwordStrength.warning.${warning}`) : undefined;
  return reason ? { key: 'auth.passwordWeakBecause', params: { warning: reason, advice } } : { key: 'auth.passwordWeak', params: { advice } };
}
