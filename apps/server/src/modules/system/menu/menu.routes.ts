import { z } from 'zod';
import { id, sortUpdateBody } from '@orbit/shared/contract/common';
import { createMenuBody, menuListQuery, updateMenuBody } from '@orbit/shared/contract/menu';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { createMenuService } from './menu.service';

const P = PERMISSIONS.menu;
const TITLE = 'Menu';
const menuIdParams = z.object({ menuId: id });
const roleIdParams = z.object({ roleId: id });

/** `/system/menu`: tree CRUD; `/getRouters` reads the same rows on every call, so changes show at once. */
const menuRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const menus = createMenuService(app.db);

  app.get('/system/menu/list', { config: { access: { permission: P.list } }, schema: { querystring: menuListQuery } }, async (request) =>
    okData(request, await menus.list(requireUser(request), request.query)),
  );

  // The role dialogs need the tree too: role editors may read it.
  const treeAccess = { permission: [P.list, PERMISSIONS.role.query, PERMISSIONS.role.add, PERMISSIONS.role.edit] };
  app.get('/system/menu/treeselect', { config: { access: treeAccess } }, async (request) => okData(request, await menus.treeSelect(requireUser(request))));

  for (const url of ['/system/menu/roleMenuTreeselect/:roleId', '/system/role/roleMenuTreeselect/:roleId']) {
    app.get(url, { config: { access: treeAccess }, schema: { params: roleIdParams } }, async (request) =>
      ok(request, await menus.roleTree(requireUser(request), request.params.roleId)),
    );
  }

  app.get('/system/menu/:menuId', { config: { access: { permission: P.query } }, schema: { params: menuIdParams } }, async (request) =>
    okData(request, await menus.get(request.params.menuId)),
  );

  app.post(
    '/system/menu',
    { config: { access: { permission: P.add }, log: { title: TITLE, businessType: BUSINESS_TYPE.insert } }, schema: { body: createMenuBody } },
    async (request) => ok(request, { data: await menus.create(requireUser(request), request.body) }),
  );

  // RuoYi's "save order" button: ids and order numbers, within the caller's reach.
  app.put(
    '/system/menu/updateSort',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { body: sortUpdateBody('menuIds') } },
    async (request) => {
      await menus.saveOrder(requireUser(request), request.body);
      return ok(request);
    },
  );

  app.put(
    '/system/menu',
    { config: { access: { permission: P.edit }, log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { body: updateMenuBody } },
    async (request) => {
      await menus.update(requireUser(request), request.body);
      return ok(request);
    },
  );

  app.delete(
    '/system/menu/:menuId',
    { config: { access: { permission: P.remove }, log: { title: TITLE, businessType: BUSINESS_TYPE.delete } }, schema: { params: menuIdParams } },
    async (request) => {
      await menus.remove(requireUser(request), request.params.menuId);
      return ok(request);
    },
  );
};

export default menuRoutes;
