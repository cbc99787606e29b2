import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { createDashboardBody, dashboardDataQuery, updateDashboardBody } from '@orbit/shared/contract/dashboard';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppError } from '../../../lib/errors';
import { ok, okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { createReports } from '../report/reports';
import { createDashboards } from './dashboards';

const P = PERMISSIONS.dashboard;
const log = (businessType: (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE]) => ({ title: 'Dashboard', businessType });
const translator = (request: FastifyRequest) => (error: AppError) => request.t(error.key, error.params);

/** Dashboards and their widgets' data (docs/reports.md, "Dashboards"). */
const dashboardRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const dashboards = createDashboards(app.db, createReports(app.db, app.reporting));

  app.get('/crm/dashboard/list', { config: { access: { permission: P.list } } }, async (request) =>
    okData(request, await dashboards.list(requireUser(request), request.lang)),
  );

  app.get('/crm/dashboard/:id/data', { config: { access: { permission: [P.list, P.query] } }, schema: { params: z.object({ id }), querystring: dashboardDataQuery } }, async (request) => {
    const { from, to, owners } = request.query;
    return okData(request, await dashboards.data(requireUser(request), request.params.id, request.lang, { from, to, owners }, translator(request)));
  });

  app.post('/crm/dashboard', { config: { access: { permission: P.add }, log: log(BUSINESS_TYPE.insert) }, schema: { body: createDashboardBody } }, async (request) =>
    okData(request, await dashboards.create(requireUser(request), request.body)),
  );

  app.put('/crm/dashboard', { config: { access: { permission: P.edit }, log: log(BUSINESS_TYPE.update) }, schema: { body: updateDashboardBody } }, async (request) => {
    await dashboards.update(requireUser(request), request.body);
    return ok(request);
  });

  app.delete('/crm/dashboard/:id', { config: { access: { permission: P.remove }, log: log(BUSINESS_TYPE.delete) }, schema: { params: z.object({ id }) } }, async (request) => {
    await dashboards.remove(requireUser(request), request.params.id);
    return ok(request);
  });
};

export default dashboardRoutes;
