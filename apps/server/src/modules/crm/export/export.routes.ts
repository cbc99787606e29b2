import { CODE } from '@orbit/shared/constants';
import { recordExportBody } from '@orbit/shared/contract/recordExport';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { translate } from '@orbit/shared/messages';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/auth';
import { queueFileJob } from '../../jobs/queueFileJob';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { MODULE_TITLES } from '../engine/records.routes';
import { createRecordsService } from '../engine/records/recordsService';
import type { RecordExportPayload } from './recordExport.job';

/**
 * `POST /crm/{module}/export`: queues an export of what the list shows (or of the selected rows)
 * and answers at once with its file-centre record, which shows "being generated" with its
 * progress until the file is ready or has failed (plugins/jobs.ts runs it).
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
        await createRecordsService(app.db, module).checkList({ user, lang }, request.body);
        const payload: RecordExportPayload = { lang, module, query: request.body };
        const fileId = await queueFileJob(app, { kind: 'export', userId: user.userId, title: translate(lang, `module.${module}`), payload });
        return { code: CODE.ok, msg: request.t('export.started'), data: { fileId } };
      },
    );
  }
};

export default exportRoutes;
