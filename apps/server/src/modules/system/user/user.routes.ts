import { z } from 'zod';
import { id, idList } from '@orbit/shared/contract/common';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import {
  authRoleQuery,
  changeUserStatusBody,
  changeUserStatusParams,
  createUserBody,
  resetUserPwdBody,
  updateUserBody,
  userListQuery,
} from '@orbit/shared/contract/user';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData, okPage } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { createDeptService } from '../dept/dept.service';
import { createUserService } from './user.service';

const P = PERMISSIONS.user;
const TITLE = 'User';
const userIdParams = z.object({ userId: id });

/** `/system/user`: RuoYi's paths, parameter names and answer shapes. The profile lives in profile.routes.ts. */
const userRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = createUserService(app.db, app.config);
  const depts = createDeptService(app.db);

  app.get('/system/user/list', { config: { access: { permission: P.list } }, schema: { querystring: userListQuery } }, async (request) =>
    okPage(request, await users.list(requireUser(request), request.query)),
  );

  app.get('/system/user/deptTree', { config: { access: { permission: P.list } } }, async (request) =>
    okData(request, await depts.treeSelect(requireUser(request))),
  );

  // The create dialog: the roles the caller may assign. Orbit has no posts (positions); RuoYi's
  // dialog reads `posts` and `postIds`, so they are there, empty.
  app.get('/system/user/', { config: { access: { permission: [P.query, P.add] } } }, async (request) =>
    ok(request, { roles: await users.assignableRoles(requireUser(request)), posts: [] }),
  );

  app.get('/system/user/:userId', { config: { access: { permission: P.query } }, schema: { params: userIdParams } }, async (request) => {
    const user = requireUser(request);
    const { data, roleIds } = await users.get(user, request.params.userId);
    return ok(request, { data, roleIds, roles: await users.assignableRoles(user), posts: [], postIds: [] });
  });

  app.post(
    '/system/user',
    { config: { access: { permission: P.add }, log: { title: TITLE, businessType: BUSINESS_TYPE.insert } }, schema: { body: createUserBody } },
    async (request) => ok(request, { data: await users.create(requireUser(request), request.body) }),
  );

  app.put(
    '/system/user',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { body: updateUserBody } },
    async (request) => {
      await users.update(requireUser(request), request.body);
      return ok(request);
    },
  );

  app.delete(
    '/system/user/:userIds',
    { config: { access: { permission: P.remove }, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params: z.object({ userIds: idList }) } },
    async (request) => {
      await users.remove(requireUser(request), request.params.userIds);
      return ok(request);
    },
  );

  app.put(
    '/system/user/resetPwd',
    { config: { access: { permission: P.resetPwd }, noApiKey: true, log: { title: TITLE, businessType: BUSINESS_TYPE.update, withholdBody: true } }, schema: { body: resetUserPwdBody } },
    async (request) => {
      await users.resetPassword(requireUser(request), request.body.userId, request.body.password);
      return ok(request);
    },
  );

  app.put(
    '/system/user/changeStatus',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { body: changeUserStatusBody } },
    async (request) => {
      await users.changeStatus(requireUser(request), request.body.userId, request.body.status);
      return ok(request);
    },
  );

  // SPEC §7: GET /changeUserStatus/{userId}/{status} enables ('0') or disables ('1') a user.
  for (const url of ['/system/user/changeUserStatus/:userId/:status', '/changeUserStatus/:userId/:status']) {
    app.get(
      url,
      { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { params: changeUserStatusParams } },
      async (request) => {
        await users.changeStatus(requireUser(request), request.params.userId, request.params.status);
        return ok(request);
      },
    );
  }

  app.get('/system/user/authRole/:userId', { config: { access: { permission: P.query } }, schema: { params: userIdParams } }, async (request) =>
    ok(request, await users.rolesOf(requireUser(request), request.params.userId)),
  );

  app.put(
    '/system/user/authRole',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.grant } }, schema: { querystring: authRoleQuery } },
    async (request) => {
      const roleIds = request.query.roleIds ? request.query.roleIds.split(',').map(Number) : [];
      await users.assignRoles(requireUser(request), request.query.userId, roleIds);
      return ok(request);
    },
  );
};

export default userRoutes;
