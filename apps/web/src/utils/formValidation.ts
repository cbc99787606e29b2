import { CODE, EMAIL_CODE_LENGTH, EMAIL_MAX } from '@orbit/shared/constants';
import { passwordProblem } from '@orbit/shared/passwordPolicy';
import { EMAIL_PATTERN } from '@orbit/shared/patterns';
import type { TFunction } from 'i18next';
import { RequestError } from '../api/request';

/**
 * Field checks of the sign-in and password forms. They apply the shared limits and answer with the
 * shared message keys (`server.validation.*`, field names from `server.field.*`), so the browser
 * says exactly what the server would. They stay free of zod on purpose: zod would add ~22 KiB gzip
 * to the sign-in page (see docs/decisions.md). A message is kept untranslated until it is shown,
 * so that switching the language re-translates errors already on screen.
 */
export type FieldMessage = { key: string; field?: string; values?: Record<string, string | number> } | { text: string };
export type FieldErrors<F extends string = string> = Partial<Record<F, FieldMessage>>;

const required = (field: string): FieldMessage => ({ key: 'server.validation.required', field });

/** Text the server trims (user name, e-mail): length counted after trimming. */
export function checkText(field: string, value: string | undefined, max: number, min = 1): FieldMessage | undefined {
  const text = (value ?? '').trim();
  if (!text) return required(field);
  return checkLength(field, text, min, max);
}

/** A secret is never trimmed: spaces are part of a password. */
export function checkSecret(field: string, value: string | undefined, max: number, min = 1): FieldMessage | undefined {
  if (!value) return required(field);
  return checkLength(field, value, min, max);
}

function checkLength(field: string, value: string, min: number, max: number): FieldMessage | undefined {
  if (value.length < min) return { key: 'server.validation.tooShort', field, values: { min } };
  if (value.length > max) return { key: 'server.validation.tooLong', field, values: { max } };
  return undefined;
}

export function checkEmail(value: string | undefined, field = 'email'): FieldMessage | undefined {
  return checkText(field, value, EMAIL_MAX) ?? (EMAIL_PATTERN.test((value ?? '').trim()) ? undefined : { key: 'server.validation.wrongFormat' });
}

export function checkEmailCode(value: string | undefined, field = 'code'): FieldMessage | undefined {
  const code = (value ?? '').trim();
  if (!code) return required(field);
  return new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`).test(code) ? undefined : { key: 'server.validation.wrongFormat' };
}

/**
 * A password being set: the policy's rules that need no list (length, not blank, not containing
 * the account's user name when the form knows it, the character rule in force when known). The
 * strength estimate is the server's (its dictionaries are megabytes); its refusal, saying why,
 * comes back as the field's error.
 */
export function checkNewPassword(value: string | undefined, field: string, userName?: string, charRule?: string): FieldMessage | undefined {
  const problem = passwordProblem(value, userName, charRule);
  return problem && { key: `server.${problem.key}`, field, values: problem.params };
}

export function checkConfirmation(password: string | undefined, confirmation: string | undefined): FieldMessage | undefined {
  if (!confirmation) return { key: 'password.confirmRequired' };
  return password === confirmation ? undefined : { key: 'password.mismatch' };
}

/** Drops the fields without a message; an empty object means the form may be sent. */
export function collectErrors<F extends string>(checks: Record<F, FieldMessage | undefined>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, message] of Object.entries(checks) as [F, FieldMessage | undefined][]) if (message) errors[field] = message;
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export function messageText(t: TFunction, message: FieldMessage | undefined): string | undefined {
  if (!message) return undefined;
  if ('text' in message) return message.text;
  const field = message.field ? t(`server.field.${message.field}`) : undefined;
  return t(message.key, { ...message.values, field });
}

/** Answers the request client has already shown (toast or dialog), so forms do not repeat them. */
const SHOWN_BY_CLIENT = new Set<number>([0, CODE.unauthorized, CODE.forbidden, CODE.error, CODE.illegalToken]);

/**
 * A refused call as form feedback: the server's field errors go on the fields the form has
 * (`fieldAliases` renames server fields), the message goes to the form when no field took it.
 */
export function requestFeedback<F extends string>(
  error: unknown,
  fields: readonly F[],
  fieldAliases: Partial<Record<string, F>> = {},
): { fields: FieldErrors<F>; message?: string } {
  if (!(error instanceof RequestError)) return { fields: {}, message: error instanceof Error ? error.message : undefined };
  const placed: FieldErrors<F> = {};
  for (const [name, text] of Object.entries(error.errors ?? {})) {
    const field = (fieldAliases[name] ?? name) as F;
    if (fields.includes(field)) placed[field] = { text };
  }
  if (hasErrors(placed)) return { fields: placed };
  return { fields: {}, message: SHOWN_BY_CLIENT.has(error.code) ? undefined : error.message || undefined };
}
