import { z } from 'zod';

/**
 * Zod building blocks whose error messages are message keys (see messages.ts). The server
 * translates them per request and names the field from `field.<name>`; the web forms reuse them.
 */
export { EMAIL_PATTERN, URL_PATTERN, isEmail, isExternalLink, isUrl, normaliseEmail } from './patterns';
import { EMAIL_PATTERN, normaliseEmail } from './patterns';

/**
 * Every string a contract parses, wherever it came from: PostgreSQL's text cannot hold a NUL
 * character. The server's NUL hook (plugins/nulCharacters.ts) sees the request as it arrived; a
 * string that only exists once a parameter's JSON is parsed (a list's `filter`) is refused here,
 * with the same message naming where it sits. Build every contract string from this, never from
 * `z.string()` (eslint.config.js enforces it).
 */
export function stringValue(params?: Parameters<typeof z.string>[0]) {
  // eslint-disable-next-line no-restricted-syntax -- the one place a contract string is made
  return z.string(params).refine((text) => !text.includes('\0'), { error: 'validation.nulCharacter' });
}

/** A required text field, trimmed, with a length cap. */
export function requiredText(max: number) {
  return stringValue({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });
}

/** An optional text field; empty strings stay empty. */
export function optionalText(max: number) {
  return stringValue().trim().max(max, { error: 'validation.tooLong' });
}

/**
 * One value of a fixed set (a status, a sex, a data scope, a report's format): several sent at once
 * (an array) are answered "pick one option only", anything else outside the set "invalid value"
 * (`missing`: the message for no value, where it is not the default's to supply).
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, missing?: 'validation.required') {
  return z.enum(values, {
    error: (issue) => (Array.isArray(issue.input) ? 'validation.pickOne' : issue.input === undefined ? missing : undefined),
  });
}

/** A secret that is never trimmed (spaces are part of a password). */
export function secret(min: number, max: number) {
  return stringValue({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .min(min, { error: 'validation.tooShort' })
    .max(max, { error: 'validation.tooLong' });
}

/** An e-mail address, handed on in its normalised form (see normaliseEmail). */
export function requiredEmail(max: number) {
  return requiredText(max).regex(EMAIL_PATTERN, { error: 'validation.wrongFormat' }).transform(normaliseEmail);
}

/** Optional e-mail: empty string allowed, otherwise must be well-formed; normalised like requiredEmail. */
export function optionalEmail(max: number) {
  return optionalText(max)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: 'validation.wrongFormat' })
    .transform(normaliseEmail);
}
