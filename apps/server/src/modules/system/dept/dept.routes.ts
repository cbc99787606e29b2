import { z } from 'zod';
import { id, sortUpdateBody } from '@orbit/shared/contract/common';
import { createDeptBody, deptListQuery, updateDeptBody } from '@orbit/shared/contract/dept';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { createDeptService } from './dept.service';

const P = PERMISSIONS.dept;
const TITLE = 'Department';
const deptIdParams = z.object({ deptId: id });

/** `/system/dept`: the department tree (flat lists; the client nests them by parentId). */
const deptRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const depts = createDeptService(app.db);

  app.get('/system/dept/list', { config: { access: { permission: P.list } }, schema: { querystring: deptListQuery } }, async (request) =>
    okData(request, await depts.list(requireUser(request), request.query)),
  );

  app.get('/system/dept/list/exclude/:deptId', { config: { access: { permission: P.list } }, schema: { params: deptIdParams } }, async (request) =>
    okData(request, await depts.listExcluding(requireUser(request), request.params.deptId)),
  );

  app.get('/system/dept/:deptId', { config: { access: { permission: P.query } }, schema: { params: deptIdParams } }, async (request) =>
    okData(request, await depts.get(requireUser(request), request.params.deptId)),
  );

  app.post(
    '/system/dept',
    { config: { access: { permission: P.add }, log: { title: TITLE, businessType: BUSINESS_TYPE.insert } }, schema: { body: createDeptBody } },
    async (request) => ok(request, { data: await depts.create(requireUser(request), request.body) }),
  );

  // RuoYi's "save order" button: ids and order numbers, within the caller's reach.
  app.put(
    '/system/dept/updateSort',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { body: sortUpdateBody('deptIds') } },
    async (request) => {
      await depts.saveOrder(requireUser(request), request.body);
      return ok(request);
    },
  );

  app.put(
    '/system/dept',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { body: updateDeptBody } },
    async (request) => {
      await depts.update(requireUser(request), request.body);
      return ok(request);
    },
  );

  app.delete(
    '/system/dept/:deptId',
    { config: { access: { permission: P.remove }, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params: deptIdParams } },
    async (request) => {
      await depts.remove(requireUser(request), request.params.deptId);
      return ok(request);
    },
  );
};

export default deptRoutes;
