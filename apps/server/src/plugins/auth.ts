import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors';
import { hasPermission, type CurrentUser } from '../modules/auth/currentUser';
import { createSessionRepository } from '../modules/auth/session.repository';
import type { SessionRow } from '../modules/auth/sessionRead';
import { isApiKeyShaped } from '@orbit/shared/contract/apiKeys';
import { createApiKeyAuth } from '../modules/system/apiKey/apiKeyAuth';

/**
 * What a route needs: `public` (anyone), `authenticated` (any signed-in user) or a permission
 * string (any of several). Every route must declare one; a test walks all routes to prove it.
 */
export type Access = 'public' | 'authenticated' | { permission: string | string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    session: SessionRow | null;
    user: CurrentUser | null;
    /** The API key a request was made with (then `session` is null). */
    apiKeyId: number | null;
  }
  interface FastifyInstance {
    /** Every registered route with what it declared, for the enforcement test. */
    routeAccess: Array<{ method: string; url: string; access: Access | undefined }>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/** The signed-in user of a route that is not public; the auth hook guarantees it is set. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export default fp(async (app) => {
  const sessions = createSessionRepository(app.db, app.config.sessionTtlMinutes);
  app.decorate('routeAccess', []);
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.decorateRequest('apiKeyId', null);
  const apiKeyAuth = createApiKeyAuth(app);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeAccess.push({ method, url: route.url, access: route.config?.access });
    }
  });

  // onRequest: refuse before the body is even parsed or validated.
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    // Routes outside the API (static web files, 404) have no declared access and no data.
    if (access === undefined) {
      if (request.routeOptions.url === undefined || request.routeOptions.config?.static) return;
      throw forbidden();
    }
    const token = bearerToken(request);
    // Sign-in, passwords and the keys themselves need the person, not a key (which may have leaked).
    if (token && request.routeOptions.config?.noApiKey && isApiKeyShaped(token)) throw forbidden('apiKey.notAllowed');
    if (access === 'public') return;
    if (!token) throw unauthorized();
    let user: CurrentUser;
    if (isApiKeyShaped(token)) {
      const found = await apiKeyAuth(request, reply, token);
      request.apiKeyId = found.key.keyId;
      user = found.user;
    } else {
      const found = await sessions.touch(token);
      if (!found) throw unauthorized();
      if (!found.user) {
        await sessions.revoke(found.session.sessionId);
        throw unauthorized();
      }
      request.session = found.session;
      user = found.user;
    }
    request.user = user;
    // Until a password an administrator set is replaced, it may only be replaced (the
    // administrator knows it): the routes of the sign-in and password-change flow say so.
    if (user.mustChangePwd && !request.routeOptions.config?.beforePasswordChange) throw forbidden('auth.passwordChangeRequired');
    if (access === 'authenticated') return;
    const needed = Array.isArray(access.permission) ? access.permission : [access.permission];
    if (!needed.some((p) => hasPermission(user, p))) throw forbidden();
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks the static web-app routes, which carry no API access declaration. */
    static?: boolean;
    /** Open to a user who must still replace a password an administrator set (sign-in flow, the change itself). */
    beforePasswordChange?: boolean;
    /** Refuses requests made with an API key (403): sign-in, password and e-mail changes, the key routes. */
    noApiKey?: boolean;
  }
}
