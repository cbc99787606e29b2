import { securedDef } from '../fieldSecurity/fieldAccess';
import { randomUUID } from 'node:crypto';
import { labelIn } from '@orbit/shared/crm/labelIn';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { and, eq, ne } from 'drizzle-orm';
import { CODE, FILE_STATUS, FILE_TYPE, UPLOAD_EXCEL_EXTENSIONS, UPLOAD_LIMIT_BYTES } from '@orbit/shared/constants';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { IMPORT_REVERT_HOURS, importFileParams, importSettingsBody, importTemplateQuery, type ImportUpload } from '@orbit/shared/contract/recordImport';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { translate } from '@orbit/shared/messages';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { crmImport } from '../../../db/schema/crmImport';
import { sysUserFile } from '../../../db/schema/files';
import { contentDisposition } from '../../../lib/contentDisposition';
import { badRequest, fieldError, forbidden, notFound } from '../../../lib/errors';
import { okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { filesRoot, resolveStoredFile, storedRowsOf } from '../../files/fileStorage';
import { uploadName } from '../../files/uploadName';
import { MODULE_TITLES } from '../engine/records.routes';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { defaultRecordType } from '../engine/metadata/layouts';
import { metadataOf } from '../engine/metadata/metadataStore';
import type { Caller } from '../engine/records/moduleRecords';
import { createImportRepository, importState, mayRevert, revertRefusal } from './import.repository';
import { checkImport } from './importCheck';
import { autoMapping, importFieldList, importFields } from './importFields';
import { importPlan } from './importPlan';
import { keepUploadRows } from './keptRows';
import { importTemplate } from './importTemplate';
import type { ImportJobPayload } from './recordImport.job';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Excel import of every module (docs/records-engine.md, "Import"), under `/crm/{module}/import`:
 * the template, the upload (a file-centre upload record), its state, the dry run, the run (a job),
 * the revert (a job). Allowed with `crm:{module}:add` — an import is many creates —; updating
 * duplicates also needs `edit`, and undoing needs what the undo does: `remove` for the records the
 * import created, `edit` for those it updated (docs/decisions.md).
 */
const importRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const meta = metadataOf(app.db);
  const imports = createImportRepository(app.db);
  // Only this scope takes multipart bodies. Over the limit the stream is cut and `truncated` says
  // so, answered with SPEC §5's message (not a bare 413).
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 5, parts: 6 } });

  const caller = (request: FastifyRequest): Caller => ({ user: requireUser(request), lang: request.lang });

  for (const module of CRM_MODULES) {
    const P = PERMISSIONS[module];
    const base = `/crm/${module}/import`;
    const access = { permission: P.add };
    const log = { title: MODULE_TITLES[module], businessType: BUSINESS_TYPE.import };

    /** The caller's own import of this module, else the same 404 as a missing one. */
    const ownImport = async (request: FastifyRequest, fileId: number) => {
      const found = await imports.owned(requireUser(request).userId, module, fileId);
      if (!found) throw notFound();
      return found;
    };
    const uploadOf = (file: { storagePath: string | null }) => {
      const absolute = resolveStoredFile(app.config.dataDir, file.storagePath);
      if (!absolute) throw notFound();
      return absolute;
    };

    app.get(`${base}/template`, { config: { access }, schema: { querystring: importTemplateQuery } }, async (request, reply) => {
      const def = securedDef(meta.module(module), requireUser(request));
      const content = await importTemplate(app.db, def, module, request.lang, request.query.recordTypeId);
      const type = def.recordTypes.find((t) => t.id === (request.query.recordTypeId ?? defaultRecordType(def)?.id));
      const typeName = type && def.recordTypes.filter((t) => t.active).length > 1 ? ` - ${labelIn(request.lang, type.labelEn, type.labelZh)}` : '';
      const fileName = `${translate(request.lang, 'import.templateFileName', { module: `module.${module}` })}${typeName}.xlsx`;
      return reply.header('Content-Type', XLSX_TYPE).header('Content-Disposition', contentDisposition(fileName)).send(content);
    });

    app.post(`${base}`, { config: { access, log }, schema: { querystring: importTemplateQuery } }, async (request): Promise<{ code: number; msg: string; data: ImportUpload }> => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw fieldError('file', 'import.fileMissing');
      const part = await request.file();
      if (!part) throw fieldError('file', 'import.fileMissing');
      const fileName = uploadName(part.filename, 'import.xlsx');
      if (!UPLOAD_EXCEL_EXTENSIONS.some((ext) => fileName.toLowerCase().endsWith(ext))) {
        part.file.resume();
        throw fieldError('file', fileName.toLowerCase().endsWith('.xls') ? 'validation.uploadLegacyXls' : 'validation.uploadExcelOnly');
      }
      const storagePath = path.join('imports', String(user.userId), `${randomUUID()}.xlsx`);
      const absolute = path.join(filesRoot(app.config.dataDir), storagePath);
      await mkdir(path.dirname(absolute), { recursive: true });
      try {
        await pipeline(part.file, createWriteStream(absolute));
        if (part.file.truncated) throw fieldError('file', 'validation.uploadTooLarge');
        if ((await stat(absolute)).size === 0) throw fieldError('file', 'import.empty');
        // By its bytes, not its name: a workbook of at most MAX_UNPACKED_BYTES, read once, its rows kept for the dry runs and the run.
        const { headers, sample, rowCount } = await keepUploadRows(absolute);
        const def = securedDef(meta.module(module), requireUser(request));
        const recordTypeId = request.query.recordTypeId ?? defaultRecordType(def)?.id ?? null;
        if (recordTypeId !== null && !def.recordTypes.some((t) => t.id === recordTypeId && t.active)) throw fieldError('recordTypeId', 'record.recordTypeInvalid');
        const mapping = autoMapping(headers, importFields(def, recordTypeId).fields);
        const fileId = await app.db.transaction(async (tx) => {
          const [file] = await tx
            .insert(sysUserFile)
            .values({ userId: user.userId, type: FILE_TYPE.upload, fileName, status: FILE_STATUS.available, storagePath })
            .returning({ id: sysUserFile.id });
          await createImportRepository(tx).insert({ fileId: file!.id, module, userId: user.userId, headers, sample, rowCount, recordTypeId });
          return file!.id;
        });
        const fields = importFieldList(def, recordTypeId, request.lang);
        return { code: CODE.ok, msg: request.t('common.ok'), data: { fileId, fileName, headers, sample, rowCount, recordTypeId, fields, mapping } };
      } catch (error) {
        await rm(absolute, { force: true });
        await rm(storedRowsOf(absolute), { force: true });
        throw error;
      }
    });

    app.get(`${base}/:fileId`, { config: { access }, schema: { params: importFileParams } }, async (request) => {
      const { imp, file } = await ownImport(request, request.params.fileId);
      const def = securedDef(meta.module(module), requireUser(request));
      const settings = imp.settings as { recordTypeId?: number | null } | null;
      const recordTypeId = settings ? (settings.recordTypeId ?? defaultRecordType(def)?.id ?? null) : imp.recordTypeId;
      const fields = importFieldList(def, recordTypeId, request.lang);
      return okData(request, importState(requireUser(request), imp, file, fields, autoMapping(imp.headers, importFields(def, recordTypeId).fields)));
    });

    app.post(`${base}/:fileId/check`, { config: { access, log: false }, schema: { params: importFileParams, body: importSettingsBody } }, async (request) => {
      const { imp, file } = await ownImport(request, request.params.fileId);
      const plan = await importPlan(app.db, meta, module, caller(request), imp.headers, request.body);
      return okData(request, await checkImport(app.db, meta, plan, uploadOf(file)));
    });

    app.post(`${base}/:fileId/run`, { config: { access, log }, schema: { params: importFileParams, body: importSettingsBody } }, async (request) => {
      const { user, lang } = caller(request);
      const { imp, file } = await ownImport(request, request.params.fileId);
      if (imp.settings) throw badRequest('import.alreadyStarted');
      // Refused now, with its message, rather than as a failed file.
      await importPlan(app.db, meta, module, { user, lang }, imp.headers, request.body);
      uploadOf(file);
      const payload: ImportJobPayload = { lang, module };
      await app.db.transaction(async (tx) => {
        if (!(await createImportRepository(tx).start(imp.fileId, request.body))) throw badRequest('import.alreadyStarted');
        await tx
          .update(sysUserFile)
          .set({ status: FILE_STATUS.generating, progressDone: 0, progressTotal: imp.rowCount, errorMsg: '', updateTime: new Date() })
          .where(eq(sysUserFile.id, imp.fileId));
        await app.jobQueue.enqueue(tx, { kind: 'import', userId: user.userId, fileId: imp.fileId, payload });
      });
      app.jobs.wake();
      return { code: CODE.ok, msg: request.t('import.started'), data: { fileId: imp.fileId } };
    });

    app.post(`${base}/:fileId/revert`, { config: { access, log: { ...log, businessType: BUSINESS_TYPE.delete } }, schema: { params: importFileParams } }, async (request) => {
      const { user, lang } = caller(request);
      const { imp, file } = await ownImport(request, request.params.fileId);
      const refusal = revertRefusal(imp, file);
      if (refusal) throw badRequest(refusal, { hours: IMPORT_REVERT_HOURS });
      if (!mayRevert(user, imp)) throw forbidden();
      const payload: ImportJobPayload = { lang, module };
      await app.db.transaction(async (tx) => {
        // One revert at a time: the record is taken only while nothing runs on it (two clicks, two tabs).
        const [taken] = await tx
          .update(sysUserFile)
          .set({ status: FILE_STATUS.generating, progressDone: 0, progressTotal: imp.created + imp.updated, errorMsg: '', updateTime: new Date() })
          .where(and(eq(sysUserFile.id, imp.fileId), ne(sysUserFile.status, FILE_STATUS.generating)))
          .returning({ id: sysUserFile.id });
        if (!taken) throw badRequest('import.notRevertible');
        await tx.update(crmImport).set({ revertTime: new Date() }).where(eq(crmImport.fileId, imp.fileId));
        await app.jobQueue.enqueue(tx, { kind: 'importRevert', userId: user.userId, fileId: imp.fileId, payload });
      });
      app.jobs.wake();
      return { code: CODE.ok, msg: request.t('import.revertStarted'), data: { fileId: imp.fileId } };
    });
  }
};

export default importRoutes;
