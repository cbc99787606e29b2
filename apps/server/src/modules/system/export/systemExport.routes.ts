import { z } from 'zod';
import { CODE } from '@orbit/shared/constants';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { translate } from '@orbit/shared/messages';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/auth';
import { queueFileJob } from '../../jobs/queueFileJob';
import { firstPage, sendListExport, SYSTEM_EXPORT_DIRECT_ROWS, type ListQuery } from './listExport';
import { formBodyParser } from './formBody';
import type { SystemExportPayload } from './systemExport.job';
import { systemListExports } from './systemListExports';

const exportQuery = z.object({
  /** Minutes east of UTC are negative, as `Date.getTimezoneOffset()` gives them; RuoYi sends none (the server's own clock then). */
  timezoneOffset: z.coerce.number().int().min(-840).max(840).optional(),
  /** Orbit's own pages: a list longer than SYSTEM_EXPORT_DIRECT_ROWS becomes a file-centre job. RuoYi's send none (always the file). */
  queueLarge: z.enum(['true', 'false']).optional(),
});

/**
 * `POST /system/user/export`, `/system/role/export`, `/system/dict/type/export`,
 * `/system/dict/data/export`, `/monitor/logininfor/export`, `/monitor/operlog/export`,
 * `/system/config/export`: the list's filters as RuoYi's `download` sends them (form-encoded,
 * `params[beginTime]` and all) or as JSON, answered with the xlsx file itself, streamed however
 * long the list. With `?queueLarge=true` (Orbit's pages) a long list is instead queued as a
 * file-centre job and answered at once with its file record, as the records' exports are.
 */
const systemExportRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Only these routes (this plugin's scope) read form bodies; everything else stays JSON only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, formBodyParser);

  for (const definition of systemListExports(app.config)) {
    app.post(
      definition.path,
      {
        config: { access: { permission: definition.permission }, log: { title: definition.title, businessType: BUSINESS_TYPE.export } },
        schema: { body: z.preprocess((body) => body ?? {}, definition.query), querystring: exportQuery },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const lang = request.lang;
        const query = request.body as ListQuery;
        const timezoneOffset = request.query.timezoneOffset ?? new Date().getTimezoneOffset();
        // Read first, whatever the answer: a filter or sort the list refuses is refused here, and nothing is queued.
        const first = await firstPage(app.db, user, definition, query, lang);
        if (request.query.queueLarge === 'true' && first.total > SYSTEM_EXPORT_DIRECT_ROWS) {
          const payload: SystemExportPayload = { lang, list: definition.path, query, timezoneOffset };
          const fileId = await queueFileJob(app, { kind: 'systemExport', userId: user.userId, title: translate(lang, definition.sheet), payload });
          return { code: CODE.ok, msg: request.t('export.started'), data: { fileId } };
        }
        return sendListExport(request, reply, { db: app.db, user, definition, query, lang, timezoneOffset, first });
      },
    );
  }
};

export default systemExportRoutes;
