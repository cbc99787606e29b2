import { z } from 'zod';
import { addAccountContactsBody } from '@orbit/shared/contract/campaign';
import { id } from '@orbit/shared/contract/common';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { createCampaignMembers } from '../campaign/campaignMembers';
import { campaignsOfAccount } from './accountCampaigns';

/** What only accounts have besides the engine's routes: the campaign history of the account's people, and adding its contacts to a campaign. */
const accountRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const members = createCampaignMembers(app.db);

  app.get(
    '/crm/account/:id/campaigns',
    { config: { access: { permission: PERMISSIONS.account.query } }, schema: { params: z.object({ id }) } },
    async (request) => okData(request, await campaignsOfAccount(app.db, { user: requireUser(request), lang: request.lang }, request.params.id)),
  );

  // Adding contacts to a campaign is a change of contacts, as from the contact list (contact edit); the account and each contact within scope.
  app.post(
    '/crm/account/:id/contacts/addToCampaign',
    {
      config: { access: { permission: PERMISSIONS.contact.edit }, log: { title: 'Campaign members', businessType: BUSINESS_TYPE.update } },
      schema: { params: z.object({ id }), body: addAccountContactsBody },
    },
    async (request) => {
      const { campaignId, memberStatus } = request.body;
      const added = await members.addAccountContacts({ user: requireUser(request), lang: request.lang }, request.params.id, campaignId, memberStatus);
      return { ...ok(request), msg: request.t('campaign.contactsAdded', { count: added }), data: added };
    },
  );
};

export default accountRoutes;
