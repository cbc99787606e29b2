import { randomInt } from 'node:crypto';
import { MOCK_ROLE_KEY_MAX, MOCK_ROLE_KEY_MIN, MOCK_SUCCESS_CODE } from '@orbit/shared/constants';
import {
  mockNewRoleAnswer,
  mockRoleBody,
  mockRoleKeyParams,
  mockRolesAnswer,
  mockRoutesAnswer,
  mockStatusAnswer,
  type DemoRoute,
  type MockRole,
} from '@orbit/shared/contract/demo';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoEntryVisibleTo, demoMenuTree, demoRoutes } from '../../db/seed/demoMenu';
import type { MenuSeed } from '../../db/seed/menuTree';

const only = (entries: MenuSeed[], roleKey: string): MenuSeed[] =>
  entries.filter((e) => demoEntryVisibleTo(e, roleKey)).map((e) => ({ ...e, children: e.children && only(e.children, roleKey) }));

/** The template's three mock roles (SPEC §6), each with the demo routes it sees. */
function mockRoles(): MockRole[] {
  const routes: DemoRoute[] = demoRoutes();
  return [
    { key: 'admin', name: 'admin', description: 'Super Administrator. Have access to view all pages.', routes },
    { key: 'editor', name: 'editor', description: 'Normal Editor. Can see all pages except permission page', routes: demoRoutes(only(demoMenuTree, 'editor')) },
    { key: 'visitor', name: 'visitor', description: 'Just a visitor. Can only see the home page and the document page', routes: [] },
  ];
}

const TAGS = ['template demo'];

/**
 * SPEC §7's development mock endpoints of the template demo's role page. They keep nothing: a
 * created role gets a random key, an edit or a delete answers success. Registered only when
 * DEMO_MOCK_API is on (the default with the demo data); signed-in users only.
 */
const mockRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (!app.config.demoMockApi) return;
  const access = { access: 'authenticated' as const, log: false as const };

  app.get('/vue-element-admin/routes', { config: access, schema: { tags: TAGS, response: { 200: mockRoutesAnswer } } }, async () => ({
    code: MOCK_SUCCESS_CODE,
    data: demoRoutes(),
  }));

  app.get('/vue-element-admin/roles', { config: access, schema: { tags: TAGS, response: { 200: mockRolesAnswer } } }, async () => ({
    code: MOCK_SUCCESS_CODE,
    data: mockRoles(),
  }));

  app.post('/vue-element-admin/role', { config: access, schema: { tags: TAGS, body: mockRoleBody, response: { 200: mockNewRoleAnswer } } }, async () => ({
    code: MOCK_SUCCESS_CODE,
    data: { key: randomInt(MOCK_ROLE_KEY_MIN, MOCK_ROLE_KEY_MAX + 1) },
  }));

  app.put(
    '/vue-element-admin/role/:key',
    { config: access, schema: { tags: TAGS, params: mockRoleKeyParams, body: mockRoleBody, response: { 200: mockStatusAnswer } } },
    async () => ({ code: MOCK_SUCCESS_CODE, data: { status: 'success' as const } }),
  );

  app.delete(
    '/vue-element-admin/role/:key',
    { config: access, schema: { tags: TAGS, params: mockRoleKeyParams, response: { 200: mockStatusAnswer } } },
    async () => ({ code: MOCK_SUCCESS_CODE, data: { status: 'success' as const } }),
  );
};

export default mockRoutes;
