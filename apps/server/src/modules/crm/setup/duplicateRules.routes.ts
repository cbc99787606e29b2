import { z } from 'zod';
import type { Language } from '@orbit/shared/constants';
import { id } from '@orbit/shared/contract/common';
import { duplicateRuleBody, updateDuplicateRuleBody } from '@orbit/shared/contract/duplicates';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData } from '../../../lib/reply';
import { duplicateRulesRepository, rulesOf } from '../engine/duplicates/duplicateRules';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { metadataOf } from '../engine/metadata/metadataStore';

const P = PERMISSIONS.setupFields;
const moduleParam = z.object({ module: z.enum(CRM_MODULES) });
const idParam = z.object({ module: z.enum(CRM_MODULES), id });
const log = (businessType: (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE]) => ({ title: 'Setup Duplicate Rule', businessType });

/**
 * A module's duplicate rules in Set-up (docs/records-engine.md, "Duplicates and merge"), under the
 * set-up permissions like the module's fields and layouts: listed with `setup:fields:list`, created
 * with `add`, changed with `edit`, deleted with `remove` (built-in rules only switched off).
 */
const duplicateRulesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const meta = metadataOf(app.db);
  const rules = (module: (typeof CRM_MODULES)[number], lang: Language) => duplicateRulesRepository(app.db, meta.module(module), lang);

  app.get('/setup/:module/duplicateRules', { config: { access: { permission: P.list } }, schema: { params: moduleParam } }, async (request) =>
    okData(request, await rulesOf(app.db, request.params.module, request.lang)),
  );

  app.post(
    '/setup/:module/duplicateRules',
    { config: { access: { permission: P.add }, log: log(BUSINESS_TYPE.insert) }, schema: { params: moduleParam, body: duplicateRuleBody } },
    async (request) => okData(request, await rules(request.params.module, request.lang).create(request.body)),
  );

  app.put(
    '/setup/:module/duplicateRules',
    { config: { access: { permission: P.edit }, log: log(BUSINESS_TYPE.update) }, schema: { params: moduleParam, body: updateDuplicateRuleBody } },
    async (request) => {
      const { id: ruleId, ...body } = request.body;
      await rules(request.params.module, request.lang).update(ruleId, body);
      return ok(request);
    },
  );

  app.delete(
    '/setup/:module/duplicateRules/:id',
    { config: { access: { permission: P.remove }, log: log(BUSINESS_TYPE.delete) }, schema: { params: idParam } },
    async (request) => {
      await rules(request.params.module, request.lang).remove(request.params.id);
      return ok(request);
    },
  );
};

export default duplicateRulesRoutes;
