import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { emailPreviewQuery, emailTemplateBody } from '@orbit/shared/contract/email';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { EMAIL_PERMISSIONS } from '@orbit/shared/crm/email';
import type { Language } from '@orbit/shared/constants';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../../lib/errors';
import { ok, okData } from '../../../lib/reply';
import { cleanRichText } from '../../../lib/richText';
import { requireUser } from '../../../plugins/auth';
import { hasPermission } from '../../auth/currentUser';
import { recordNotFound } from '../engine/records/moduleRecords';
import { scopedRecord } from './emailRecords';
import { createEmailTemplates } from './emailTemplates';
import { mergeValues, renderMerge } from './mergeFields';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';

const TITLE = 'E-mail templates';
const SEND = { permission: EMAIL_PERMISSIONS.send };
const params = z.object({ id });

/**
 * `/crm/email/template`: templates with merge fields, every shared one and the caller's own
 * (emailTemplates.ts says who may change which), and a template filled from a real record the
 * caller may open.
 */
const emailTemplateRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Merge fields and recipients are read as the sender's role sees the module (field-level security): the current metadata.
  useFreshMetadata(app);
  const templates = createEmailTemplates(app.db);

  app.get('/crm/email/template/list', { config: { access: SEND } }, async (request) => okData(request, await templates.list(requireUser(request))));
  app.get('/crm/email/template/:id', { config: { access: SEND }, schema: { params } }, async (request) => okData(request, await templates.get(requireUser(request), request.params.id)));

  app.post(
    '/crm/email/template',
    { config: { access: SEND, log: { title: TITLE, businessType: BUSINESS_TYPE.insert } }, schema: { body: emailTemplateBody } },
    async (request) => okData(request, await templates.create(requireUser(request), request.body)),
  );

  app.put(
    '/crm/email/template/:id',
    { config: { access: SEND, log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { params, body: emailTemplateBody } },
    async (request) => {
      await templates.update(requireUser(request), request.params.id, request.body);
      return ok(request);
    },
  );

  app.delete('/crm/email/template/:id', { config: { access: SEND, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params } }, async (request) => {
    await templates.remove(requireUser(request), request.params.id);
    return ok(request);
  });

  app.get('/crm/email/template/:id/preview', { config: { access: SEND }, schema: { params, querystring: emailPreviewQuery } }, async (request) => {
    const user = requireUser(request);
    const { module, recordId, personModule, personId } = request.query;
    if (!hasPermission(user, PERMISSIONS[module].query)) throw forbidden();
    const template = await templates.visible(user, request.params.id);
    const record = await scopedRecord(app.db, user, request.lang, module, recordId);
    if (!record) throw recordNotFound();
    const person = personModule && personId ? { module: personModule, id: personId } : null;
    const values = await mergeValues(app.db, user, template.language as Language, module, record, person);
    return okData(request, { subject: renderMerge(template.subject, values, false), body: cleanRichText(renderMerge(template.body, values, true)) });
  });
};

export default emailTemplateRoutes;
