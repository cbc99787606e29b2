/**
 * The server messages the sign-in page shows itself (its form checks, utils/formValidation on the
 * web, and the request client's "session expired"), in English; merged into messages.ts like every
 * part. A file per language so that the web's sign-in page loads only the active language's few
 * texts, not the whole table (bench/wireSize.ts); zh.ts holds the same keys.
 */
export const signInEn = {
  'common.ok': 'Operation successful',
  'common.error': 'Error',
  'common.internal': 'The system is busy, please try again later',
  'common.notFound': 'The resource was not found',
  'common.routeNotFound': 'The requested address does not exist',
  'common.unauthorized': 'Your session has expired, please sign in again',
  'common.forbidden': "Sorry，you don't have the permissions for this URL，please contact IT Services，thanks！",
  'common.badRequest': 'The request is invalid',
  'common.tooMany': 'Too many requests, please try again later',
  'common.payloadTooLarge': 'The request is too large',
  'common.databaseUnavailable': 'The database cannot be reached at the moment, please try again shortly',
  'validation.required': '{{field}} is required',
  'validation.tooLong': '{{field}} must be at most {{max}} characters',
  'validation.tooShort': '{{field}} must be at least {{min}} characters',
  'validation.wrongFormat': 'wrong format',
  'field.username': 'User name',
  'field.password': 'Password',
  'field.code': 'Verification code',
  'field.email': 'E-mail',
  'field.newPassword': 'New password',
  'auth.passwordBlank': 'A password cannot be made of spaces only',
  'auth.passwordHasUserName': 'A password cannot contain the user name',
  'auth.passwordNeedsLettersDigits': 'The password must contain both letters and digits',
  'auth.passwordNeedsSpecial': 'The password must contain letters, digits and one of {{chars}}',
} as const;
