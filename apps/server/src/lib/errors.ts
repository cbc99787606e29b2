import { CODE } from '@orbit/shared/constants';
import type { MessageKey, MessageParams } from '@orbit/shared/messages';

/**
 * A failure the user should read: carries the envelope code and a message key, translated by the
 * central error handler into the request's language. HTTP status mirrors the code where it is one.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly errors?: Record<string, MessageKey>,
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
/** A field-level failure: lands on the form field through `errors`. */
export const fieldError = (field: string, key: MessageKey, params?: MessageParams) =>
  new AppError(CODE.badRequest, key, { field: `field.${field}`, ...params }, { [field]: key });
