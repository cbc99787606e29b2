import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { metadataOf } from '../engine/metadata/metadataStore';
import { stageHistoryOf } from './stageHistory';

const P = PERMISSIONS.opportunity;

/** What only opportunities have: the stage history (their pipeline board is the engine's board by stage, engine/board.routes.ts). */
const opportunityRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const meta = metadataOf(app.db);
  app.get('/crm/opportunity/:id/stageHistory', { config: { access: { permission: P.query } }, schema: { params: z.object({ id }) } }, async (request) =>
    okData(request, await stageHistoryOf(app.db, meta, requireUser(request), request.params.id)),
  );
};

export default opportunityRoutes;
