import { CODE } from '@orbit/shared/constants';
import { isMessageKey, type MessageKey, type MessageParams } from '@orbit/shared/messages';

/** A field's message: a key (with the error's params), or a key with params of its own. */
export type FieldMessage = MessageKey | { key: MessageKey; params: MessageParams };

/**
 * A failure the user should read: carries the envelope code and a message key, translated by the
 * central error handler into the request's language. HTTP status mirrors the code where it is one.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly errors?: Record<string, FieldMessage>,
    /** What the answer carries beside the message (the records a duplicate rule matched). */
    readonly data?: unknown,
  ) {
    super(key);
  }

  get httpStatus(): number {
    return this.code >= 400 && this.code < 600 ? this.code : 500;
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams) => new AppError(CODE.badRequest, key, params);
export const forbidden = (key: MessageKey = 'common.forbidden') => new AppError(CODE.forbidden, key);
export const notFound = (key: MessageKey = 'common.notFound') => new AppError(CODE.notFound, key);
export const unauthorized = () => new AppError(CODE.unauthorized, 'common.unauthorized');
/** How a message names a field: by its translated label, or as sent when it has none (never as a raw message key). */
export function fieldLabel(field: string): string {
  const label = `field.${field}`;
  return isMessageKey(label) ? label : field;
}

/** A field-level failure: lands on the form field through `errors`. */
export const fieldError = (field: string, key: MessageKey, params?: MessageParams) =>
  new AppError(CODE.badRequest, key, { field: fieldLabel(field), ...params }, { [field]: key });

/** Several field-level failures at once, each with its own params (the records engine names fields by their labels). */
export const fieldErrors = (errors: Record<string, { key: MessageKey; params: MessageParams }>) => {
  const first = Object.values(errors)[0]!;
  return new AppError(CODE.badRequest, first.key, first.params, errors);
};
