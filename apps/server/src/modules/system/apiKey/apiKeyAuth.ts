import { CODE } from '@orbit/shared/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { createThrottle, type ThrottleRule } from '../../auth/throttle';
import { createApiKeyRepository, type ApiKeyRecord } from './apiKey.repository';

/** `last_used_at` is written at most once a minute per key: reads stay reads. */
const MARK_USED_AFTER_MS = 60_000;
const RATE_ACTION = 'apikey';
const RATE_WINDOW_SECONDS = 60;
/** Methods a read-only key may use: those that change nothing. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The one check of a request made with an API key (plugins/auth.ts hands such bearer values
 * here): a known, live key of a present, enabled user → that user, exactly as their session would
 * make them (permissions, data scope). A read-only key may only read; each key gets the setting
 * `sys.apikey.requestsPerMinute` per minute, counted in the database so that every server
 * process shares one budget (as sign-in attempts are, auth/throttle.ts).
 */
export function createApiKeyAuth(app: FastifyInstance) {
  const keys = createApiKeyRepository(app.db);
  const throttle = createThrottle(app.db);

  return async function authenticate(request: FastifyRequest, reply: FastifyReply, bearer: string): Promise<{ key: ApiKeyRecord; user: CurrentUser }> {
    const now = new Date();
    const found = await keys.find(bearer);
    // Unknown, revoked and expired keys answer alike: nothing tells a guesser which one it hit.
    if (!found || found.key.revokedAt || found.key.expiresAt <= now || !found.user) throw unauthorized();
    const { key, user } = found;
    if (key.readOnly && !READ_METHODS.has(request.method)) throw forbidden('apiKey.readOnly');

    const limit = await app.settings.get('apiKeyRequestsPerMinute');
    const rule: ThrottleRule = { action: RATE_ACTION, limit, windowSeconds: RATE_WINDOW_SECONDS };
    const reservation = await throttle.reserve(rule, String(key.keyId));
    if (!reservation.allowed) {
      reply.header('Retry-After', String(reservation.retryAfterSeconds));
      throw new AppError(CODE.tooMany, 'apiKey.rateLimited', { seconds: reservation.retryAfterSeconds });
    }
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > MARK_USED_AFTER_MS) await keys.markUsed(key.keyId, now);
    return { key, user };
  };
}
