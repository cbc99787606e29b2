import { z } from 'zod';
import { id, idList } from '@orbit/shared/contract/common';
import {
  createDictDataBody,
  createDictTypeBody,
  dictDataListQuery,
  dictTypeListQuery,
  dictTypeName,
  updateDictDataBody,
  updateDictTypeBody,
} from '@orbit/shared/contract/dict';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData, okPage } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { createDictService } from './dict.service';

const P = PERMISSIONS.dict;
const TYPE_TITLE = 'Dictionary type';
const DATA_TITLE = 'Dictionary data';

/** `/system/dict/type` and `/system/dict/data`, and the values every page reads by type (SPEC §7). */
const dictRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const dicts = createDictService(app.db);

  // Types.
  app.get('/system/dict/type/list', { config: { access: { permission: P.list } }, schema: { querystring: dictTypeListQuery } }, async (request) =>
    okPage(request, await dicts.listTypes(request.query)),
  );
  app.get('/system/dict/type/optionselect', { config: { access: { permission: [P.list, P.query] } } }, async (request) =>
    okData(request, await dicts.allTypes()),
  );
  app.get('/system/dict/type/:dictId', { config: { access: { permission: P.query } }, schema: { params: z.object({ dictId: id }) } }, async (request) =>
    okData(request, await dicts.getType(request.params.dictId)),
  );
  app.post(
    '/system/dict/type',
    { config: { access: { permission: P.add }, log: { title: TYPE_TITLE, businessType: BUSINESS_TYPE.insert } }, schema: { body: createDictTypeBody } },
    async (request) => ok(request, { data: await dicts.createType(requireUser(request), request.body) }),
  );
  app.put(
    '/system/dict/type',
    { config: { access: { permission: P.edit }, log: { title: TYPE_TITLE, businessType: BUSINESS_TYPE.update } }, schema: { body: updateDictTypeBody } },
    async (request) => {
      await dicts.updateType(requireUser(request), request.body);
      return ok(request);
    },
  );
  // Nothing is cached on the server (every read goes to the database); kept for RuoYi clients.
  app.delete(
    '/system/dict/type/refreshCache',
    { config: { access: { permission: P.remove }, log: { title: TYPE_TITLE, businessType: BUSINESS_TYPE.clean } } },
    async (request) => ok(request),
  );
  app.delete(
    '/system/dict/type/:dictIds',
    { config: { access: { permission: P.remove }, log: { title: TYPE_TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params: z.object({ dictIds: idList }) } },
    async (request) => {
      await dicts.removeTypes(request.params.dictIds);
      return ok(request);
    },
  );

  // Values.
  app.get('/system/dict/data/list', { config: { access: { permission: P.list } }, schema: { querystring: dictDataListQuery } }, async (request) =>
    okPage(request, await dicts.listData(request.query)),
  );
  // Every signed-in page needs its dropdown values, whatever the user's permissions.
  app.get('/system/dict/data/type/:dictType', { config: { access: 'authenticated' }, schema: { params: z.object({ dictType: dictTypeName }) } }, async (request) =>
    okData(request, await dicts.valuesOf(request.params.dictType, request.lang)),
  );
  app.get('/system/dict/data/:dictCode', { config: { access: { permission: P.query } }, schema: { params: z.object({ dictCode: id }) } }, async (request) =>
    okData(request, await dicts.getData(request.params.dictCode)),
  );
  app.post(
    '/system/dict/data',
    { config: { access: { permission: P.add }, log: { title: DATA_TITLE, businessType: BUSINESS_TYPE.insert } }, schema: { body: createDictDataBody } },
    async (request) => ok(request, { data: await dicts.createData(requireUser(request), request.body) }),
  );
  app.put(
    '/system/dict/data',
    { config: { access: { permission: P.edit }, log: { title: DATA_TITLE, businessType: BUSINESS_TYPE.update } }, schema: { body: updateDictDataBody } },
    async (request) => {
      await dicts.updateData(requireUser(request), request.body);
      return ok(request);
    },
  );
  app.delete(
    '/system/dict/data/:dictCodes',
    { config: { access: { permission: P.remove }, log: { title: DATA_TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params: z.object({ dictCodes: idList }) } },
    async (request) => {
      await dicts.removeData(request.params.dictCodes);
      return ok(request);
    },
  );
};

export default dictRoutes;
