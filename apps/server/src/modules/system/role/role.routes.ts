import { z } from 'zod';
import { id, idList } from '@orbit/shared/contract/common';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import {
  authUserBatchQuery,
  authUserCancelBody,
  authUserListQuery,
  createRoleBody,
  roleDataScopeBody,
  roleListQuery,
  roleStatusBody,
  updateRoleBody,
} from '@orbit/shared/contract/role';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData, okPage } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { roleDashboardChoices } from '../../crm/dashboard/roleDashboards';
import { createRoleService } from './role.service';

const P = PERMISSIONS.role;
const TITLE = 'Role';
const roleIdParams = z.object({ roleId: id });
const ids = (text: string) => [...new Set(text.split(',').map(Number))];

/** `/system/role`: CRUD, status, menus granted, data scope and the users holding a role. */
const roleRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const roles = createRoleService(app.db, app.config);

  app.get('/system/role/list', { config: { access: { permission: P.list } }, schema: { querystring: roleListQuery } }, async (request) =>
    okPage(request, await roles.list(request.query)),
  );

  app.get('/system/role/optionselect', { config: { access: { permission: P.query } } }, async (request) => okData(request, await roles.all()));

  // The dashboards a role may land on (shared or built-in), for whoever edits roles.
  app.get('/system/role/dashboardOptions', { config: { access: { permission: [P.add, P.edit] } } }, async (request) =>
    okData(request, await roleDashboardChoices(app.db, request.lang)),
  );

  app.get('/system/role/:roleId', { config: { access: { permission: P.query } }, schema: { params: roleIdParams } }, async (request) =>
    okData(request, await roles.get(request.params.roleId)),
  );

  app.post(
    '/system/role',
    { config: { access: { permission: P.add }, log: { title: TITLE, businessType: BUSINESS_TYPE.insert } }, schema: { body: createRoleBody } },
    async (request) => ok(request, { data: await roles.create(requireUser(request), request.body) }),
  );

  app.put(
    '/system/role',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { body: updateRoleBody } },
    async (request) => {
      await roles.update(requireUser(request), request.body);
      return ok(request);
    },
  );

  app.put(
    '/system/role/dataScope',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.grant } }, schema: { body: roleDataScopeBody } },
    async (request) => {
      await roles.setDataScope(requireUser(request), request.body);
      return ok(request);
    },
  );

  app.put(
    '/system/role/changeStatus',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { body: roleStatusBody } },
    async (request) => {
      await roles.changeStatus(requireUser(request), request.body.roleId, request.body.status);
      return ok(request);
    },
  );

  app.delete(
    '/system/role/:roleIds',
    { config: { access: { permission: P.remove }, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params: z.object({ roleIds: idList }) } },
    async (request) => {
      await roles.remove(requireUser(request), request.params.roleIds);
      return ok(request);
    },
  );

  app.get('/system/role/deptTree/:roleId', { config: { access: { permission: P.query } }, schema: { params: roleIdParams } }, async (request) =>
    ok(request, await roles.deptTree(requireUser(request), request.params.roleId)),
  );

  app.get('/system/role/authUser/allocatedList', { config: { access: { permission: P.list } }, schema: { querystring: authUserListQuery } }, async (request) =>
    okPage(request, await roles.authUsers(requireUser(request), request.query, true)),
  );

  app.get('/system/role/authUser/unallocatedList', { config: { access: { permission: P.list } }, schema: { querystring: authUserListQuery } }, async (request) =>
    okPage(request, await roles.authUsers(requireUser(request), request.query, false)),
  );

  app.put(
    '/system/role/authUser/cancel',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.grant } }, schema: { body: authUserCancelBody } },
    async (request) => {
      await roles.removeUsers(requireUser(request), request.body.roleId, [request.body.userId]);
      return ok(request);
    },
  );

  app.put(
    '/system/role/authUser/cancelAll',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.grant } }, schema: { querystring: authUserBatchQuery } },
    async (request) => {
      await roles.removeUsers(requireUser(request), request.query.roleId, ids(request.query.userIds));
      return ok(request);
    },
  );

  app.put(
    '/system/role/authUser/selectAll',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.grant } }, schema: { querystring: authUserBatchQuery } },
    async (request) => {
      await roles.addUsers(requireUser(request), request.query.roleId, ids(request.query.userIds));
      return ok(request);
    },
  );
};

export default roleRoutes;
