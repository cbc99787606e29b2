import { CAPTCHA_PER_MINUTE, CODE } from '@orbit/shared/constants';
import { checkCodeBody, emailBody, emailQuery, loginBody, resetPwdBody } from '@orbit/shared/contract/auth';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { sysUser } from '../../db/schema/organisation';
import { clientInfo } from '../../lib/clientInfo';
import { isOrbitWeb } from '../../lib/orbitClient';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import { ok, okData } from '../../lib/reply';
import { bearerToken, requireUser } from '../../plugins/auth';
import { landingDashboardOf } from '../crm/dashboard/roleDashboards';
import { buildRouters, menusForUser, toTree } from '../system/menu/routers';
import { drawableByRuoYi } from '../system/menu/ruoyiViews';
import { createCaptchaService } from './captcha.service';
import { createCodeRequestGuard } from './codeRequestGuard';
import { createEmailCodeService } from './emailCode.service';
import { createLoginService } from './login.service';
import { hashPassword } from './password';
import { createSessionRepository } from './session.repository';
import { assertPasswordPolicy } from './passwordPolicy';
import { createPasswordGuard } from './passwordGuard';
import { createThrottle, type ThrottleRule } from './throttle';
import { buildUserInfo } from './userInfo';

/** The sign-in and code routes carry credentials: the operation log stores none of their bodies. */
const CREDENTIALS = { withholdBody: true } as const;
const CAPTCHA_RULE: ThrottleRule = { action: 'captcha', limit: CAPTCHA_PER_MINUTE, windowSeconds: 60 };

/** Sign-in, sign-out, the session's user and menu, and password reset / code sign-in by e-mail. */
const authRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const captcha = createCaptchaService(app.db);
  const login = createLoginService(app);
  const codes = createEmailCodeService(app);
  const codeGuard = createCodeRequestGuard(app);
  const sessions = createSessionRepository(app.db, app.config.sessionTtlMinutes);
  const throttle = createThrottle(app.db);

  app.get('/captchaImage', { config: { access: 'public' } }, async (request) => {
    if (!(await app.settings.get('captchaEnabled'))) return ok(request, { captchaEnabled: false });
    // Each picture costs a drawing and a row: a client address gets a person's worth of refreshes.
    if (!(await throttle.reserve(CAPTCHA_RULE, request.ip)).allowed) throw new AppError(CODE.tooMany, 'common.tooMany');
    return ok(request, { captchaEnabled: true, ...(await captcha.issue()) });
  });

  app.post('/login', { config: { access: 'public', noApiKey: true, log: CREDENTIALS }, schema: { body: loginBody } }, async (request) => {
    const token = await login.login(request.body, clientInfo(request));
    return ok(request, { token });
  });

  app.post('/logout', { config: { access: 'public', noApiKey: true } }, async (request) => {
    // Public so that an already-expired token can still "log out" without a 401 dialog.
    const token = bearerToken(request);
    const session = token ? (await sessions.touch(token))?.session : undefined;
    if (session) {
      const [user] = await app.db.select({ userName: sysUser.userName }).from(sysUser).where(eq(sysUser.userId, session.userId));
      await login.logout(session.sessionId, user?.userName ?? '', clientInfo(request));
    }
    return ok(request);
  });

  app.get('/getInfo', { config: { access: 'authenticated', beforePasswordChange: true } }, async (request) => {
    const info = await buildUserInfo(app.db, requireUser(request), await app.settings.read(['passwordAgeDays', 'passwordChars', 'organisationCurrency']));
    if (!info) throw unauthorized();
    return ok(request, info);
  });

  app.get('/getRouters', { config: { access: 'authenticated', beforePasswordChange: true } }, async (request) => {
    const user = requireUser(request);
    const menus = await menusForUser(app.db, user);
    const routers = buildRouters(toTree(menus), { landsOnDashboard: (await landingDashboardOf(app.db, user)) !== null });
    // A RuoYi client gets only what its views can draw; Orbit's web app names itself (lib/orbitClient.ts).
    return okData(request, isOrbitWeb(request) ? routers : drawableByRuoYi(routers));
  });

  // Password reset by e-mail code. The answers never say whether the address has an account.
  // Every route that mails a code passes the captcha (when on) and the sending limits first.
  for (const url of ['/sendCode', '/resendCode']) {
    app.get(url, { config: { access: 'public' }, schema: { querystring: emailQuery } }, async (request) => {
      await codeGuard.admit(request.query, request.ip);
      await codes.send(request.query.email, 'reset', request.lang);
      return { code: CODE.ok, msg: request.t('auth.codeSent') };
    });
  }

  app.post('/checkCode', { config: { access: 'public', noApiKey: true, log: CREDENTIALS }, schema: { body: checkCodeBody } }, async (request) => {
    const { email, code } = request.body;
    const user = await app.db.transaction((tx) => codes.verifyAccount(tx, email, code, 'reset', false));
    if (!user) throw badRequest('auth.codeInvalid');
    return { code: CODE.ok, msg: request.t('auth.codeValid') };
  });

  app.put('/resetPwd', { config: { access: 'public', noApiKey: true, log: CREDENTIALS }, schema: { body: resetPwdBody } }, async (request) => {
    const { email, code, password } = request.body;
    const charRule = await app.settings.get('passwordChars');
    const valid = await app.db.transaction(async (tx) => {
      const user = await codes.verifyAccount(tx, email, code, 'reset', true);
      if (!user) return false;
      // A refused password rolls the transaction back: the code stays usable for a better one.
      await assertPasswordPolicy(password, user, 'password', charRule);
      await tx
        .update(sysUser)
        .set({ password: await hashPassword(password), pwdUpdateDate: new Date(), mustChangePwd: false })
        .where(eq(sysUser.userId, user.userId));
      await createSessionRepository(tx, app.config.sessionTtlMinutes).revokeOthers(user.userId);
      // Whoever proves the address may sign in again at once.
      await createPasswordGuard(tx).clear(user.userName);
      return true;
    });
    if (!valid) throw badRequest('auth.codeInvalid');
    return { code: CODE.ok, msg: request.t('auth.passwordReset') };
  });

  // Sign-in by a code sent to the user's e-mail address.
  app.post('/email', { config: { access: 'public', noApiKey: true, log: CREDENTIALS }, schema: { body: emailBody } }, async (request) => {
    await codeGuard.admit(request.body, request.ip);
    await codes.send(request.body.email, 'login', request.lang);
    return { code: CODE.ok, msg: request.t('auth.codeSent') };
  });

  app.post('/switchLogin', { config: { access: 'public', noApiKey: true, log: CREDENTIALS }, schema: { body: checkCodeBody } }, async (request) => {
    const { email, code } = request.body;
    const client = clientInfo(request);
    const user = await app.db.transaction((tx) => codes.verifyAccount(tx, email, code, 'login', true));
    if (!user) return login.fail(email, client, new AppError(CODE.badRequest, 'auth.codeInvalid'));
    // Wrong passwords do not stop a code sign-in: whoever reads the mailbox is the owner, and this
    // is the way in while someone else spends the password's tries.
    await login.assertActive(user, client);
    const token = await login.openSession(user, client);
    return ok(request, { token });
  });
};

export default authRoutes;
