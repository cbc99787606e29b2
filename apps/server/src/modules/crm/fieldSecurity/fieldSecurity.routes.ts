import { z } from 'zod';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { fieldSecurityBody } from '@orbit/shared/crm/fieldSecurity';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { metadataOf } from '../engine/metadata/metadataStore';
import { fieldSecurityMatrix, saveFieldSecurity } from './fieldSecuritySetup';

const moduleParam = z.object({ module: z.enum(CRM_MODULES) });

/**
 * Set-up › Fields › Field security (docs/records-engine.md, "Field-level security"): a module's
 * fields × roles, read with `setup:fields:list` and saved with `setup:fields:edit` like the rest of
 * a module's set-up.
 */
const fieldSecurityRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const meta = metadataOf(app.db);

  app.get('/setup/:module/fieldSecurity', { config: { access: { permission: PERMISSIONS.setupFields.list } }, schema: { params: moduleParam } }, async (request) =>
    okData(request, await fieldSecurityMatrix(app.db, meta, request.params.module, request.lang)),
  );

  app.put(
    '/setup/:module/fieldSecurity',
    {
      config: { access: { permission: PERMISSIONS.setupFields.edit }, log: { title: 'Setup Field Security', businessType: BUSINESS_TYPE.update } },
      schema: { params: moduleParam, body: fieldSecurityBody },
    },
    async (request) => {
      await saveFieldSecurity(app.db, meta, request.params.module, request.body, requireUser(request).userName, request.lang);
      return ok(request);
    },
  );
};

export default fieldSecurityRoutes;
