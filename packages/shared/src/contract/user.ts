import { z } from 'zod';
import { EMAIL_MAX, INTRODUCTION_MAX, PASSWORD_MAX, USERNAME_MAX } from '../constants';
import { textLength } from '../textLength';
import { CURRENCIES, type Currency } from '../crm/money';
import { oneOf, optionalEmail, requiredEmail, requiredText, secret, stringValue } from '../validation';
import { captchaFields, emailCode, newPassword, type SessionUser } from './auth';
import { dateRangeQuery, id, nullableText, pageQuery, sortQuery, statusFilter, statusValue, textFilter, type UserIdentity } from './common';

export const USER_SORT_COLUMNS = ['userId', 'userName', 'nickName', 'deptId', 'status', 'createTime', 'loginDate'] as const;

export const userListQuery = z.object({
  ...pageQuery,
  ...sortQuery(USER_SORT_COLUMNS),
  ...dateRangeQuery,
  userName: textFilter(USERNAME_MAX),
  nickName: textFilter(30),
  phonenumber: textFilter(20),
  status: statusFilter,
  /** The department and all its sub-departments. */
  deptId: id.optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

const PHONE = /^\+?[0-9][0-9 -]{4,19}$/;
const USER_NAME = /^[A-Za-z0-9._@-]+$/;

const userFields = {
  deptId: id.nullish().transform((v) => v ?? null),
  userName: requiredText(USERNAME_MAX).min(2, { error: 'validation.tooShort' }).regex(USER_NAME, { error: 'validation.wrongFormat' }),
  nickName: requiredText(30),
  email: optionalEmail(EMAIL_MAX)
    .nullish()
    .transform((v) => v ?? ''),
  phonenumber: nullableText(20).refine((v) => v === '' || PHONE.test(v), { error: 'validation.wrongFormat' }),
  sex: oneOf(['0', '1', '2']).default('2'),
  status: statusValue.default('0'),
  remark: nullableText(500),
  roleIds: z.array(id).max(50).default([]),
};

export const createUserBody = z.object({ ...userFields, password: newPassword });
/** A row of the user import (its sheet's columns): the dialog's fields without password and roles. */
export const importedUserRow = z.object({
  deptId: userFields.deptId,
  userName: userFields.userName,
  nickName: userFields.nickName,
  email: userFields.email,
  phonenumber: userFields.phonenumber,
  sex: userFields.sex,
  status: userFields.status,
});
export type ImportedUserRow = z.infer<typeof importedUserRow>;
/** `POST /system/user/importData?updateSupport=` (RuoYi sends 0/1 or true/false): update users that exist. */
export const userImportQuery = z.object({ updateSupport: z.enum(['0', '1', 'true', 'false']).default('0').transform((v) => v === '1' || v === 'true') });
/** At most this many users per import file. */
export const USER_IMPORT_MAX_ROWS = 1000;
export type UserImportResult = { row: number; userName: string; result: 'created' | 'updated' | 'exists' | 'failed'; message: string };
export type CreateUserBody = z.infer<typeof createUserBody>;
export const updateUserBody = z.object({ ...userFields, userId: id });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const resetUserPwdBody = z.object({ userId: id, password: newPassword });
export const changeUserStatusBody = z.object({ userId: id, status: statusValue });
export const changeUserStatusParams = z.object({ userId: id, status: statusValue });
export const authRoleQuery = z.object({
  userId: id,
  roleIds: z.union([z.literal(''), stringValue().regex(/^\d{1,15}(,\d{1,15}){0,49}$/, { error: 'validation.invalidValue' })]).default(''),
});

/**
 * The signed-in user's own details; ids and names sent by the client are ignored. The e-mail
 * address changes only through the confirmed change below: RuoYi's form sends it along, so the
 * current one is accepted and a new one refused (`profile.emailByCode`).
 */
export const updateProfileBody = z.object({
  email: optionalEmail(EMAIL_MAX).nullish(),
  nickName: requiredText(30),
  phonenumber: nullableText(20).refine((v) => v === '' || PHONE.test(v), { error: 'validation.wrongFormat' }),
  sex: oneOf(['0', '1', '2']).default('2'),
  /** Left out (RuoYi's profile form): kept as it is. */
  introduction: nullableText(INTRODUCTION_MAX)
    .refine((v) => textLength(v) <= INTRODUCTION_MAX, { error: 'validation.tooLong', params: { maximum: INTRODUCTION_MAX } })
    .optional(),
  /**
   * The currency mixed totals are converted to for this user (issue 33); null: the organisation
   * currency; left out: kept as it is. The server also asks that it be active with a rate.
   */
  displayCurrency: z.enum(CURRENCIES, { error: 'money.displayCurrencyInvalid' }).nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** The profile's own user: the session's, with the display currency chosen (null: the organisation's). */
export type ProfileUser = SessionUser & { displayCurrency: Currency | null };
/** `GET /system/user/profile`: RuoYi's shape, with the currencies the user may read totals in (the organisation's first). */
export type ProfileAnswer = { data: ProfileUser; roleGroup?: string; postGroup?: string; displayCurrencies?: Currency[] };

/** First step of changing one's own e-mail address: the current password, the new address and the captcha (when on). */
export const changeEmailBody = z.object({ email: requiredEmail(EMAIL_MAX), password: secret(1, PASSWORD_MAX), ...captchaFields });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;
/** Second step: the code mailed to the new address. */
export const confirmEmailBody = z.object({ email: requiredEmail(EMAIL_MAX), code: emailCode });
export type ConfirmEmailBody = z.infer<typeof confirmEmailBody>;

/** One row of the user list and the `data` of `GET /system/user/{id}`; never the password. */
export type UserRow = UserIdentity & {
  userId: number;
  deptId: number | null;
  status: string;
  loginIp: string;
  loginDate: string | null;
  createTime: string;
  remark: string;
  dept: { deptId: number; deptName: string; leader: string } | null;
  admin: boolean;
};
