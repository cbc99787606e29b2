import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { convertContactsQuery, convertLeadBody, DUPLICATE_CHECK_FIELDS } from '@orbit/shared/contract/crm';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../../lib/errors';
import { okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { metadataOf } from '../engine/metadata/metadataStore';
import type { Caller } from '../engine/records/moduleRecords';
import { findDuplicates } from './duplicates';
import { createLeadConversion } from './leadConversion';
import { stringValue } from '@orbit/shared/validation';

const P = PERMISSIONS.leads;
const caller = (request: FastifyRequest): Caller => ({ user: requireUser(request), lang: request.lang });

/** What only leads have: the duplicate check and conversion (campaign membership: campaign/campaign.routes.ts). */
const leadsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const meta = metadataOf(app.db);
  const conversion = createLeadConversion(app.db);

  // SPEC §7 `/core/checkLeadSource/{a}/{b}`, read as a duplicate check (docs/records-engine.md).
  app.get(
    '/core/checkLeadSource/:field/:value',
    { config: { access: { permission: [P.query, P.add] } }, schema: { params: z.object({ field: stringValue().max(30), value: stringValue().trim().min(1).max(255) }) } },
    async (request) => {
      const field = DUPLICATE_CHECK_FIELDS.find((f) => f === request.params.field);
      if (!field) throw badRequest('duplicate.unknownField');
      return okData(request, await findDuplicates(app.db, meta, requireUser(request), field, request.params.value));
    },
  );

  app.get('/crm/leads/convert/candidates/:id', { config: { access: { permission: P.convert } }, schema: { params: z.object({ id }) } }, async (request) =>
    okData(request, await conversion.candidates(caller(request), request.params.id)),
  );

  app.get(
    '/crm/leads/convert/contacts/:id',
    { config: { access: { permission: P.convert } }, schema: { params: z.object({ id }), querystring: convertContactsQuery } },
    async (request) => okData(request, await conversion.contactCandidates(caller(request), request.params.id, request.query.accountId)),
  );

  app.post(
    '/crm/leads/convert',
    { config: { access: { permission: P.convert }, log: { title: 'Leads', businessType: BUSINESS_TYPE.update } }, schema: { body: convertLeadBody } },
    async (request) => okData(request, await conversion.convert(caller(request), request.body)),
  );
};

export default leadsRoutes;
