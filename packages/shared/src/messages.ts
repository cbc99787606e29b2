import type { Language } from './constants';

/**
 * Every message the server sends and every validation message a form shows, in both languages.
 * Keys are stable; the server translates by the request's language, the web app reuses the same text.
 */
const en = {
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

  'validation.required': '{{field}} is required',
  'validation.tooLong': '{{field}} must be at most {{max}} characters',
  'validation.tooShort': '{{field}} must be at least {{min}} characters',
  'validation.wrongFormat': 'wrong format',
  'validation.emailRequired': 'Please fill in email',
  'validation.lastNameRequired': 'Please fill in last name',
  'validation.pickOne': 'Please pick one option only',
  'validation.pickAtLeastOne': 'Please pick at least one option',
  'validation.selectRecord': 'Please select at least one record and try again',
  'validation.invalidValue': '{{field}} has an invalid value',
  'validation.uploadTooLarge': 'file size over to 20M,please re-upload',
  'validation.uploadExcelOnly': 'Only Excel files (.xlsx, .xls) can be uploaded',

  'field.username': 'User name',
  'field.password': 'Password',
  'field.code': 'Verification code',
  'field.uuid': 'Captcha id',
  'field.email': 'E-mail',
  'field.oldPassword': 'Old password',
  'field.newPassword': 'New password',

  'auth.captchaRequired': 'Please enter the verification code',
  'auth.captchaExpired': 'The verification code has expired, please refresh it',
  'auth.captchaWrong': 'The verification code is wrong',
  'auth.badCredentials': 'The user name or password is wrong',
  'auth.userDisabled': 'This account has been disabled, please contact your administrator',
  'auth.userLocked': 'Too many failed attempts: this account is locked for {{minutes}} minutes',
  'auth.loginSuccess': 'Signed in',
  'auth.logoutSuccess': 'Signed out',
  'auth.codeSent': 'If this address belongs to an account, a code has been sent to it',
  'auth.codeCooldown': 'Please wait {{seconds}} seconds before asking for another code',
  'auth.codeInvalid': 'The code is wrong or has expired',
  'auth.codeValid': 'The code is correct',
  'auth.passwordReset': 'Your password has been reset, please sign in',
  'auth.oldPasswordWrong': 'The old password is wrong',
  'auth.newPasswordSame': 'The new password must differ from the old one',
  'auth.passwordChanged': 'Password changed',
  'auth.mailResetSubject': 'Orbit CRM password reset code',
  'auth.mailResetBody': 'Your password reset code is {{code}}. It is valid for {{minutes}} minutes. If you did not ask for it, ignore this e-mail.',
  'auth.mailLoginSubject': 'Orbit CRM sign-in code',
  'auth.mailLoginBody': 'Your sign-in code is {{code}}. It is valid for {{minutes}} minutes. If you did not ask for it, ignore this e-mail.',
} as const;

export type MessageKey = keyof typeof en;

const zh: Record<MessageKey, string> = {
  'common.ok': '操作成功',
  'common.error': '错误',
  'common.internal': '系统繁忙，请稍后再试',
  'common.notFound': '资源不存在',
  'common.routeNotFound': '请求的地址不存在',
  'common.unauthorized': '登录状态已过期，请重新登录',
  'common.forbidden': '抱歉，您没有访问此地址的权限，请联系 IT 服务部门，谢谢！',
  'common.badRequest': '请求无效',
  'common.tooMany': '请求过于频繁，请稍后再试',
  'common.payloadTooLarge': '请求内容过大',

  'validation.required': '{{field}}不能为空',
  'validation.tooLong': '{{field}}长度不能超过 {{max}} 个字符',
  'validation.tooShort': '{{field}}长度不能少于 {{min}} 个字符',
  'validation.wrongFormat': '格式错误',
  'validation.emailRequired': '请填写邮箱',
  'validation.lastNameRequired': '请填写姓氏',
  'validation.pickOne': '只能选择一个选项',
  'validation.pickAtLeastOne': '请至少选择一个选项',
  'validation.selectRecord': '请至少选择一条记录后重试',
  'validation.invalidValue': '{{field}}的值无效',
  'validation.uploadTooLarge': '文件大小超过 20M，请重新上传',
  'validation.uploadExcelOnly': '只能上传 Excel 文件（.xlsx、.xls）',

  'field.username': '用户名',
  'field.password': '密码',
  'field.code': '验证码',
  'field.uuid': '验证码标识',
  'field.email': '邮箱',
  'field.oldPassword': '旧密码',
  'field.newPassword': '新密码',

  'auth.captchaRequired': '请输入验证码',
  'auth.captchaExpired': '验证码已失效，请刷新后重试',
  'auth.captchaWrong': '验证码错误',
  'auth.badCredentials': '用户名或密码错误',
  'auth.userDisabled': '该账号已停用，请联系管理员',
  'auth.userLocked': '密码错误次数过多，账号已锁定 {{minutes}} 分钟',
  'auth.loginSuccess': '登录成功',
  'auth.logoutSuccess': '退出成功',
  'auth.codeSent': '如果该邮箱属于某个账号，验证码已发送',
  'auth.codeCooldown': '请等待 {{seconds}} 秒后再获取验证码',
  'auth.codeInvalid': '验证码错误或已过期',
  'auth.codeValid': '验证码正确',
  'auth.passwordReset': '密码已重置，请重新登录',
  'auth.oldPasswordWrong': '旧密码错误',
  'auth.newPasswordSame': '新密码不能与旧密码相同',
  'auth.passwordChanged': '密码修改成功',
  'auth.mailResetSubject': 'Orbit CRM 密码重置验证码',
  'auth.mailResetBody': '您的密码重置验证码是 {{code}}，{{minutes}} 分钟内有效。如非本人操作，请忽略本邮件。',
  'auth.mailLoginSubject': 'Orbit CRM 登录验证码',
  'auth.mailLoginBody': '您的登录验证码是 {{code}}，{{minutes}} 分钟内有效。如非本人操作，请忽略本邮件。',
};

export const messages: Record<Language, Record<MessageKey, string>> = { en, zh };

export type MessageParams = Record<string, string | number>;

/** Fills `{{name}}` placeholders; a `field` param that is itself a message key is translated first. */
export function translate(lang: Language, key: MessageKey, params: MessageParams = {}): string {
  const table = messages[lang] ?? messages.en;
  let text: string = table[key] ?? messages.en[key] ?? key;
  for (const [name, raw] of Object.entries(params)) {
    const value = typeof raw === 'string' && raw in table ? table[raw as MessageKey] : String(raw);
    text = text.split(`{{${name}}}`).join(value);
  }
  return text;
}

export function isMessageKey(value: string): value is MessageKey {
  return value in en;
}
