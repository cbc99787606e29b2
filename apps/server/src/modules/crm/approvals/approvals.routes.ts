import { z } from 'zod';
import { approvalBoxQuery, approvalDecisionBody, approvalProcessBody, approvalSubmitBody } from '@orbit/shared/contract/approvals';
import { id } from '@orbit/shared/contract/common';
import { BUSINESS_TYPE, type BusinessType } from '@orbit/shared/contract/monitor';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { metadataOf } from '../engine/metadata/metadataStore';
import { approvalProcessService } from './approvalProcesses';
import { approvalRequests } from './approvalRequests';

const S = PERMISSIONS.setupApproval;
const moduleParam = z.object({ module: z.enum(CRM_MODULES) });
const idParam = z.object({ module: z.enum(CRM_MODULES), id });
const requestParam = z.object({ id });
const log = (what: string, businessType: BusinessType) => ({ title: what, businessType });

/**
 * Approval processes (docs/records-engine.md, "Approval processes"):
 * - Set-up: `GET/POST /setup/{module}/approvalProcesses`, `PUT/DELETE /setup/{module}/approvalProcesses/{id}` (setup:approval:*);
 * - a record: `GET /crm/{module}/{id}/approval` (the module's `query` and the record's read scope),
 *   `POST /crm/{module}/{id}/approval` to submit it (the module's `edit` and the record's write scope);
 * - a request: `POST /crm/approval/{id}/approve|reject` (an approver of the current step),
 *   `POST /crm/approval/{id}/recall` (its submitter), `GET /crm/approval?box=mine|submitted` (My approvals),
 *   all under `crm:approval:list` and the record's read scope.
 */
const approvalRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const meta = metadataOf(app.db);
  const requests = approvalRequests(app.db, meta);
  const caller = (request: { lang: 'en' | 'zh' } & Parameters<typeof requireUser>[0]) => ({ user: requireUser(request), lang: request.lang });

  app.get('/setup/:module/approvalProcesses', { config: { access: { permission: S.list } }, schema: { params: moduleParam } }, async (request) =>
    okData(request, await approvalProcessService(app.db, meta, request.params.module).list()),
  );
  app.post(
    '/setup/:module/approvalProcesses',
    { config: { access: { permission: S.add }, log: log('Setup Approval Process', BUSINESS_TYPE.insert) }, schema: { params: moduleParam, body: approvalProcessBody } },
    async (request) => okData(request, await approvalProcessService(app.db, meta, request.params.module).create(request.body, requireUser(request), request.lang)),
  );
  app.put(
    '/setup/:module/approvalProcesses/:id',
    { config: { access: { permission: S.edit }, log: log('Setup Approval Process', BUSINESS_TYPE.update) }, schema: { params: idParam, body: approvalProcessBody } },
    async (request) => okData(request, await approvalProcessService(app.db, meta, request.params.module).update(request.params.id, request.body, requireUser(request), request.lang)),
  );
  app.delete(
    '/setup/:module/approvalProcesses/:id',
    { config: { access: { permission: S.remove }, log: log('Setup Approval Process', BUSINESS_TYPE.delete) }, schema: { params: idParam } },
    async (request) => {
      await approvalProcessService(app.db, meta, request.params.module).remove(request.params.id);
      return ok(request);
    },
  );

  for (const module of CRM_MODULES) {
    app.get(`/crm/${module}/:id/approval`, { config: { access: { permission: PERMISSIONS[module].query } }, schema: { params: requestParam } }, async (request) =>
      okData(request, await requests.recordApproval(caller(request), module, request.params.id)),
    );
    app.post(
      `/crm/${module}/:id/approval`,
      { config: { access: { permission: PERMISSIONS[module].edit }, log: log('Approval Submit', BUSINESS_TYPE.update) }, schema: { params: requestParam, body: approvalSubmitBody } },
      async (request) => okData(request, { requestId: await requests.submit(caller(request), module, request.params.id, request.body.processId) }),
    );
  }

  app.get('/crm/approval', { config: { access: { permission: PERMISSIONS.approval.list } }, schema: { querystring: approvalBoxQuery } }, async (request) =>
    okData(request, await requests.box(caller(request), request.query.box)),
  );
  for (const [action, decision] of [['approve', 'approved'], ['reject', 'rejected']] as const) {
    app.post(
      `/crm/approval/:id/${action}`,
      { config: { access: { permission: PERMISSIONS.approval.list }, log: log('Approval Decision', BUSINESS_TYPE.update) }, schema: { params: requestParam, body: approvalDecisionBody } },
      async (request) => {
        await requests.decide(caller(request), request.params.id, decision, request.body.comment);
        return ok(request);
      },
    );
  }
  app.post(
    '/crm/approval/:id/recall',
    { config: { access: { permission: PERMISSIONS.approval.list }, log: log('Approval Recall', BUSINESS_TYPE.update) }, schema: { params: requestParam, body: approvalDecisionBody } },
    async (request) => {
      await requests.recall(caller(request), request.params.id, request.body.comment);
      return ok(request);
    },
  );
};

export default approvalRoutes;
