import { z } from 'zod';
import { addCampaignMembersBody, CAMPAIGN_MEMBER_MODULES, campaignFiguresQuery, campaignMembersQuery, memberStatusBody } from '@orbit/shared/contract/campaign';
import { id, idList } from '@orbit/shared/contract/common';
import { addToCampaignBody } from '@orbit/shared/contract/crm';
import type { MessageKey } from '@orbit/shared/messages';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData, okPage } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import type { Caller } from '../engine/records/moduleRecords';
import { campaignFigures } from './campaignFigures';
import { createCampaignMembers } from './campaignMembers';

const P = PERMISSIONS.campaign;
const caller = (request: FastifyRequest): Caller => ({ user: requireUser(request), lang: request.lang });
const log = { title: 'Campaign members', businessType: BUSINESS_TYPE.update };

/** How many people were added, in the words of who they were. */
const addedMessage = (body: { leadIds?: number[]; contactIds?: number[] }): MessageKey =>
  !body.contactIds?.length ? 'campaign.membersAdded' : !body.leadIds?.length ? 'campaign.contactsAdded' : 'campaign.peopleAdded';

/**
 * What only campaigns have: their members (leads and contacts, each with a member status) and their
 * figures; and, on each member module, the mass action "add to campaign" and a record's campaign history.
 */
const campaignRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const members = createCampaignMembers(app.db);

  app.get(
    '/crm/campaign/:id/members',
    { config: { access: { permission: P.query } }, schema: { params: z.object({ id }), querystring: campaignMembersQuery } },
    async (request) => okPage(request, await members.list(caller(request), request.params.id, request.query)),
  );

  app.post(
    '/crm/campaign/:id/members',
    { config: { access: { permission: P.edit }, log }, schema: { params: z.object({ id }), body: addCampaignMembersBody } },
    async (request) => {
      const added = await members.add(caller(request), { campaignId: request.params.id, ...request.body });
      return { ...ok(request), msg: request.t(addedMessage(request.body), { count: added }), data: added };
    },
  );

  for (const module of CAMPAIGN_MEMBER_MODULES) {
    // The same permission as any other mass change of the list's records: edit of their module.
    app.post(
      `/crm/${module}/mass/addToCampaign`,
      { config: { access: { permission: PERMISSIONS[module].edit }, log }, schema: { body: addToCampaignBody } },
      async (request) => {
        const { ids, campaignId, memberStatus } = request.body;
        const people = module === 'leads' ? { leadIds: ids } : { contactIds: ids };
        const added = await members.add(caller(request), { campaignId, ...people, status: memberStatus });
        return { ...ok(request), msg: request.t(addedMessage(people), { count: added }), data: added };
      },
    );

    app.get(`/crm/${module}/:id/campaigns`, { config: { access: { permission: PERMISSIONS[module].query } }, schema: { params: z.object({ id }) } }, async (request) =>
      okData(request, await members.ofRecord(caller(request), module, request.params.id)),
    );
  }

  app.put(
    '/crm/campaign/members/:memberId',
    { config: { access: { permission: P.edit }, log }, schema: { params: z.object({ memberId: id }), body: memberStatusBody } },
    async (request) => {
      await members.setStatus(caller(request), request.params.memberId, request.body.status);
      return ok(request);
    },
  );

  app.delete(
    '/crm/campaign/members/:ids',
    { config: { access: { permission: P.edit }, log: { ...log, businessType: BUSINESS_TYPE.delete } }, schema: { params: z.object({ ids: idList }) } },
    async (request) => {
      const removed = await members.remove(caller(request), request.params.ids);
      return { ...ok(request), msg: request.t('campaign.membersRemoved', { count: removed }), data: removed };
    },
  );

  app.get(
    '/crm/campaign/:id/figures',
    { config: { access: { permission: P.query } }, schema: { params: z.object({ id }), querystring: campaignFiguresQuery } },
    async (request) => okData(request, await campaignFigures(app.db, requireUser(request), request.params.id, request.query.children)),
  );
};

export default campaignRoutes;
