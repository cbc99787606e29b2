import { z } from 'zod';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../../plugins/auth';
import { sendListExport } from './listExport';
import { formBodyParser } from './formBody';
import { systemListExports } from './systemListExports';

/** Minutes east of UTC are negative, as `Date.getTimezoneOffset()` gives them; RuoYi sends none (the server's own clock then). */
const exportQuery = z.object({ timezoneOffset: z.coerce.number().int().min(-840).max(840).optional() });

/**
 * `POST /system/user/export`, `/system/role/export`, `/system/dict/type/export`,
 * `/system/dict/data/export`, `/monitor/logininfor/export`, `/monitor/operlog/export`,
 * `/system/config/export`: the list's filters as RuoYi's `download` sends them (form-encoded,
 * `params[beginTime]` and all) or as JSON, answered with the xlsx file itself.
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
        const offset = request.query.timezoneOffset ?? new Date().getTimezoneOffset();
        return sendListExport(app.db, request, reply, requireUser(request), definition, request.body as { pageNum: number; pageSize: number }, offset);
      },
    );
  }
};

export default systemExportRoutes;
