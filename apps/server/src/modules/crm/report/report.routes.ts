import { z } from 'zod';
import { id, idList } from '@orbit/shared/contract/common';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { copyReportBody, createReportBody, exportReportBody, previewReportBody, reportListQuery, runReportQuery, updateReportBody } from '@orbit/shared/contract/report';
import { CODE } from '@orbit/shared/constants';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppError } from '../../../lib/errors';
import { ok, okData, okPage } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { queueFileJob } from '../../jobs/queueFileJob';
import type { ReportExportPayload } from './reportExport.job';
import { createReports, shareTargets } from './reports';

const P = PERMISSIONS.report;
const log = (businessType: (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE]) => ({ title: 'Report', businessType });
const translator = (request: FastifyRequest) => (error: AppError) => request.t(error.key, error.params);

/** Saved reports, their builder's preview and their runs (docs/reports.md, "API"). */
const reportRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const reports = createReports(app.db, app.reporting);

  app.get('/crm/report/list', { config: { access: { permission: P.list } }, schema: { querystring: reportListQuery } }, async (request) =>
    okPage(request, await reports.list(requireUser(request), request.lang, request.query, translator(request))),
  );

  app.post('/crm/report/preview', { config: { access: { permission: [P.add, P.edit] } }, schema: { body: previewReportBody } }, async (request) =>
    okData(request, await reports.preview(requireUser(request), request.body.definition, request.lang)),
  );

  // Whom a report can be shared with: names of the active roles and departments (authors need not administer them).
  app.get('/crm/report/shareTargets', { config: { access: { permission: [P.add, P.edit] } } }, async (request) => okData(request, await shareTargets(app.db)));

  app.post('/crm/report/copy', { config: { access: { permission: P.add }, log: log(BUSINESS_TYPE.insert) }, schema: { body: copyReportBody } }, async (request) =>
    okData(request, await reports.copy(requireUser(request), request.body.id, request.body.name)),
  );

  app.get('/crm/report/:id', { config: { access: { permission: P.query } }, schema: { params: z.object({ id }) } }, async (request) =>
    okData(request, await reports.get(requireUser(request), request.params.id, request.lang, translator(request))),
  );

  app.get('/crm/report/:id/run', { config: { access: { permission: P.query } }, schema: { params: z.object({ id }), querystring: runReportQuery } }, async (request) => {
    const { pageNum, pageSize, from, to, owners } = request.query;
    return okData(request, await reports.run(requireUser(request), request.params.id, request.lang, { preview: false, pageNum, pageSize, narrowing: { from, to, owners } }));
  });

  // The report as it runs, to an xlsx file generated in the background (file centre); a report the
  // caller may not run is refused now, not as a failed file.
  app.post(
    '/crm/report/:id/export',
    { config: { access: { permission: P.export }, log: log(BUSINESS_TYPE.export) }, schema: { params: z.object({ id }), body: exportReportBody } },
    async (request) => {
      const user = requireUser(request);
      const { name } = await reports.runnable(user, request.params.id, request.lang);
      const { timezoneOffset, from, to, owners } = request.body;
      const payload: ReportExportPayload = { lang: request.lang, reportId: request.params.id, narrowing: { from, to, owners }, timezoneOffset };
      const fileId = await queueFileJob(app, { kind: 'reportExport', userId: user.userId, title: name, payload });
      return { code: CODE.ok, msg: request.t('export.started'), data: { fileId } };
    },
  );

  app.post('/crm/report', { config: { access: { permission: P.add }, log: log(BUSINESS_TYPE.insert) }, schema: { body: createReportBody } }, async (request) =>
    okData(request, await reports.create(requireUser(request), request.body, request.lang)),
  );

  app.put('/crm/report', { config: { access: { permission: P.edit }, log: log(BUSINESS_TYPE.update) }, schema: { body: updateReportBody } }, async (request) => {
    await reports.update(requireUser(request), request.body, request.lang);
    return ok(request);
  });

  // SPEC §5 'select a template to delete': a delete naming nothing.
  app.delete('/crm/report', { config: { access: { permission: P.remove } } }, async (request) => {
    await reports.remove(requireUser(request), []);
    return ok(request);
  });

  app.delete('/crm/report/:ids', { config: { access: { permission: P.remove }, log: log(BUSINESS_TYPE.delete) }, schema: { params: z.object({ ids: idList }) } }, async (request) => {
    const count = await reports.remove(requireUser(request), request.params.ids);
    return { ...ok(request), msg: request.t('report.deleted', { count }), data: count };
  });
};

export default reportRoutes;
