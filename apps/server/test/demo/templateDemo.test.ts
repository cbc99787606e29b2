import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouterVo } from '@orbit/shared/contract/auth';
import { MOCK_ROLE_KEY_MAX, MOCK_ROLE_KEY_MIN } from '@orbit/shared/constants';
import { api, bearer, createTestApp, loginAs, orbitWeb, type TestApp } from '../helpers/testApp';

const flatten = (list: RouterVo[]): RouterVo[] => list.flatMap((r) => [r, ...flatten(r.children ?? [])]);
/** The demo's entries, in their folder "Template demo" (issue 36). */
const DEMO_TOP = ['Permission', 'Icons', 'ComponentDemo', 'Charts', 'Nested', 'Example', 'Tab', 'ErrorPages', 'ErrorLog', 'Excel', 'ExportZip', 'PDF', 'PDFDown', 'Theme', 'ClipboardDemo', 'I18n', 'ExternalLink'];
const demoEntries = (data: RouterVo[]) => data.find((r) => r.name === 'TemplateDemo')!;

describe('template demo (SPEC §2 demo routes, §6 mock roles, §7 mock endpoints)', () => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    app = await createTestApp();
    for (const user of ['admin', 'editor', 'visitor']) tokens[user] = await loginAs(app, user);
  }, 120_000);
  afterAll(() => app.teardown());

  const routers = async (user: string) => {
    const res = await app.inject({ method: 'GET', url: api('/getRouters'), headers: { ...bearer(tokens[user]!), ...orbitWeb } });
    return (res.json() as { data: RouterVo[] }).data;
  };
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, token = tokens.editor!) => {
    const res = await app.inject({ method, url: api(path), headers: bearer(token), ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { code: number; data: unknown } };
  };

  it('admin sees the demo entries in one folder after the product menu, at their own addresses', async () => {
    const data = await routers('admin');
    expect(data.at(-1)).toMatchObject({ name: 'TemplateDemo', path: '/', component: 'Layout' });
    expect(demoEntries(data).children!.map((r) => r.name)).toEqual(DEMO_TOP);
    const names = flatten(data).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['PagePermission', 'DirectivePermission', 'RolePermission', 'Menu1_2_2', 'EditArticle', 'PDFDown']));
    const edit = flatten(data).find((r) => r.name === 'EditArticle')!;
    expect(edit).toMatchObject({ path: 'edit/:id', hidden: true, component: 'demo/example/edit' });
    expect(demoEntries(data).children!.find((r) => r.name === 'Icons')).toMatchObject({ path: 'icon/index', component: 'demo/icon/index' });
    expect(demoEntries(data).children!.at(-1)).toMatchObject({ path: 'https://github.com/PanJiaChen/vue-element-admin', meta: { link: 'https://github.com/PanJiaChen/vue-element-admin' } });
  });

  it('editor sees the dashboard and every demo page but the permission page and role', async () => {
    const data = await routers('editor');
    expect(data.map((r) => r.name)).toEqual(['Dashboard', 'TemplateDemo']);
    expect(demoEntries(data).children!.map((r) => r.name)).toEqual(DEMO_TOP);
    const permission = demoEntries(data).children!.find((r) => r.name === 'Permission')!;
    expect(permission.children!.map((c) => c.name)).toEqual(['DirectivePermission']);
  });

  it('visitor sees the dashboard only', async () => {
    const data = await routers('visitor');
    expect(flatten(data).map((r) => r.name)).toEqual(['Dashboard', 'DashboardIndex']);
  });

  it('GET /vue-element-admin/routes: the demo route table with its role metadata', async () => {
    const { status, body } = await call('GET', '/vue-element-admin/routes');
    expect(status).toBe(200);
    expect(body.code).toBe(20000);
    const routes = body.data as Array<{ path: string; meta: { roles?: string[] }; children?: Array<{ path: string; meta: { roles?: string[] } }> }>;
    const permission = routes.find((r) => r.path === '/permission')!;
    expect(permission.meta.roles).toEqual(['admin', 'editor']);
    expect(permission.children!.map((c) => [c.path, c.meta.roles])).toEqual([['page', ['admin']], ['directive', undefined], ['role', ['admin']]]);
  });

  it('GET /vue-element-admin/roles: admin, editor and visitor with their routes', async () => {
    const { body } = await call('GET', '/vue-element-admin/roles');
    expect(body.code).toBe(20000);
    const roles = body.data as Array<{ key: string; name: string; description: string; routes: Array<{ path: string; children?: Array<{ path: string }> }> }>;
    expect(roles.map((r) => r.key)).toEqual(['admin', 'editor', 'visitor']);
    const editorPermission = roles[1]!.routes.find((r) => r.path === '/permission')!;
    expect(editorPermission.children!.map((c) => c.path)).toEqual(['directive']);
    expect(roles[2]!.routes).toEqual([]);
  });

  it('POST /vue-element-admin/role answers a random key in the mock range; PUT and DELETE answer success', async () => {
    for (let i = 0; i < 20; i++) {
      const { body } = await call('POST', '/vue-element-admin/role', { name: 'tester', description: 'x', routes: [] });
      expect(body.code).toBe(20000);
      const key = (body.data as { key: number }).key;
      expect(key).toBeGreaterThanOrEqual(MOCK_ROLE_KEY_MIN);
      expect(key).toBeLessThanOrEqual(MOCK_ROLE_KEY_MAX);
    }
    expect((await call('PUT', '/vue-element-admin/role/412', { name: 'renamed' })).body).toEqual({ code: 20000, data: { status: 'success' } });
    expect((await call('DELETE', '/vue-element-admin/role/412')).body).toEqual({ code: 20000, data: { status: 'success' } });
  });

  it('the mock endpoints need a session and are in the OpenAPI document with their schemas', async () => {
    const res = await app.inject({ method: 'GET', url: api('/vue-element-admin/roles') });
    expect(res.statusCode).toBe(401);
    const doc = (await app.inject({ method: 'GET', url: api('/openapi.json') })).json() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    for (const [path, method] of [['/dev-api/vue-element-admin/routes', 'get'], ['/dev-api/vue-element-admin/roles', 'get'], ['/dev-api/vue-element-admin/role', 'post'], ['/dev-api/vue-element-admin/role/{key}', 'put'], ['/dev-api/vue-element-admin/role/{key}', 'delete']] as const) {
      expect(doc.paths[path]?.[method]?.responses?.['200'], `${method} ${path}`).toBeDefined();
    }
  });
});

describe('DEMO_MOCK_API=false', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ DEMO_MOCK_API: 'false' });
  }, 120_000);
  afterAll(() => app.teardown());

  it('switches the mock endpoints off', async () => {
    const token = await loginAs(app, 'admin');
    for (const [method, url] of [['GET', '/vue-element-admin/routes'], ['GET', '/vue-element-admin/roles'], ['POST', '/vue-element-admin/role'], ['DELETE', '/vue-element-admin/role/400']] as const) {
      const res = await app.inject({ method, url: api(url), headers: bearer(token), ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
