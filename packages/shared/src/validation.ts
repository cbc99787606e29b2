import { z } from 'zod';

/**
 * Zod building blocks whose error messages are message keys (see messages.ts). The server
 * translates them per request and names the field from `field.<name>`; the web forms reuse them.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const URL_PATTERN = /^(https?|ftp):\/\/([a-zA-Z0-9.-]+(:[a-zA-Z0-9.&%$-]+)*@)*((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]?)(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}|([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+\.[a-zA-Z]{2,}|localhost)(:[0-9]+)*(\/($|[a-zA-Z0-9.,?'\\+&%$#=~_-]+))*$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export function isUrl(value: string): boolean {
  return URL_PATTERN.test(value);
}

/** Links the app opens outside itself (SPEC §5): http, https, mailto and tel. */
export function isExternalLink(value: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(value);
}

/** A required text field, trimmed, with a length cap. */
export function requiredText(max: number) {
  return z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });
}

/** An optional text field; empty strings stay empty. */
export function optionalText(max: number) {
  return z.string().trim().max(max, { error: 'validation.tooLong' });
}

/** A secret that is never trimmed (spaces are part of a password). */
export function secret(min: number, max: number) {
  return z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .min(min, { error: 'validation.tooShort' })
    .max(max, { error: 'validation.tooLong' });
}

export function requiredEmail(max: number) {
  return requiredText(max).regex(EMAIL_PATTERN, { error: 'validation.wrongFormat' });
}

/** Optional e-mail: empty string allowed, otherwise must be well-formed. */
export function optionalEmail(max: number) {
  return optionalText(max).refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: 'validation.wrongFormat' });
}
