import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { emailSignatureBody, mailServerBody, sendEmailBody } from '@orbit/shared/contract/email';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { EMAIL_MODULES, EMAIL_PERMISSIONS } from '@orbit/shared/crm/email';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { stringValue } from '@orbit/shared/validation';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crmEmailSignature } from '../../../db/schema/crmEmail';
import { forbidden } from '../../../lib/errors';
import { ok, okData } from '../../../lib/reply';
import { cleanRichText } from '../../../lib/richText';
import { requireUser } from '../../../plugins/auth';
import { hasPermission } from '../../auth/currentUser';
import { recordNotFound } from '../engine/records/moduleRecords';
import { recordPeople, scopedRecord } from './emailRecords';
import { queueEmail } from './emailSend';
import { createMailServer } from './mailServer';
import { createOutbox } from './outbox';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';

const TITLE = 'E-mail';
const SEND = { permission: EMAIL_PERMISSIONS.send };
const MANAGE = { permission: EMAIL_PERMISSIONS.manage };

/**
 * E-mail out (issue 35): `POST /crm/email/send` from a lead, contact, account or opportunity the
 * caller may open (and, as it logs an activity, the activity's `add`); the people a record offers
 * as recipients; the sender's signature; the SMTP server of Settings and the development outbox
 * (an administrator's: the settings' `edit`).
 */
const emailRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Merge fields and recipients are read as the sender's role sees the module (field-level security): the current metadata.
  useFreshMetadata(app);
  const server = createMailServer(app.db, app.config);
  const outbox = createOutbox(app.config.dataDir);

  app.post(
    '/crm/email/send',
    // The body is a customer's mail: the operation log keeps none of it.
    { config: { access: SEND, log: { title: TITLE, businessType: BUSINESS_TYPE.insert, withholdBody: true } }, schema: { body: sendEmailBody } },
    async (request) => {
      const user = requireUser(request);
      if (!hasPermission(user, PERMISSIONS[request.body.module].query)) throw forbidden();
      return okData(request, await queueEmail(app, user, request.lang, request.body));
    },
  );

  app.get(
    '/crm/email/people/:module/:id',
    { config: { access: SEND }, schema: { params: z.object({ module: z.enum(EMAIL_MODULES), id }) } },
    async (request) => {
      const user = requireUser(request);
      const { module, id: recordId } = request.params;
      if (!hasPermission(user, PERMISSIONS[module].query)) throw forbidden();
      const record = await scopedRecord(app.db, user, request.lang, module, recordId);
      if (!record) throw recordNotFound();
      return okData(request, await recordPeople(app.db, user, module, record));
    },
  );

  app.get('/crm/email/signature', { config: { access: SEND } }, async (request) => {
    const [row] = await app.db.select().from(crmEmailSignature).where(eq(crmEmailSignature.userId, requireUser(request).userId));
    return okData(request, { signature: row?.signature ?? '' });
  });

  app.put(
    '/crm/email/signature',
    { config: { access: SEND, log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { body: emailSignatureBody } },
    async (request) => {
      const userId = requireUser(request).userId;
      const signature = cleanRichText(request.body.signature);
      await app.db
        .insert(crmEmailSignature)
        .values({ userId, signature })
        .onConflictDoUpdate({ target: crmEmailSignature.userId, set: { signature, updateTime: new Date() } });
      return ok(request);
    },
  );

  app.get('/crm/email/server', { config: { access: MANAGE } }, async (request) => okData(request, await server.settings()));

  app.put(
    '/crm/email/server',
    // The password is never logged.
    { config: { access: MANAGE, log: { title: TITLE, businessType: BUSINESS_TYPE.update, withholdBody: true } }, schema: { body: mailServerBody } },
    async (request) => {
      await server.save(request.body, requireUser(request).userName);
      return ok(request);
    },
  );

  app.delete('/crm/email/server', { config: { access: MANAGE, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } } }, async (request) => {
    await server.remove();
    return ok(request);
  });

  app.get('/crm/email/outbox', { config: { access: MANAGE } }, async (request) => okData(request, await outbox.list()));

  app.get(
    '/crm/email/outbox/:name',
    { config: { access: MANAGE }, schema: { params: z.object({ name: stringValue().max(200) }) } },
    async (request) => okData(request, await outbox.read(request.params.name)),
  );
};

export default emailRoutes;
