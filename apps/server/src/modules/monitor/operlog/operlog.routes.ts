import { z } from 'zod';
import { id, idList } from '@orbit/shared/contract/common';
import { BUSINESS_TYPE, operlogListQuery } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../../lib/errors';
import { ok, okData, okPage } from '../../../lib/reply';
import { createOperLogRepository } from './operlog.repository';

const P = PERMISSIONS.operlog;
const TITLE = 'Operation log';

/** `/monitor/operlog`: list, detail, delete and clean. */
const operlogRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const logs = createOperLogRepository(app.db);

  app.get('/monitor/operlog/list', { config: { access: { permission: P.list } }, schema: { querystring: operlogListQuery } }, async (request) =>
    okPage(request, await logs.list(request.query)),
  );

  app.get('/monitor/operlog/:operId', { config: { access: { permission: P.query } }, schema: { params: z.object({ operId: id }) } }, async (request) => {
    const row = await logs.findById(request.params.operId);
    if (!row) throw notFound();
    return okData(request, row);
  });

  app.delete(
    '/monitor/operlog/clean',
    { config: { access: { permission: P.remove }, log: { title: TITLE, businessType: BUSINESS_TYPE.clean } } },
    async (request) => {
      await logs.clean();
      return ok(request);
    },
  );

  app.delete(
    '/monitor/operlog/:operIds',
    { config: { access: { permission: P.remove }, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params: z.object({ operIds: idList }) } },
    async (request) => {
      await logs.remove(request.params.operIds);
      return ok(request);
    },
  );
};

export default operlogRoutes;
