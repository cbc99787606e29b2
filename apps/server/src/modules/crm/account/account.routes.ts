import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { campaignsOfAccount } from './accountCampaigns';

/** What only accounts have besides the engine's routes: the campaign history of the account's leads. */
const accountRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);

  app.get(
    '/crm/account/:id/campaigns',
    { config: { access: { permission: PERMISSIONS.account.query } }, schema: { params: z.object({ id }) } },
    async (request) => okData(request, await campaignsOfAccount(app.db, { user: requireUser(request), lang: request.lang }, request.params.id)),
  );
};

export default accountRoutes;
