import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors';
import { hasPermission, type CurrentUser } from '../modules/auth/currentUser';
import { createSessionRepository, type SessionRow } from '../modules/auth/session.repository';

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

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeAccess.push({ method, url: route.url, access: route.config?.access });
    }
  });

  // onRequest: refuse before the body is even parsed or validated.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    // Routes outside the API (static web files, 404) have no declared access and no data.
    if (access === undefined) {
      if (request.routeOptions.url === undefined || request.routeOptions.config?.static) return;
      throw forbidden();
    }
    if (access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const found = await sessions.touch(token);
    if (!found) throw unauthorized();
    const { session, user } = found;
    if (!user) {
      await sessions.revoke(session.sessionId);
      throw unauthorized();
    }
    request.session = session;
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
  }
}
