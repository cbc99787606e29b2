import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { massEmailBody } from '@orbit/shared/contract/email';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../../lib/errors';
import { okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { hasPermission } from '../../auth/currentUser';
import { massEmailSummaries, queueMassEmail } from './massEmail';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';

const SEND = { permission: PERMISSIONS.massEmail.send };

/**
 * Mass e-mail (issue 35): `POST /crm/email/mass` to a list selection of leads or contacts (their
 * module's `query` too) or to a campaign's members (the campaign's `query`); a sender follows their
 * own mass sends' progress (`GET /crm/email/mass`, optionally of one campaign, and `/:id`).
 */
const massEmailRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Merge fields and recipients are read as the sender's role sees the module (field-level security): the current metadata.
  useFreshMetadata(app);

  app.post(
    '/crm/email/mass',
    // The template's text is the organisation's, but the log keeps no list of people either.
    { config: { access: SEND, log: { title: 'Mass e-mail', businessType: BUSINESS_TYPE.insert } }, schema: { body: massEmailBody } },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      const readable = body.campaignId !== undefined ? PERMISSIONS.campaign.query : body.module ? PERMISSIONS[body.module].query : null;
      if (readable && !hasPermission(user, readable)) throw forbidden();
      return okData(request, await queueMassEmail(app, user, request.lang, body));
    },
  );

  app.get(
    '/crm/email/mass',
    { config: { access: SEND }, schema: { querystring: z.object({ campaignId: id.optional() }) } },
    async (request) => {
      const user = requireUser(request);
      const { campaignId } = request.query;
      const where = campaignId === undefined ? sql`m.create_by = ${user.userId}` : sql`m.create_by = ${user.userId} and m.campaign_id = ${campaignId}`;
      return okData(request, await massEmailSummaries(app.db, where));
    },
  );

  app.get('/crm/email/mass/:id', { config: { access: SEND }, schema: { params: z.object({ id }) } }, async (request) => {
    const [summary] = await massEmailSummaries(app.db, sql`m.id = ${request.params.id} and m.create_by = ${requireUser(request).userId}`);
    if (!summary) throw notFound('email.massNotFound');
    return okData(request, summary);
  });
};

export default massEmailRoutes;
