import type { signInEn } from './en';

/** The sign-in page's server messages in Chinese (see en.ts): the same keys, checked by the type. */
export const signInZh: Record<keyof typeof signInEn, string> = {
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
  'common.databaseUnavailable': '暂时无法连接数据库，请稍后再试',
  'validation.required': '{{field}}不能为空',
  'validation.tooLong': '{{field}}长度不能超过 {{max}} 个字符',
  'validation.tooShort': '{{field}}长度不能少于 {{min}} 个字符',
  'validation.wrongFormat': '格式错误',
  'field.username': '用户名',
  'field.password': '密码',
  'field.code': '验证码',
  'field.email': '邮箱',
  'field.newPassword': '新密码',
  'auth.passwordBlank': '密码不能只由空格组成',
  'auth.passwordHasUserName': '密码不能包含用户名',
  'auth.passwordNeedsLettersDigits': '密码必须同时包含字母和数字',
  'auth.passwordNeedsSpecial': '密码必须包含字母、数字和以下特殊字符之一：{{chars}}',
};
