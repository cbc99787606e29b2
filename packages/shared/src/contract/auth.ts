import { z } from 'zod';
import type { Currency } from '../crm/money';
import { EMAIL_CODE_LENGTH, EMAIL_MAX, PASSWORD_MAX, USERNAME_MAX } from '../constants';
import { passwordProblem } from '../passwordPolicy';
import { optionalEmail, optionalText, requiredEmail, requiredText, secret, stringValue } from '../validation';
import type { UserIdentity } from './common';

/** Sign-in password: only a length cap, so that users with older short passwords can still sign in. */
const loginPassword = secret(1, PASSWORD_MAX);
/**
 * A password being set: the policy's rules that need no account (passwordPolicy.ts), so they are
 * answered with the other field errors. The rules that do (the user name, the server's
 * common-password list) are checked by the server once it knows whose password it is.
 */
export const newPassword = stringValue({ error: 'validation.required' }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (!problem) return;
  const { min, max } = problem.params ?? {};
  // Length problems as zod's own issues, which carry the limit the message names.
  if (min !== undefined) ctx.addIssue({ code: 'too_small', origin: 'string', minimum: min, inclusive: true, message: problem.key });
  else if (max !== undefined) ctx.addIssue({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, message: problem.key });
  else ctx.addIssue({ code: 'custom', message: problem.key });
});

export const emailCode = requiredText(EMAIL_CODE_LENGTH).regex(/^\d+$/, { error: 'validation.wrongFormat' });

/**
 * The captcha's answer (`code`) and id (`uuid`), as /login takes them: also on every route that
 * mails a code (checked when the captcha setting is on). On a route that checks a mailed code,
 * `code` is that code instead.
 */
export const captchaFields = { code: optionalText(10).optional(), uuid: optionalText(64).optional() };

/**
 * Sign-in (SPEC §7: username, password, code, uuid, email): by user name, or by the account's
 * e-mail address in its place — one of the two (an empty one counts as absent, for clients that
 * always send both fields). Neither is the user name's "required"; both is refused on `email`.
 * The two "required" checks run together after the fields' own, so that an empty form is told
 * about the user name first, as the form reads.
 */
export const loginBody = z
  .object({
    username: optionalText(USERNAME_MAX).optional(),
    password: stringValue({ error: 'validation.required' }).max(PASSWORD_MAX, { error: 'validation.tooLong' }).optional(),
    email: optionalEmail(EMAIL_MAX).optional(),
    ...captchaFields,
  })
  .superRefine(
    (body, ctx) => {
      const given = (value: unknown) => typeof value === 'string' && value !== '';
      const named = given(body.username);
      const addressed = given(body.email);
      // A value of the wrong type has its own error already.
      if (!named && !addressed && (body.username === undefined || body.username === '')) ctx.addIssue({ code: 'custom', path: ['username'], message: 'validation.required' });
      if (named && addressed) ctx.addIssue({ code: 'custom', path: ['email'], message: 'auth.nameOrEmail' });
      if (body.password === undefined || body.password === '') ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.required' });
    },
    // Also beside other fields' errors, so that every field says what is wrong at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  )
  .transform((body) => ({ ...body, password: body.password ?? '' }));
export type LoginBody = z.infer<typeof loginBody>;

/** `/sendCode`, `/resendCode` (query) and `POST /email` (body): where to send the code, and the captcha. */
export const emailQuery = z.object({ email: requiredEmail(EMAIL_MAX), ...captchaFields });
export const emailBody = emailQuery;

export const checkCodeBody = z.object({ email: requiredEmail(EMAIL_MAX), code: emailCode });
export type CheckCodeBody = z.infer<typeof checkCodeBody>;

export const resetPwdBody = checkCodeBody.extend({ password: newPassword });
export type ResetPwdBody = z.infer<typeof resetPwdBody>;

export const updatePwdBody = z.object({ oldPassword: loginPassword, newPassword });

/** `POST /unlockscreen` (RuoYi's lock screen): the signed-in user's password. */
export const unlockScreenBody = z.object({ password: loginPassword });
export type UpdatePwdBody = z.infer<typeof updatePwdBody>;

export type CaptchaResponse = { code: number; msg: string; captchaEnabled: boolean; uuid?: string; img?: string };
export type LoginResponse = { code: number; msg: string; token: string };

export type SessionUser = UserIdentity & {
  userId: number;
  /** What the user wrote about themselves on their profile. */
  introduction: string;
  deptId: number | null;
  dept: { deptId: number; deptName: string } | null;
  loginDate: string | null;
  createTime: string | null;
};

export type GetInfoResponse = {
  code: number;
  msg: string;
  /** SPEC §7: the name shown (the nickname), the avatar's address and the introduction, as vue-element-admin reads them. */
  name: string;
  avatar: string;
  introduction: string;
  user: SessionUser;
  roles: string[];
  permissions: string[];
  isAdmin: boolean;
  isDefaultModifyPwd: boolean;
  isPasswordExpired: boolean;
  /** The password character rule in force (setting `sys.account.chrtype`), as RuoYi's clients read it. */
  pwdChrtype: string;
  /** The dashboard of the user's role shown pinned at `/` (SPEC §2's second reading); null: the home page. */
  defaultDashboardId: number | null;
  /** The currency every amount is in (setting `crm.currency.organisation`), written in the reader's language. */
  organisationCurrency: Currency;
};

/** RouterVo of `/getRouters`. */
/**
 * SPEC §3's route meta. `roles`: the caller's roles that open the entry (SPEC §6: shown when the
 * user holds one); `affix`: its tab is pinned; `breadcrumb`: false leaves it out of the
 * breadcrumb; `link`: an external address, opened in a new tab (RuoYi).
 */
export type RouterMeta = { title: string; icon: string; noCache: boolean; link: string | null; roles: string[]; affix: boolean; breadcrumb: boolean };
export type RouterVo = {
  name: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component: string;
  query?: string;
  alwaysShow?: boolean;
  meta: RouterMeta;
  children?: RouterVo[];
};
export type GetRoutersResponse = { code: number; msg: string; data: RouterVo[] };
