import { unlockScreenBody } from '@orbit/shared/contract/auth';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/clientInfo';
import { AppError, fieldError, unauthorized } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { requireUser } from '../../plugins/auth';
import { createPasswordGuard } from './passwordGuard';
import { createSessionRepository } from './session.repository';
import { findUserById } from './user.lookup';

/**
 * `POST /unlockscreen` (RuoYi's lock screen): the session's own user proves their password to
 * carry on. Counted like sign-in attempts, so a locked screen is no place to guess: once the
 * lock-out is reached the session itself ends (whoever is at the keyboard is not its owner).
 */
const lockScreenRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = createPasswordGuard(app.db, app.config);
  const sessions = createSessionRepository(app.db, app.config.sessionTtlMinutes);

  app.post(
    '/unlockscreen',
    { config: { access: 'authenticated', noApiKey: true, log: { title: 'Lock screen', withholdBody: true } }, schema: { body: unlockScreenBody } },
    async (request) => {
      const user = await findUserById(app.db, requireUser(request).userId);
      if (!user) throw unauthorized();
      try {
        if ((await guard.check(user.userName, user, request.body.password, clientInfo(request))) === 'wrong') throw fieldError('password', 'auth.unlockWrongPassword');
      } catch (error) {
        if (error instanceof AppError && error.code === 429 && request.session) await sessions.revoke(request.session.sessionId);
        throw error;
      }
      return ok(request);
    },
  );
};

export default lockScreenRoutes;
