import type { FastifyInstance } from 'fastify';
import { BUSINESS_DAY_HEADER, META_VERSION_HEADER } from '@orbit/shared/contract/crm';
import { calendarDay } from '@orbit/shared/crm/relativeDates';
import { metadataOf } from './metadataStore';

/**
 * Every request of a records route first makes sure this process holds the current metadata (one
 * indexed read; a reload only when another process or a set-up change bumped the version) and
 * tells the web app the version it was answered with, and the day its relative dates mean.
 */
export function useFreshMetadata(app: FastifyInstance): void {
  const store = metadataOf(app.db);
  app.addHook('preHandler', async (_request, reply) => {
    reply.header(META_VERSION_HEADER, String(await store.fresh()));
    reply.header(BUSINESS_DAY_HEADER, calendarDay());
  });
}
