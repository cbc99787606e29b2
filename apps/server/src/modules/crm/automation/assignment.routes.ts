import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { ASSIGNMENT_MODULES, assignmentOrderBody, assignmentRuleBody } from '@orbit/shared/contract/automation';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData } from '../../../lib/reply';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { assignmentRulesRepository } from './assignmentRules';

const P = PERMISSIONS.assignment;
const moduleParam = z.object({ module: z.enum(ASSIGNMENT_MODULES) });
const idParam = z.object({ module: z.enum(ASSIGNMENT_MODULES), id });
const log = (businessType: (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE]) => ({ title: 'Assignment Rule', businessType });

/**
 * Lead assignment rules (Set-up › Leads › Assignment) under the `setup:assignment:*` permissions
 * (issue 34; docs/decisions.md, "Lead assignment rules"). Applied by the records engine's create.
 */
const assignmentRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const rules = (module: (typeof ASSIGNMENT_MODULES)[number], lang: 'en' | 'zh') => assignmentRulesRepository(app.db, module, lang);

  app.get('/setup/:module/assignmentRules', { config: { access: { permission: P.list } }, schema: { params: moduleParam } }, async (request) =>
    okData(request, await rules(request.params.module, request.lang).list()),
  );

  app.get('/setup/:module/assignmentRules/targets', { config: { access: { permission: P.list } }, schema: { params: moduleParam } }, async (request) =>
    okData(request, await rules(request.params.module, request.lang).targets()),
  );

  app.get('/setup/:module/assignmentRules/:id', { config: { access: { permission: P.list } }, schema: { params: idParam } }, async (request) =>
    okData(request, await rules(request.params.module, request.lang).get(request.params.id)),
  );

  app.post(
    '/setup/:module/assignmentRules',
    { config: { access: { permission: P.add }, log: log(BUSINESS_TYPE.insert) }, schema: { params: moduleParam, body: assignmentRuleBody } },
    async (request) => okData(request, await rules(request.params.module, request.lang).create(request.body, request.user!.userId)),
  );

  app.put(
    '/setup/:module/assignmentRules/order',
    { config: { access: { permission: P.edit }, log: log(BUSINESS_TYPE.update) }, schema: { params: moduleParam, body: assignmentOrderBody } },
    async (request) => {
      await rules(request.params.module, request.lang).reorder(request.body.ids);
      return ok(request);
    },
  );

  app.put(
    '/setup/:module/assignmentRules/:id',
    { config: { access: { permission: P.edit }, log: log(BUSINESS_TYPE.update) }, schema: { params: idParam, body: assignmentRuleBody } },
    async (request) => {
      await rules(request.params.module, request.lang).update(request.params.id, request.body, request.user!.userId);
      return ok(request);
    },
  );

  app.delete(
    '/setup/:module/assignmentRules/:id',
    { config: { access: { permission: P.remove }, log: log(BUSINESS_TYPE.delete) }, schema: { params: idParam } },
    async (request) => {
      await rules(request.params.module, request.lang).remove(request.params.id);
      return ok(request);
    },
  );
};

export default assignmentRoutes;
