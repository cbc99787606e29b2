import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { inboxLinkBody } from '@orbit/shared/contract/emailInbound';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { EMAIL_PERMISSIONS } from '@orbit/shared/crm/email';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../../../lib/errors';
import { ok, okData } from '../../../../lib/reply';
import { requireUser } from '../../../../plugins/auth';
import { hasPermission } from '../../../auth/currentUser';
import { createInbox } from './inbox';

const TITLE = 'E-mail inbox';
/** Whoever sends mail from records (logs activities) has an inbox for what they receive. */
const ACCESS = { permission: EMAIL_PERMISSIONS.send };
const params = z.object({ id });

/**
 * The caller's inbox of received mail that matched no record (docs/email.md, "E-mail in"):
 * `GET /crm/email/inbox`, `POST /crm/email/inbox/{id}/link` onto a record they may open (and whose
 * module they may query), `DELETE /crm/email/inbox/{id}` to discard it. Only the caller's own mail.
 */
const inboxRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const inbox = createInbox(app.db, app.fileStore);

  app.get('/crm/email/inbox', { config: { access: ACCESS } }, async (request) => okData(request, await inbox.list(requireUser(request))));

  app.post(
    '/crm/email/inbox/:id/link',
    { config: { access: ACCESS, log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { params, body: inboxLinkBody } },
    async (request) => {
      const user = requireUser(request);
      if (!hasPermission(user, PERMISSIONS[request.body.module].query)) throw forbidden();
      await inbox.link(user, request.lang, request.params.id, request.body);
      return ok(request);
    },
  );

  app.delete('/crm/email/inbox/:id', { config: { access: ACCESS, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params } }, async (request) => {
    await inbox.discard(requireUser(request), request.params.id);
    return ok(request);
  });
};

export default inboxRoutes;
