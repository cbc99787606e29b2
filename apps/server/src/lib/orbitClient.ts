import { CLIENT_HEADER, ORBIT_WEB_CLIENT } from '@orbit/shared/constants';
import type { FastifyRequest } from 'fastify';

/**
 * Whether the call comes from Orbit's own web app, which names itself on every call. Any other
 * client is served as a RuoYi front end where the two differ (dates on the RuoYi-compatible
 * routes, the menus of `/getRouters`): an unmodified RuoYi client cannot be made to send a header.
 */
export const isOrbitWeb = (request: FastifyRequest): boolean => request.headers[CLIENT_HEADER.toLowerCase()] === ORBIT_WEB_CLIENT;
