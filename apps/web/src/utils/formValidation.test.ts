import { CODE, EMAIL_CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from '@orbit/shared/constants';
import { messages } from '@orbit/shared/messages';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { RequestError } from '../api/request';
import {
  checkConfirmation,
  checkEmail,
  checkEmailCode,
  checkNewPassword,
  checkSecret,
  checkText,
  collectErrors,
  messageText,
  requestFeedback,
} from './formValidation';

describe('field checks', () => {
  it('text is trimmed before it is checked', () => {
    expect(checkText('username', '   ', 30)).toEqual({ key: 'server.validation.required', field: 'username' });
    expect(checkText('username', '  admin  ', 5)).toBeUndefined();
    expect(checkText('username', 'x'.repeat(31), 30)).toEqual({ key: 'server.validation.tooLong', field: 'username', values: { max: 30 } });
  });

  it('secrets are not trimmed: spaces count', () => {
    expect(checkSecret('password', '', PASSWORD_MAX)).toEqual({ key: 'server.validation.required', field: 'password' });
    expect(checkSecret('password', ' ', PASSWORD_MAX)).toBeUndefined();
  });

  it('e-mail addresses must be well-formed', () => {
    expect(checkEmail('')).toEqual({ key: 'server.validation.required', field: 'email' });
    expect(checkEmail('admin@')).toEqual({ key: 'server.validation.wrongFormat' });
    expect(checkEmail(' admin@example.com ')).toBeUndefined();
  });

  it(`e-mail codes are ${EMAIL_CODE_LENGTH} digits`, () => {
    expect(checkEmailCode('')).toEqual({ key: 'server.validation.required', field: 'code' });
    expect(checkEmailCode('12345')).toEqual({ key: 'server.validation.wrongFormat' });
    expect(checkEmailCode('12345a')).toEqual({ key: 'server.validation.wrongFormat' });
    expect(checkEmailCode('1'.repeat(EMAIL_CODE_LENGTH))).toBeUndefined();
  });

  it(`new passwords have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters and must be typed twice alike`, () => {
    expect(checkNewPassword('x'.repeat(PASSWORD_MIN - 1), 'newPassword')).toEqual({ key: 'server.validation.tooShort', field: 'newPassword', values: { min: PASSWORD_MIN } });
    expect(checkNewPassword('x'.repeat(PASSWORD_MAX + 1), 'newPassword')?.['key' as never]).toBe('server.validation.tooLong');
    expect(checkNewPassword('x'.repeat(PASSWORD_MIN), 'newPassword')).toBeUndefined();
    expect(checkConfirmation('secret1', 'secret2')).toEqual({ key: 'password.mismatch' });
    expect(checkConfirmation('secret1', '')).toEqual({ key: 'password.confirmRequired' });
    expect(checkConfirmation('secret1', 'secret1')).toBeUndefined();
  });

  it('new passwords follow the shared policy: not blank, not containing the user name (when the form knows it)', () => {
    expect(checkNewPassword(' '.repeat(PASSWORD_MIN), 'newPassword')).toEqual({ key: 'server.auth.passwordBlank', field: 'newPassword' });
    expect(checkNewPassword('my-Olivia.Park-1', 'password', 'olivia.park')).toEqual({ key: 'server.auth.passwordHasUserName', field: 'password' });
    expect(checkNewPassword('my-Olivia.Park-1', 'password')).toBeUndefined();
    expect(checkNewPassword('', 'password', 'olivia.park')).toEqual({ key: 'server.validation.required', field: 'password' });
  });

  it('collectErrors keeps only the fields with a message', () => {
    expect(collectErrors({ a: undefined, b: { text: 'no' } })).toEqual({ b: { text: 'no' } });
  });
});

describe('messageText', () => {
  it('translates with the shared server messages and field names, in each language', async () => {
    const t = i18next.createInstance();
    const table = (lang: 'en' | 'zh') => Object.fromEntries(Object.entries(messages[lang]).map(([k, v]) => [`server.${k}`, v]));
    await t.init({ resources: { en: { translation: table('en') }, zh: { translation: table('zh') } }, lng: 'en', keySeparator: false });
    const message = checkText('username', '', 30);
    expect(messageText(t.t, message)).toBe('User name is required');
    await t.changeLanguage('zh');
    expect(messageText(t.t, message)).toBe('用户名不能为空');
    expect(messageText(t.t, { text: 'as the server said' })).toBe('as the server said');
    expect(messageText(t.t, undefined)).toBeUndefined();
  });
});

describe('requestFeedback', () => {
  it('puts the server field errors on the fields the form has', () => {
    const error = new RequestError('Old password is wrong', CODE.badRequest, { oldPassword: 'The old password is wrong', other: 'x' });
    expect(requestFeedback(error, ['oldPassword', 'newPassword'])).toEqual({ fields: { oldPassword: { text: 'The old password is wrong' } } });
  });

  it('gives the form the message when no field takes it', () => {
    expect(requestFeedback(new RequestError('The user name or password is wrong', CODE.badRequest), ['username'])).toEqual({
      fields: {},
      message: 'The user name or password is wrong',
    });
  });

  it('does not repeat what the request client has already shown', () => {
    expect(requestFeedback(new RequestError('The system is busy', CODE.error), ['username'])).toEqual({ fields: {}, message: undefined });
    expect(requestFeedback(new RequestError('offline', 0), ['username'])).toEqual({ fields: {}, message: undefined });
  });
});
