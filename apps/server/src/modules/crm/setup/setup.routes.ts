import { z } from 'zod';
import { asc } from 'drizzle-orm';
import { id } from '@orbit/shared/contract/common';
import { copyLayoutBody, createFieldBody, createRecordTypeBody, listColumnsBody, updateFieldBody, updateLayoutBody, updateRecordTypeBody } from '@orbit/shared/contract/setup';
import { BUSINESS_TYPE, type BusinessType } from '@orbit/shared/contract/monitor';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sysDictType } from '../../../db/schema/dict';
import { ok, okData } from '../../../lib/reply';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { metadataOf } from '../engine/metadata/metadataStore';
import { createSetupFields } from './setupFields';
import { createSetupLayouts } from './setupLayouts';
import { setDefaultColumns, setupModule } from './setupModule';
import { createSetupRecordTypes } from './setupRecordTypes';
import { stringValue } from '@orbit/shared/validation';

const P = PERMISSIONS.setupFields;
const moduleParam = z.object({ module: z.enum(CRM_MODULES) });
const fieldParam = z.object({ module: z.enum(CRM_MODULES), name: stringValue().regex(/^[A-Za-z][A-Za-z0-9_]{0,62}$/, { error: 'setup.fieldNotFound' }) });
const idParam = z.object({ module: z.enum(CRM_MODULES), id });

/**
 * The set-up API (docs/setup.md): a module's fields, record types, page layouts and default list
 * columns, under `/setup/{module}/…`, for holders of the set-up permissions; every change is one
 * transaction that bumps the metadata version, and is written to the operation log.
 */
const setupRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const meta = metadataOf(app.db);
  const logOf = (what: string, businessType: BusinessType) => ({ title: `Setup ${what}`, businessType });

  app.get('/setup/dictionaries', { config: { access: { permission: P.list } } }, async (request) => {
    const rows = await app.db.select({ dictType: sysDictType.dictType, dictName: sysDictType.dictName }).from(sysDictType).orderBy(asc(sysDictType.dictName));
    return okData(request, rows);
  });

  app.get('/setup/:module', { config: { access: { permission: P.list } }, schema: { params: moduleParam } }, async (request) =>
    okData(request, await setupModule(app.db, meta, request.params.module, request.lang)),
  );

  app.post(
    '/setup/:module/fields',
    { config: { access: { permission: P.add }, log: logOf('Field', BUSINESS_TYPE.insert) }, schema: { params: moduleParam, body: createFieldBody } },
    async (request) => okData(request, await createSetupFields(app.db, request.params.module).create(request.body, request.lang)),
  );

  app.get('/setup/:module/fields/:name/usage', { config: { access: { permission: P.list } }, schema: { params: fieldParam } }, async (request) =>
    okData(request, await createSetupFields(app.db, request.params.module).usage(request.params.name, request.lang)),
  );

  app.put(
    '/setup/:module/fields/:name',
    { config: { access: { permission: P.edit }, log: logOf('Field', BUSINESS_TYPE.update) }, schema: { params: fieldParam, body: updateFieldBody } },
    async (request) => {
      await createSetupFields(app.db, request.params.module).update(request.params.name, request.body, request.lang);
      return ok(request);
    },
  );

  app.delete(
    '/setup/:module/fields/:name',
    { config: { access: { permission: P.remove }, log: logOf('Field', BUSINESS_TYPE.delete) }, schema: { params: fieldParam } },
    async (request) => {
      await createSetupFields(app.db, request.params.module).remove(request.params.name, request.lang);
      return ok(request);
    },
  );

  app.post(
    '/setup/:module/recordTypes',
    { config: { access: { permission: P.add }, log: logOf('Record Type', BUSINESS_TYPE.insert) }, schema: { params: moduleParam, body: createRecordTypeBody } },
    async (request) => okData(request, await createSetupRecordTypes(app.db, request.params.module).create(request.body)),
  );

  app.put(
    '/setup/:module/recordTypes/:id',
    { config: { access: { permission: P.edit }, log: logOf('Record Type', BUSINESS_TYPE.update) }, schema: { params: idParam, body: updateRecordTypeBody } },
    async (request) => {
      await createSetupRecordTypes(app.db, request.params.module).update(request.params.id, request.body);
      return ok(request);
    },
  );

  app.post(
    '/setup/:module/layouts',
    { config: { access: { permission: P.add }, log: logOf('Page Layout', BUSINESS_TYPE.insert) }, schema: { params: moduleParam, body: copyLayoutBody } },
    async (request) => okData(request, await createSetupLayouts(app.db, request.params.module).copy(request.body.fromId, request.body.name)),
  );

  app.put(
    '/setup/:module/layouts/:id',
    { config: { access: { permission: P.edit }, log: logOf('Page Layout', BUSINESS_TYPE.update) }, schema: { params: idParam, body: updateLayoutBody } },
    async (request) => {
      const { module, id: layoutId } = request.params;
      await createSetupLayouts(app.db, module).update(meta.module(module), layoutId, request.body, request.lang);
      return ok(request);
    },
  );

  app.delete(
    '/setup/:module/layouts/:id',
    { config: { access: { permission: P.remove }, log: logOf('Page Layout', BUSINESS_TYPE.delete) }, schema: { params: idParam } },
    async (request) => {
      const { module, id: layoutId } = request.params;
      await createSetupLayouts(app.db, module).remove(meta.module(module), layoutId);
      return ok(request);
    },
  );

  app.put(
    '/setup/:module/listColumns',
    { config: { access: { permission: P.edit }, log: logOf('List Columns', BUSINESS_TYPE.update) }, schema: { params: moduleParam, body: listColumnsBody } },
    async (request) => {
      await setDefaultColumns(app.db, meta.module(request.params.module), request.body.columns);
      return ok(request);
    },
  );
};

export default setupRoutes;
