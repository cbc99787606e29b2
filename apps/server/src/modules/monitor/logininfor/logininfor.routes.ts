import { z } from 'zod';
import { USERNAME_MAX } from '@orbit/shared/constants';
import { idList } from '@orbit/shared/contract/common';
import { BUSINESS_TYPE, logininforListQuery } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { requiredText } from '@orbit/shared/validation';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../../lib/errors';
import { ok, okPage } from '../../../lib/reply';
import { createPasswordGuard } from '../../auth/passwordGuard';
import { findUserByName } from '../../auth/user.lookup';
import { createLoginLogRepository } from './logininfor.repository';

const P = PERMISSIONS.logininfor;
const TITLE = 'Login log';

/** `/monitor/logininfor`: list, delete, clean, and unlock an account locked by failed sign-ins. */
const logininforRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const logs = createLoginLogRepository(app.db);

  app.get('/monitor/logininfor/list', { config: { access: { permission: P.list } }, schema: { querystring: logininforListQuery } }, async (request) =>
    okPage(request, await logs.list(request.query)),
  );

  app.delete(
    '/monitor/logininfor/clean',
    { config: { access: { permission: P.remove }, log: { title: TITLE, businessType: BUSINESS_TYPE.clean } } },
    async (request) => {
      await logs.clean();
      return ok(request);
    },
  );

  app.delete(
    '/monitor/logininfor/:infoIds',
    { config: { access: { permission: P.remove }, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params: z.object({ infoIds: idList }) } },
    async (request) => {
      await logs.remove(request.params.infoIds);
      return ok(request);
    },
  );

  app.get(
    '/monitor/logininfor/unlock/:userName',
    {
      config: { access: { permission: P.unlock }, log: { title: TITLE, businessType: BUSINESS_TYPE.other } },
      schema: { params: z.object({ userName: requiredText(USERNAME_MAX) }) },
    },
    async (request) => {
      const user = await findUserByName(app.db, request.params.userName);
      if (!user) throw notFound();
      // Every address's counter and the account-wide one: the user may try again from anywhere.
      await createPasswordGuard(app.db).clear(user.userName);
      return { code: 200, msg: request.t('logininfor.unlocked', { name: user.userName }) };
    },
  );
};

export default logininforRoutes;
