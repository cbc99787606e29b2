import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { timelineQuery } from '@orbit/shared/contract/timeline';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { metadataOf } from '../engine/metadata/metadataStore';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { timelinePage } from './timeline';

/**
 * `GET /crm/{module}/{id}/timeline?kinds=&pageNum=&pageSize=` for every module of the records
 * engine: what happened on and around a record, newest first (timeline.ts). Reading it is
 * reading the record: its module's `query` and its data scope.
 */
const timelineRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const meta = metadataOf(app.db);
  for (const module of CRM_MODULES) {
    app.get(
      `/crm/${module}/:id/timeline`,
      { config: { access: { permission: PERMISSIONS[module].query } }, schema: { params: z.object({ id }), querystring: timelineQuery } },
      async (request) => ok(request, await timelinePage(app.db, meta, requireUser(request), request.lang, module, request.params.id, request.query)),
    );
  }
};

export default timelineRoutes;
