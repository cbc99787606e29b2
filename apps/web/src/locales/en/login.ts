export default {
  'login.title': 'Orbit CRM',
  'login.username': 'User name',
  'login.password': 'Password',
  'login.code': 'Verification code',
  'login.usernameRequired': 'Please enter your user name',
  'login.passwordRequired': 'Please enter your password',
  'login.codeRequired': 'Please enter the verification code',
  'login.captchaAlt': 'Verification code image',
  'login.captchaRefresh': 'Click for a new code',
  'login.submit': 'Sign in',
  'login.signingIn': 'Signing in…',
};
