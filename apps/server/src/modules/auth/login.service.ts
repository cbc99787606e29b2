import { eq } from 'drizzle-orm';
import { CODE } from '@orbit/shared/constants';
import type { LoginBody } from '@orbit/shared/contract/auth';
import { translate } from '@orbit/shared/messages';
import type { FastifyInstance } from 'fastify';
import { STATUS_NORMAL } from '../../db/schema/columns';
import { sysUser } from '../../db/schema/organisation';
import type { ClientInfo } from '../../lib/clientInfo';
import { AppError } from '../../lib/errors';
import { createLoginLogRepository } from '../monitor/logininfor/logininfor.repository';
import { createCaptchaService } from './captcha.service';
import { createPasswordGuard } from './passwordGuard';
import { createSessionRepository } from './session.repository';
import { findUserByEmail, findUserByName, type UserRow } from './user.lookup';

/**
 * Password sign-in: captcha, the sign-in throttle (passwordGuard), disabled accounts, and a
 * login-log row for every attempt. Failures are logged in English for the administrator; the
 * caller gets its own language through AppError.
 */
export function createLoginService(app: FastifyInstance) {
  const captcha = createCaptchaService(app.db);
  const loginLog = createLoginLogRepository(app.db);
  const sessions = createSessionRepository(app.db, app.config.sessionTtlMinutes);
  const guard = createPasswordGuard(app.db, app.config);

  async function fail(userName: string, client: ClientInfo, error: AppError): Promise<never> {
    await loginLog.record({ userName, success: false, msg: translate('en', error.key, error.params), client });
    throw error;
  }

  /** Starts a session for a user who proved who they are (password or e-mail code). */
  async function openSession(user: UserRow, client: ClientInfo): Promise<string> {
    await app.db.update(sysUser).set({ loginIp: client.ipaddr, loginDate: new Date() }).where(eq(sysUser.userId, user.userId));
    const token = await sessions.create(user.userId, client);
    await loginLog.record({ userName: user.userName, success: true, msg: translate('en', 'auth.loginSuccess'), client });
    return token;
  }

  /** Refuses disabled accounts; shared by both ways of signing in. */
  async function assertActive(user: UserRow, client: ClientInfo): Promise<void> {
    if (user.status !== STATUS_NORMAL) await fail(user.userName, client, new AppError(CODE.forbidden, 'auth.userDisabled'));
  }

  /**
   * The captcha, then the password under the sign-in throttle: the user who proved it, or a refusal.
   * Signed in by address, a known account is counted under its user name, so the address is no
   * second budget of guesses; an unknown address under itself. Either way, answered alike.
   */
  async function authenticate(body: LoginBody, client: ClientInfo): Promise<UserRow> {
    if (await app.settings.get('captchaEnabled')) await captcha.check(body.uuid, body.code);
    const user = body.email ? await findUserByEmail(app.db, body.email) : await findUserByName(app.db, body.username ?? '');
    const countedAs = body.email ? (user?.userName ?? body.email) : (body.username ?? '');
    // Known and unknown names take the same path: counted, hashed, answered alike.
    const check = await guard.check(countedAs, user, body.password, client);
    if (check === 'wrong' || !user) throw new AppError(CODE.badRequest, 'auth.badCredentials');
    return user;
  }

  return {
    openSession,
    assertActive,
    fail,

    async login(body: LoginBody, client: ClientInfo): Promise<string> {
      let user: UserRow;
      try {
        user = await authenticate(body, client);
      } catch (error) {
        // Logged under what was typed: the user name, or the address (the account's name when it has one).
        const who = body.email ? ((await findUserByEmail(app.db, body.email))?.userName ?? body.email) : (body.username ?? '');
        if (error instanceof AppError) await fail(who, client, error);
        throw error;
      }
      await assertActive(user, client);
      return openSession(user, client);
    },

    async logout(sessionId: number, userName: string, client: ClientInfo): Promise<void> {
      await sessions.revoke(sessionId);
      await loginLog.record({ userName, success: true, msg: translate('en', 'auth.logoutSuccess'), client });
    },
  };
}
