import { z } from 'zod';
import { CRM_MODULES, crmModuleOf } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../../lib/errors';
import { okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { hasPermission } from '../../auth/currentUser';
import { useFreshMetadata } from './metadata/freshMetadata';
import { metadataOf } from './metadata/metadataStore';
import { toRecordTypeMeta } from './metadata/moduleMeta';
import { stringValue } from '@orbit/shared/validation';

const readers = (m: (typeof CRM_MODULES)[number]) => [PERMISSIONS[m].list, PERMISSIONS[m].query, PERMISSIONS[m].add];

/**
 * SPEC §7 `GET /system/data/selectRecordType/{x}`: the active record types of a module (by name or
 * SPEC §4 id), for the "choose a record type" step of a new record.
 */
const recordTypeRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const meta = metadataOf(app.db);

  app.get(
    '/system/data/selectRecordType/:module',
    { config: { access: { permission: CRM_MODULES.flatMap(readers) } }, schema: { params: z.object({ module: stringValue().max(30) }) } },
    async (request) => {
      const module = crmModuleOf(request.params.module);
      if (!module) throw notFound();
      const user = requireUser(request);
      if (!readers(module).some((p) => hasPermission(user, p))) throw forbidden();
      const types = meta.module(module).recordTypes.filter((t) => t.active);
      return okData(request, types.map((t) => toRecordTypeMeta(t, request.lang)));
    },
  );
};

export default recordTypeRoutes;
