import { MY_DAY_PERMISSIONS } from '@orbit/shared/contract/myDay';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { metadataOf } from '../engine/metadata/metadataStore';
import { createUserRecords } from '../userRecords/userRecords';
import { createMyDay } from './myDay';

const DAY_HOLDERS = { access: { permission: [...MY_DAY_PERMISSIONS] } };

/** My day: the signed-in seller's start page (docs/my-day.md). */
const myDayRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const meta = metadataOf(app.db);
  const myDay = createMyDay(app.db, meta, createUserRecords(app.db, meta));

  app.get('/crm/my-day', { config: DAY_HOLDERS }, async (request) => okData(request, await myDay(requireUser(request), request.lang)));
};

export default myDayRoutes;
