import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { CODE } from '@orbit/shared/constants';
import { apiKeyListQuery, createApiKeyBody, API_KEY_MAX_ACTIVE, type CreatedApiKey } from '@orbit/shared/contract/apiKeys';
import { id } from '@orbit/shared/contract/common';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sysUser } from '../../../db/schema/organisation';
import { AppError, notFound } from '../../../lib/errors';
import { okData, okPage } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { userScopeOf } from '../user/userScope';
import { createApiKeyRepository, newApiKey } from './apiKey.repository';

const TITLE = 'API key';
const keyIdParams = z.object({ keyId: id });

/**
 * Personal API keys: one's own under the profile (no permission beyond being signed in), and
 * everyone's for administrators (`system:apikey:*`, limited to the users they reach). None of
 * these routes accepts a key (`noApiKey`): a leaked key must not mint or keep alive others.
 */
const apiKeyRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const keys = createApiKeyRepository(app.db);

  app.get('/system/user/profile/apikey', { config: { access: 'authenticated', noApiKey: true } }, async (request) =>
    okData(request, await keys.listOwn(requireUser(request).userId)),
  );

  app.post(
    '/system/user/profile/apikey',
    { config: { access: 'authenticated', noApiKey: true, log: { title: TITLE, businessType: BUSINESS_TYPE.insert } }, schema: { body: createApiKeyBody } },
    async (request) => {
      const user = requireUser(request);
      const key = newApiKey();
      // The count and the insert in one transaction, the user's row locked: two parallel
      // creations cannot both take the last free place.
      const row = await app.db.transaction(async (tx) => {
        await tx.select({ userId: sysUser.userId }).from(sysUser).where(eq(sysUser.userId, user.userId)).for('update');
        const repo = createApiKeyRepository(tx);
        if ((await repo.countLive(user.userId)) >= API_KEY_MAX_ACTIVE) throw new AppError(CODE.badRequest, 'apiKey.tooMany');
        return repo.create(user.userId, request.body, key);
      });
      const data: CreatedApiKey = { ...row, key };
      return { code: CODE.ok, msg: request.t('apiKey.created'), data };
    },
  );

  app.delete(
    '/system/user/profile/apikey/:keyId',
    { config: { access: 'authenticated', noApiKey: true, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params: keyIdParams } },
    async (request) => {
      const user = requireUser(request);
      // Another user's key answers like a missing one.
      if (!(await keys.revoke(request.params.keyId, eq(sysUser.userId, user.userId), user.userName))) throw notFound();
      return { code: CODE.ok, msg: request.t('apiKey.revoked') };
    },
  );

  app.get(
    '/system/apikey/list',
    { config: { access: { permission: PERMISSIONS.apiKey.list }, noApiKey: true }, schema: { querystring: apiKeyListQuery } },
    async (request) => okPage(request, await keys.listAll(request.query, userScopeOf(requireUser(request)))),
  );

  app.delete(
    '/system/apikey/:keyId',
    {
      config: { access: { permission: PERMISSIONS.apiKey.remove }, noApiKey: true, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } },
      schema: { params: keyIdParams },
    },
    async (request) => {
      const user = requireUser(request);
      // Beyond the administrator's reach over users, a key answers like a missing one.
      if (!(await keys.revoke(request.params.keyId, userScopeOf(user), user.userName))) throw notFound();
      return { code: CODE.ok, msg: request.t('apiKey.revoked') };
    },
  );
};

export default apiKeyRoutes;
