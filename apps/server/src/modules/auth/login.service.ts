import { eq, sql } from 'drizzle-orm';
import { CODE, LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@orbit/shared/constants';
import type { LoginBody } from '@orbit/shared/contract/auth';
import { translate } from '@orbit/shared/messages';
import type { FastifyInstance } from 'fastify';
import { STATUS_NORMAL } from '../../db/schema/columns';
import { sysUser } from '../../db/schema/organisation';
import type { ClientInfo } from '../../lib/clientInfo';
import { AppError } from '../../lib/errors';
import { createLoginLogRepository } from '../monitor/logininfor/logininfor.repository';
import { createCaptchaService } from './captcha.service';
import { verifyPassword } from './password';
import { createSessionRepository } from './session.repository';
import { findUserByName, type UserRow } from './user.lookup';

/**
 * Password sign-in: captcha, lock-out after repeated failures, disabled accounts, and a login-log
 * row for every attempt. Failures are logged in English for the administrator; the caller gets
 * its own language through AppError.
 */
export function createLoginService(app: FastifyInstance) {
  const captcha = createCaptchaService(app.db);
  const loginLog = createLoginLogRepository(app.db);
  const sessions = createSessionRepository(app.db, app.config.sessionTtlMinutes);

  async function fail(userName: string, client: ClientInfo, error: AppError): Promise<never> {
    await loginLog.record({ userName, success: false, msg: translate('en', error.key, error.params), client });
    throw error;
  }

  /**
   * Counts a wrong password; the attempt that reaches the limit locks the account. Like a counter
   * that expires, a run of failures starts again once the last one is older than the lock period,
   * so a few typos spread over weeks never lock anyone out.
   */
  async function recordWrongPassword(user: UserRow): Promise<boolean> {
    const now = new Date();
    const windowStart = new Date(now.getTime() - LOGIN_LOCK_MINUTES * 60_000);
    const [row] = await app.db
      .update(sysUser)
      .set({
        failedLoginCount: sql`case when ${sysUser.lastFailedLoginAt} > ${windowStart} then ${sysUser.failedLoginCount} + 1 else 1 end`,
        lastFailedLoginAt: now,
      })
      .where(eq(sysUser.userId, user.userId))
      .returning({ failed: sysUser.failedLoginCount });
    if ((row?.failed ?? 0) < LOGIN_MAX_FAILURES) return false;
    await app.db
      .update(sysUser)
      .set({ failedLoginCount: 0, lockedUntil: new Date(Date.now() + LOGIN_LOCK_MINUTES * 60_000) })
      .where(eq(sysUser.userId, user.userId));
    return true;
  }

  /** Starts a session for a user who proved who they are (password or e-mail code). */
  async function openSession(user: UserRow, client: ClientInfo): Promise<string> {
    await app.db
      .update(sysUser)
      .set({ failedLoginCount: 0, lockedUntil: null, loginIp: client.ipaddr, loginDate: new Date() })
      .where(eq(sysUser.userId, user.userId));
    const token = await sessions.create(user.userId, client);
    await loginLog.record({ userName: user.userName, success: true, msg: translate('en', 'auth.loginSuccess'), client });
    return token;
  }

  /** Refuses locked and disabled accounts; shared by both ways of signing in. */
  async function assertMaySignIn(user: UserRow, client: ClientInfo): Promise<void> {
    if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
      await fail(user.userName, client, new AppError(CODE.forbidden, 'auth.userLocked', { minutes: LOGIN_LOCK_MINUTES }));
    }
    if (user.status !== STATUS_NORMAL) {
      await fail(user.userName, client, new AppError(CODE.forbidden, 'auth.userDisabled'));
    }
  }

  return {
    openSession,
    assertMaySignIn,
    fail,

    async login(body: LoginBody, client: ClientInfo): Promise<string> {
      const userName = body.username;
      if (app.config.captchaEnabled) {
        try {
          await captcha.check(body.uuid, body.code);
        } catch (error) {
          if (error instanceof AppError) await fail(userName, client, error);
          throw error;
        }
      }
      const user = await findUserByName(app.db, userName);
      const badCredentials = new AppError(CODE.badRequest, 'auth.badCredentials');
      if (!user) {
        // Hash anyway so that response time does not reveal whether the user exists.
        await verifyPassword('$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0000000000000000000000000000000000000000000', body.password);
        return fail(userName, client, badCredentials);
      }
      if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
        return fail(user.userName, client, new AppError(CODE.forbidden, 'auth.userLocked', { minutes: LOGIN_LOCK_MINUTES }));
      }
      if (!(await verifyPassword(user.password, body.password))) {
        const locked = await recordWrongPassword(user);
        return fail(
          user.userName,
          client,
          locked ? new AppError(CODE.forbidden, 'auth.userLocked', { minutes: LOGIN_LOCK_MINUTES }) : badCredentials,
        );
      }
      await assertMaySignIn(user, client);
      return openSession(user, client);
    },

    async logout(sessionId: number, userName: string, client: ClientInfo): Promise<void> {
      await sessions.revoke(sessionId);
      await loginLog.record({ userName, success: true, msg: translate('en', 'auth.logoutSuccess'), client });
    },
  };
}
