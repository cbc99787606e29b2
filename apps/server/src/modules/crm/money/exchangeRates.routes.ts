import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { createExchangeRateBody } from '@orbit/shared/contract/exchangeRate';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { createExchangeRates } from './exchangeRates';

const P = PERMISSIONS.exchangeRate;
const TITLE = 'Exchange rates';

/** `/crm/exchangeRate`: the dated rates totals convert by (issue 33), managed by an administrator. */
const exchangeRateRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rates = createExchangeRates(app.db);

  app.get('/crm/exchangeRate/list', { config: { access: { permission: P.list } } }, async (request) => okData(request, await rates.list()));

  app.post(
    '/crm/exchangeRate',
    { config: { access: { permission: P.add }, log: { title: TITLE, businessType: BUSINESS_TYPE.insert } }, schema: { body: createExchangeRateBody } },
    async (request) => ok(request, { data: await rates.add(requireUser(request).userName, request.body) }),
  );

  app.delete(
    '/crm/exchangeRate/:rateId',
    { config: { access: { permission: P.remove }, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params: z.object({ rateId: id }) } },
    async (request) => {
      await rates.remove(request.params.rateId);
      return ok(request);
    },
  );
};

export default exchangeRateRoutes;
