import { eq } from 'drizzle-orm';
import { CODE } from '@orbit/shared/constants';
import { updatePwdBody } from '@orbit/shared/contract/auth';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sysUser } from '../../../db/schema/organisation';
import { badRequest, fieldError, unauthorized } from '../../../lib/errors';
import { ok } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { hashPassword, verifyPassword } from '../../auth/password';
import { createSessionRepository } from '../../auth/session.repository';
import { findUserById } from '../../auth/user.lookup';

/** The signed-in user's own account: always the session's user, whatever ids the client sends. */
const profileRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Passwords travel in the body, never the query string, so they stay out of URLs and logs.
  app.put(
    '/system/user/profile/updatePwd',
    { config: { access: 'authenticated' }, schema: { body: updatePwdBody } },
    async (request) => {
      const current = requireUser(request);
      const user = await findUserById(app.db, current.userId);
      if (!user) throw unauthorized();
      const { oldPassword, newPassword } = request.body;
      if (!(await verifyPassword(user.password, oldPassword))) throw fieldError('oldPassword', 'auth.oldPasswordWrong');
      if (oldPassword === newPassword) throw fieldError('newPassword', 'auth.newPasswordSame');
      const passwordHash = await hashPassword(newPassword);
      await app.db.transaction(async (tx) => {
        await tx
          .update(sysUser)
          .set({ password: passwordHash, pwdUpdateDate: new Date(), mustChangePwd: false, pwdHintPostponedAt: null })
          .where(eq(sysUser.userId, user.userId));
        // Other devices signed in with the old password lose their sessions; this one stays.
        await createSessionRepository(tx, app.config.sessionTtlMinutes).revokeOthers(user.userId, request.session?.sessionId);
      });
      return { code: CODE.ok, msg: request.t('auth.passwordChanged') };
    },
  );

  /** "Remind me later" for the 90-day change suggestion; a forced change cannot be postponed. */
  app.get('/system/user/unResetPwd', { config: { access: 'authenticated' } }, async (request) => {
    const current = requireUser(request);
    const user = await findUserById(app.db, current.userId);
    if (!user) throw unauthorized();
    if (user.mustChangePwd) throw badRequest('common.badRequest');
    await app.db.update(sysUser).set({ pwdHintPostponedAt: new Date() }).where(eq(sysUser.userId, user.userId));
    return ok(request);
  });
};

export default profileRoutes;
