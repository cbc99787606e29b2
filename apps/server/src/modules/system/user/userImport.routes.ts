import multipart from '@fastify/multipart';
import dayjs from 'dayjs';
import { CODE, UPLOAD_LIMIT_BYTES } from '@orbit/shared/constants';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { userImportQuery } from '@orbit/shared/contract/user';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../../lib/errors';
import { requireUser } from '../../../plugins/auth';
import { formBodyParser } from '../export/formBody';
import { createUserImport, importMessage } from './userImport.service';
import { importTemplate, readImportSheet } from './userImportSheet';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * RuoYi's user import: `POST /system/user/importTemplate` (the empty sheet to fill) and
 * `POST /system/user/importData?updateSupport=` (multipart `file`). The answer's `msg` is RuoYi's
 * per-row text (its clients show it as HTML); `data` carries the same rows for Orbit's page. A
 * file with any refused row changes nothing and answers code 400.
 */
const userImportRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const imports = createUserImport(app.db, app.config);
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 5, parts: 6 } });
  // RuoYi's `download` posts the (empty) template request form-encoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, formBodyParser);

  app.post('/system/user/importTemplate', { config: { access: { permission: PERMISSIONS.user.import }, log: false } }, async (request, reply) => {
    const fileName = `user_template_${dayjs().format('YYYYMMDDHHmmss')}.xlsx`;
    return reply
      .header('Content-Type', XLSX)
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .send(await importTemplate(request.lang));
  });

  app.post(
    '/system/user/importData',
    { config: { access: { permission: PERMISSIONS.user.import }, log: { title: 'User', businessType: BUSINESS_TYPE.import } }, schema: { querystring: userImportQuery } },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('userImport.fileRequired');
      const file = await request.file();
      if (!file) throw badRequest('userImport.fileRequired');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('validation.uploadTooLarge');
        throw error;
      }
      const outcome = await imports.run(requireUser(request), await readImportSheet(bytes), request.query.updateSupport, request.lang);
      const code = outcome.ok ? CODE.ok : CODE.badRequest;
      return reply.status(outcome.ok ? 200 : app.errorStatus(code)).send({ code, msg: importMessage(request.lang, outcome), data: outcome.rows });
    },
  );
};

export default userImportRoutes;
