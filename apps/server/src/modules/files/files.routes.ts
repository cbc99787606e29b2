import { createReadStream } from 'node:fs';
import { API_PREFIX, FILE_STATUS } from '@orbit/shared/constants';
import { fileIdParams, filePageBody } from '@orbit/shared/contract/files';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../lib/contentDisposition';
import { notFound } from '../../lib/errors';
import { okData, okPage } from '../../lib/reply';
import { requireUser } from '../../plugins/auth';
import { resolveStoredFile } from './fileStorage';
import { createFilesRepository } from './files.repository';

/**
 * The file management dialog: the caller's own upload (type 0) and download (type 1) records, and
 * the download of a generated file. Another user's record is answered like a missing one.
 */
const filesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const files = createFilesRepository(app.db);

  // A list read sent as POST (SPEC §7); not an operation worth logging.
  app.post(
    '/userFile/userFilePageList',
    { config: { access: 'authenticated', log: false }, schema: { body: filePageBody } },
    async (request) => {
      return okPage(request, await files.page(requireUser(request), request.body));
    },
  );

  app.get('/userFile/getFileUrl/:id', { config: { access: 'authenticated' }, schema: { params: fileIdParams } }, async (request) => {
    const { userId } = requireUser(request);
    const file = await files.findOwned(userId, request.params.id);
    if (!file || file.status !== FILE_STATUS.available) throw notFound();
    return okData(request, { fileUrl: `${API_PREFIX}/userFile/download/${file.id}`, fileName: file.fileName });
  });

  app.get('/userFile/download/:id', { config: { access: 'authenticated' }, schema: { params: fileIdParams } }, async (request, reply) => {
    const { userId } = requireUser(request);
    const file = await files.findOwned(userId, request.params.id);
    const absolute = file && file.status === FILE_STATUS.available ? resolveStoredFile(app.config.dataDir, file.storagePath) : null;
    if (!file || !absolute) throw notFound();
    return reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Disposition', contentDisposition(file.fileName))
      .send(createReadStream(absolute));
  });
};

export default filesRoutes;
