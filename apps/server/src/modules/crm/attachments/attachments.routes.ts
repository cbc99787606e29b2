import multipart from '@fastify/multipart';
import { z } from 'zod';
import { attachmentDownloadQuery, attachmentParams, isPreviewable } from '@orbit/shared/contract/attachments';
import { id } from '@orbit/shared/contract/common';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../../lib/contentDisposition';
import { fieldError, forbidden, notFound } from '../../../lib/errors';
import { ok, okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { MODULE_TITLES } from '../engine/records.routes';
import { recordNotFound } from '../engine/records/moduleRecords';
import { storeUploadedFiles, uploadLimits } from './attachmentUpload';
import { createAttachmentsRepository, recordOpenable } from './attachments.repository';

const recordParams = z.object({ id });
const missing = () => notFound('attachment.notFound');

/**
 * A record's files, for every module of the records engine (docs/records-engine.md, "Files"):
 * listed and downloaded by whoever may open the record (its module's `query` and its data scope),
 * added and deleted with its module's `edit` as well. A file of a record the caller may not open,
 * or of a record in the recycle bin, answers like a missing one.
 */
const attachmentsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const files = createAttachmentsRepository(app.db);
  // Only this scope takes multipart bodies; the size limit is the setting's, given per request.
  await app.register(multipart, { throwFileSizeLimit: false, limits: uploadLimits(1024) });

  /** The file by id when the caller may open its record (and its module's permission `need`), else 404. */
  async function openableFile(user: CurrentUser, fileId: number) {
    const file = await files.byId(fileId);
    const module = CRM_MODULES.find((m) => m === file?.module);
    if (!file || !module || !hasPermission(user, PERMISSIONS[module].query)) throw missing();
    if (!(await recordOpenable(app.db, module, user, file.recordId))) throw missing();
    return { file, module };
  }

  for (const module of CRM_MODULES) {
    const P = PERMISSIONS[module];
    const base = `/crm/${module}/:id/attachments`;

    app.get(base, { config: { access: { permission: P.query } }, schema: { params: recordParams } }, async (request) => {
      if (!(await recordOpenable(app.db, module, requireUser(request), request.params.id))) throw recordNotFound();
      return okData(request, await files.list(module, request.params.id));
    });

    app.post(
      base,
      // The body is files: the operation log keeps none of it.
      { config: { access: { permission: P.edit }, log: { title: MODULE_TITLES[module], businessType: BUSINESS_TYPE.insert, withholdBody: true } }, schema: { params: recordParams } },
      async (request) => {
        const user = requireUser(request);
        const recordId = request.params.id;
        if (!(await recordOpenable(app.db, module, user, recordId))) throw recordNotFound();
        if (!request.isMultipart()) throw fieldError('file', 'attachment.noFiles');
        const maxMb = await app.settings.get('attachmentMaxMb');
        const stored = await storeUploadedFiles(request.files({ limits: uploadLimits(maxMb) }), app.fileStore, module, maxMb);
        try {
          const ids = await app.db.transaction(async (tx) => {
            // Again, locked: the record may have gone to the bin while the files came in.
            if (!(await recordOpenable(tx, module, user, recordId, true))) throw recordNotFound();
            return createAttachmentsRepository(tx).insert(module, recordId, user.userId, stored);
          });
          return okData(request, ids);
        } catch (error) {
          await Promise.all(stored.map((f) => app.fileStore.delete(f.storageKey)));
          throw error;
        }
      },
    );
  }

  app.get('/crm/attachment/:id', { config: { access: 'authenticated' }, schema: { params: attachmentParams, querystring: attachmentDownloadQuery } }, async (request, reply) => {
    const { file } = await openableFile(requireUser(request), request.params.id);
    const content = await app.fileStore.get(file.storageKey);
    if (!content) throw missing();
    // Shown in the browser only when asked and only for images and PDF (types sniffed on upload, never HTML or SVG).
    const inline = request.query.inline === '1' && isPreviewable(file.contentType);
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', file.size)
      .header('Content-Disposition', inline ? contentDisposition(file.fileName).replace(/^attachment/, 'inline') : contentDisposition(file.fileName))
      .header('X-Content-Type-Options', 'nosniff')
      // Nothing in a file may run; a sandbox would also stop the browser's PDF viewer, so a PDF shown inline goes without it.
      .header('Content-Security-Policy', `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'${inline && file.contentType === 'application/pdf' ? '' : '; sandbox'}`)
      .send(content);
  });

  app.delete(
    '/crm/attachment/:id',
    { config: { access: 'authenticated', log: { title: 'Attachment', businessType: BUSINESS_TYPE.delete } }, schema: { params: attachmentParams } },
    async (request) => {
      const user = requireUser(request);
      const { file, module } = await openableFile(user, request.params.id);
      if (!hasPermission(user, PERMISSIONS[module].edit)) throw forbidden();
      const key = await app.db.transaction(async (tx) => {
        if (!(await recordOpenable(tx, module, user, file.recordId, true))) throw missing();
        return createAttachmentsRepository(tx).remove(file.id);
      });
      if (!key) throw missing();
      // After the commit: a failure here leaves an orphan on disk, never a row pointing at nothing.
      await app.fileStore.delete(key).catch((err: unknown) => request.log.warn({ err }, 'could not remove an attachment from the file store'));
      return ok(request);
    },
  );
};

export default attachmentsRoutes;
