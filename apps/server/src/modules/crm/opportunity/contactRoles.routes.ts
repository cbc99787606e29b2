import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { addContactRoleBody, contactCandidatesQuery, updateContactRoleBody } from '@orbit/shared/contract/contactRoles';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { metadataOf } from '../engine/metadata/metadataStore';
import type { Caller } from '../engine/records/moduleRecords';
import { createContactRoles } from './contactRoles';

const P = PERMISSIONS.opportunity;
const caller = (request: FastifyRequest): Caller => ({ user: requireUser(request), lang: request.lang });
const log = { title: 'Opportunity contact roles', businessType: BUSINESS_TYPE.update };
const opportunity = z.object({ id });
const oneRole = z.object({ id, roleId: id });

/**
 * Contact roles: read with the opportunity's query right, changed with its edit right (they are
 * part of the opportunity); the contact's side with the contact's query right.
 */
const contactRoleRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const roles = createContactRoles(app.db, metadataOf(app.db));

  app.get('/crm/opportunity/:id/contact-roles', { config: { access: { permission: P.query } }, schema: { params: opportunity } }, async (request) =>
    okData(request, await roles.list(caller(request), request.params.id)),
  );

  app.get(
    '/crm/opportunity/:id/contact-roles/candidates',
    { config: { access: { permission: P.edit } }, schema: { params: opportunity, querystring: contactCandidatesQuery } },
    async (request) => okData(request, await roles.candidates(caller(request), request.params.id, request.query.q)),
  );

  app.post('/crm/opportunity/:id/contact-roles', { config: { access: { permission: P.edit }, log }, schema: { params: opportunity, body: addContactRoleBody } }, async (request) =>
    okData(request, await roles.add(caller(request), request.params.id, request.body)),
  );

  app.put(
    '/crm/opportunity/:id/contact-roles/:roleId',
    { config: { access: { permission: P.edit }, log }, schema: { params: oneRole, body: updateContactRoleBody } },
    async (request) => {
      await roles.update(caller(request), request.params.id, request.params.roleId, request.body);
      return ok(request);
    },
  );

  app.delete(
    '/crm/opportunity/:id/contact-roles/:roleId',
    { config: { access: { permission: P.edit }, log: { ...log, businessType: BUSINESS_TYPE.delete } }, schema: { params: oneRole } },
    async (request) => {
      await roles.remove(caller(request), request.params.id, request.params.roleId);
      return ok(request);
    },
  );

  app.get(
    '/crm/contact/:id/opportunity-roles',
    { config: { access: { permission: PERMISSIONS.contact.query } }, schema: { params: z.object({ id }) } },
    async (request) => okData(request, await roles.ofContact(caller(request), request.params.id)),
  );
};

export default contactRoleRoutes;
