import { z } from 'zod';
import { id, pageQuery } from '@orbit/shared/contract/common';
import { WORKFLOW_RUN_STATUSES, workflowRuleBody } from '@orbit/shared/contract/automation';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData, okPage } from '../../../lib/reply';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { workflowRulesRepository } from './workflowRules';
import { workflowRunsPage } from './workflowRuns';

const P = PERMISSIONS.automation;
const moduleParam = z.object({ module: z.enum(CRM_MODULES) });
const idParam = z.object({ module: z.enum(CRM_MODULES), id });
const log = (businessType: (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE]) => ({ title: 'Workflow Rule', businessType });
const runQuery = z.object({
  module: z.enum(CRM_MODULES).optional(),
  ruleId: id.optional(),
  recordId: id.optional(),
  status: z.enum(WORKFLOW_RUN_STATUSES).optional(),
  ...pageQuery,
});

/**
 * Workflow rules of a module (Set-up › module › Automation) and the run log, under the
 * `setup:automation:*` permissions (issue 34; docs/decisions.md, "Automation").
 */
const automationRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const rules = (module: (typeof CRM_MODULES)[number], lang: 'en' | 'zh') => workflowRulesRepository(app.db, module, lang);

  app.get('/setup/:module/workflowRules', { config: { access: { permission: P.list } }, schema: { params: moduleParam } }, async (request) =>
    okData(request, await rules(request.params.module, request.lang).list()),
  );

  app.get('/setup/:module/workflowRules/:id', { config: { access: { permission: P.list } }, schema: { params: idParam } }, async (request) =>
    okData(request, await rules(request.params.module, request.lang).get(request.params.id)),
  );

  app.post(
    '/setup/:module/workflowRules',
    { config: { access: { permission: P.add }, log: log(BUSINESS_TYPE.insert) }, schema: { params: moduleParam, body: workflowRuleBody } },
    async (request) => okData(request, await rules(request.params.module, request.lang).create(request.body, request.user!.userId)),
  );

  app.put(
    '/setup/:module/workflowRules/:id',
    { config: { access: { permission: P.edit }, log: log(BUSINESS_TYPE.update) }, schema: { params: idParam, body: workflowRuleBody } },
    async (request) => {
      await rules(request.params.module, request.lang).update(request.params.id, request.body, request.user!.userId);
      return ok(request);
    },
  );

  app.delete(
    '/setup/:module/workflowRules/:id',
    { config: { access: { permission: P.remove }, log: log(BUSINESS_TYPE.delete) }, schema: { params: idParam } },
    async (request) => {
      await rules(request.params.module, request.lang).remove(request.params.id);
      return ok(request);
    },
  );

  app.get('/setup/automation/runs', { config: { access: { permission: P.list } }, schema: { querystring: runQuery } }, async (request) =>
    okPage(request, await workflowRunsPage(app.db, request.query, request.lang)),
  );
};

export default automationRoutes;
