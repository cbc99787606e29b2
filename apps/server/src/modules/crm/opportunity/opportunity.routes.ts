import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { pipelineBoardQuery } from '@orbit/shared/crm/opportunityStages';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { metadataOf } from '../engine/metadata/metadataStore';
import { createPipelineBoard } from './pipelineBoard';
import { stageHistoryOf } from './stageHistory';

const P = PERMISSIONS.opportunity;

/** What only opportunities have: the pipeline board and the stage history. */
const opportunityRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const meta = metadataOf(app.db);
  const board = createPipelineBoard(app.db, meta);

  app.get('/crm/opportunity/board', { config: { access: { permission: P.list } }, schema: { querystring: pipelineBoardQuery } }, async (request) => {
    const { columns, lookups } = await board({ user: requireUser(request), lang: request.lang }, request.query);
    return { ...okData(request, columns), lookups };
  });

  app.get('/crm/opportunity/:id/stageHistory', { config: { access: { permission: P.query } }, schema: { params: z.object({ id }) } }, async (request) =>
    okData(request, await stageHistoryOf(app.db, meta, requireUser(request), request.params.id)),
  );
};

export default opportunityRoutes;
