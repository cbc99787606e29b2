import { z } from 'zod';
import { idList, id } from '@orbit/shared/contract/common';
import { configKeyText, configListQuery, createConfigBody, updateConfigBody } from '@orbit/shared/contract/config';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { CODE } from '@orbit/shared/constants';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData, okPage } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { createConfigService } from './config.service';

const P = PERMISSIONS.config;
const TITLE = 'Settings';

/** `/system/config`: RuoYi's parameter settings, with Orbit's own settings as the built-in rows. */
const configRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const configs = createConfigService(app.db, app.config);

  app.get('/system/config/list', { config: { access: { permission: P.list } }, schema: { querystring: configListQuery } }, async (request) =>
    okPage(request, await configs.list(request.query, request.lang)),
  );

  // RuoYi's pages read settings by key whatever the reader's rights (the user page asks for the
  // initial password); the value is the answer's `msg`, and also `data` for clearer clients.
  app.get('/system/config/configKey/:configKey', { config: { access: 'authenticated' }, schema: { params: z.object({ configKey: configKeyText }) } }, async (request) => {
    const value = await configs.valueOf(requireUser(request), request.params.configKey);
    return { code: CODE.ok, msg: value, data: value };
  });

  app.get('/system/config/:configId', { config: { access: { permission: P.query } }, schema: { params: z.object({ configId: id }) } }, async (request) =>
    okData(request, await configs.get(request.params.configId, request.lang)),
  );

  app.post(
    '/system/config',
    { config: { access: { permission: P.add }, log: { title: TITLE, businessType: BUSINESS_TYPE.insert } }, schema: { body: createConfigBody } },
    async (request) => ok(request, { data: await configs.create(requireUser(request), request.body) }),
  );

  app.put(
    '/system/config',
    // The initial password may be among the values: the body is not kept in the operation log.
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.update, withholdBody: true } }, schema: { body: updateConfigBody } },
    async (request) => {
      await configs.update(requireUser(request), request.body);
      return ok(request);
    },
  );

  // Settings are read from the database at every use (settings.ts): there is no cache to refresh.
  app.delete(
    '/system/config/refreshCache',
    { config: { access: { permission: P.remove }, log: { title: TITLE, businessType: BUSINESS_TYPE.clean } } },
    async (request) => ok(request),
  );

  app.delete(
    '/system/config/:configIds',
    { config: { access: { permission: P.remove }, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params: z.object({ configIds: idList }) } },
    async (request) => {
      await configs.remove(request.params.configIds, request.lang);
      return ok(request);
    },
  );
};

export default configRoutes;
