import { recordExportBody, type RecordExportAnswer } from '@orbit/shared/contract/recordExport';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { translate } from '@orbit/shared/messages';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { queueFileJob, runFileJobNow } from '../../jobs/queueFileJob';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { MODULE_TITLES } from '../engine/records.routes';
import { createRecordsService } from '../engine/records/recordsService';
import type { RecordExportPayload } from './recordExport.job';

/**
 * `POST /crm/{module}/export`: an export of what the list shows (or of the selected rows), always
 * with its file-centre record. A short one (at most the setting `crm.export.directMaxRows` rows) is
 * written while the request waits and answered `ready`, for the browser to download at once; a
 * longer one is queued and answered at once, the record showing "being generated" with its progress
 * until the file is ready or has failed (plugins/jobs.ts runs it). Both are the same job.
 */
const exportRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);

  for (const module of CRM_MODULES) {
    app.post(
      `/crm/${module}/export`,
      {
        config: { access: { permission: PERMISSIONS[module].export }, log: { title: MODULE_TITLES[module], businessType: BUSINESS_TYPE.export } },
        schema: { body: recordExportBody },
      },
      async (request) => {
        const user = requireUser(request);
        const lang = request.lang;
        // Refused now (unknown field, sort or view), with the list's own message, rather than as a failed file.
        const rows = await createRecordsService(app.db, module).countScan({ user, lang }, request.body);
        const payload: RecordExportPayload = { lang, module, query: request.body };
        const job = { kind: 'export' as const, userId: user.userId, title: translate(lang, `module.${module}`), payload };
        const directMax = await app.settings.get('exportDirectMaxRows');
        const answer: RecordExportAnswer =
          directMax > 0 && rows <= directMax ? await runFileJobNow(app, job) : { fileId: await queueFileJob(app, job), ready: false };
        return { ...okData(request, answer), msg: request.t(answer.ready ? 'export.ready' : 'export.started') };
      },
    );
  }
};

export default exportRoutes;
