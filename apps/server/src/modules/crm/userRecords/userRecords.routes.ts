import { userRecordRef } from '@orbit/shared/contract/userRecords';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { metadataOf } from '../engine/metadata/metadataStore';
import { createUserRecords } from './userRecords';

/** Signed in; each call checks the record's module permission (its `query`: who may open the record may list and star it). */
const SIGNED_IN = { access: 'authenticated' } as const;

/** Recently viewed records and favourites of the signed-in user (the search palette, My day, a detail page's star). */
const userRecordRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const records = createUserRecords(app.db, metadataOf(app.db));

  app.get('/crm/recent', { config: SIGNED_IN }, async (request) => okData(request, await records.list(requireUser(request), 'recent')));

  /** A detail page was opened (the web calls it once per record shown). */
  app.post('/crm/recent', { config: SIGNED_IN, schema: { body: userRecordRef } }, async (request) => {
    await records.recordView(requireUser(request), request.body);
    return ok(request);
  });

  app.get('/crm/favourite', { config: SIGNED_IN }, async (request) => okData(request, await records.list(requireUser(request), 'favourite')));

  app.post('/crm/favourite', { config: SIGNED_IN, schema: { body: userRecordRef } }, async (request) => {
    await records.addFavourite(requireUser(request), request.body);
    return ok(request);
  });

  app.delete('/crm/favourite/:module/:id', { config: SIGNED_IN, schema: { params: userRecordRef } }, async (request) => {
    await records.removeFavourite(requireUser(request), request.params);
    return ok(request);
  });
};

export default userRecordRoutes;
