import { z } from 'zod';
import { id, pageQuery } from '@orbit/shared/contract/common';
import { updateWebhookBody, webhookBody } from '@orbit/shared/contract/automation';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData, okPage } from '../../../lib/reply';
import { readStoredError } from '../../crm/automation/storedError';
import { webhooksRepository } from './webhooks.repository';
import { checkWebhookTarget } from './webhookTarget';

const P = PERMISSIONS.webhook;
const idParam = z.object({ id });
const log = (businessType: (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE]) => ({ title: 'Webhook', businessType });

/**
 * System › Webhooks (issue 34): a URL subscribed to a module's record events, signed with a secret
 * shown once (the create's answer), delivered from the outbox with retries; the delivery log and
 * resend. A target must be http(s) and, unless the setting `webhookAllowPrivate` allows it, public.
 */
const webhookRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const hooks = webhooksRepository(app.db, app.config.secretKey);
  const checkTarget = async (url: string) => void (await checkWebhookTarget(url, await app.settings.get('webhookAllowPrivate')));

  app.get('/system/webhook', { config: { access: { permission: P.list } } }, async (request) => okData(request, await hooks.list()));

  app.get('/system/webhook/:id', { config: { access: { permission: P.list } }, schema: { params: idParam } }, async (request) =>
    okData(request, await hooks.get(request.params.id)),
  );

  app.post('/system/webhook', { config: { access: { permission: P.add }, log: log(BUSINESS_TYPE.insert) }, schema: { body: webhookBody } }, async (request) => {
    await checkTarget(request.body.url);
    return okData(request, await hooks.create(request.body, request.user!.userId));
  });

  app.put('/system/webhook', { config: { access: { permission: P.edit }, log: log(BUSINESS_TYPE.update) }, schema: { body: updateWebhookBody } }, async (request) => {
    const { id: hookId, ...body } = request.body;
    await checkTarget(body.url);
    await hooks.update(hookId, body, request.user!.userId);
    return ok(request);
  });

  app.delete('/system/webhook/:id', { config: { access: { permission: P.remove }, log: log(BUSINESS_TYPE.delete) }, schema: { params: idParam } }, async (request) => {
    await hooks.remove(request.params.id);
    return ok(request);
  });

  app.get('/system/webhook/:id/deliveries', { config: { access: { permission: P.list } }, schema: { params: idParam, querystring: z.object(pageQuery) } }, async (request) => {
    const page = await hooks.deliveries(request.params.id, request.query);
    return okPage(request, { total: page.total, rows: page.rows.map((d) => ({ ...d, error: readStoredError(d.error, request.lang) })) });
  });

  app.post(
    '/system/webhook/:id/deliveries/:deliveryId/resend',
    { config: { access: { permission: P.edit }, log: log(BUSINESS_TYPE.other) }, schema: { params: z.object({ id, deliveryId: id }) } },
    async (request) => okData(request, await hooks.resend(request.params.id, request.params.deliveryId)),
  );
};

export default webhookRoutes;
