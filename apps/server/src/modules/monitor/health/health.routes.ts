import { sql } from 'drizzle-orm';
import type { Health } from '@orbit/shared/contract/health';
import type { FastifyPluginAsync } from 'fastify';
import { okData } from '../../../lib/reply';

/**
 * `GET /health`, public, for a load balancer or a monitor: 200 when the database answers (an
 * unreachable one is the errors plugin's 503), with where reports read now (db/reporting.ts). It
 * names no host and no credentials, and measures the replica at most every few seconds.
 */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { config: { access: 'public' } }, async (request) => {
    await app.db.execute(sql`select 1`);
    const health: Health = { database: 'up', reporting: await app.reporting.status() };
    return okData(request, health);
  });
};

export default healthRoutes;
