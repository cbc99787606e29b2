import dayjs from 'dayjs';
import { CODE, FILE_STATUS, FILE_TYPE } from '@orbit/shared/constants';
import { recordExportBody } from '@orbit/shared/contract/recordExport';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { translate } from '@orbit/shared/messages';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sysUserFile } from '../../../db/schema/files';
import { requireUser } from '../../../plugins/auth';
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
        const fileName = `${translate(lang, `module.${module}`)} ${dayjs().format('YYYY-MM-DD HHmmss')}.xlsx`;
        const payload: RecordExportPayload = { lang, module, query: request.body };
        const fileId = await app.db.transaction(async (tx) => {
          const [file] = await tx
            .insert(sysUserFile)
            .values({ userId: user.userId, type: FILE_TYPE.download, fileName, status: FILE_STATUS.generating })
            .returning({ id: sysUserFile.id });
          await app.jobQueue.enqueue(tx, { kind: 'export', userId: user.userId, fileId: file!.id, payload });
          return file!.id;
        });
        app.jobs.wake();
        return { code: CODE.ok, msg: request.t('export.started'), data: { fileId } };
      },
    );
  }
};

export default exportRoutes;
