export default {
  'login.title': 'Orbit CRM',
  'login.username': '用户名',
  'login.password': '密码',
  'login.code': '验证码',
  'login.usernameRequired': '请输入用户名',
  'login.passwordRequired': '请输入密码',
  'login.codeRequired': '请输入验证码',
  'login.captchaAlt': '验证码图片',
  'login.captchaRefresh': '点击换一张',
  'login.submit': '登 录',
  'login.signingIn': '登录中…',
};
