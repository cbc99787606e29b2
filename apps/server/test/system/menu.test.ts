import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMenu } from '../../src/db/schema/menu';
import { createTestApp, loginAs, orbitWeb, type TestApp } from '../helpers/testApp';
import { caller } from '../helpers/adminApi';

type Router = { name: string; path: string; hidden: boolean; children?: Router[] };
const find = (routers: Router[], name: string): Router | undefined => {
  for (const r of routers) {
    if (r.name === name) return r;
    const inner = r.children && find(r.children, name);
    if (inner) return inner;
  }
  return undefined;
};

describe('menu tree', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  let systemId: number;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    const list = await admin('GET', '/system/menu/list?menuName=System');
    systemId = list.body.data.find((m: { menuName: string; menuType: string }) => m.menuName === 'System' && m.menuType === 'M').menuId;
  });
  afterAll(() => app.teardown());

  const routers = async () => (await admin('GET', '/getRouters', undefined, orbitWeb)).body.data as Router[];

  it('creates, changes and deletes a page; /getRouters follows at once', async () => {
    const created = await admin('POST', '/system/menu', {
      parentId: systemId, menuName: 'Audit', routeName: 'Audit', menuType: 'C', path: 'audit', component: 'system/audit/index', perms: 'system:audit:list', orderNum: 9,
    });
    expect(created.body.code).toBe(200);
    const menuId = created.body.data as number;
    expect(find(await routers(), 'Audit')).toMatchObject({ path: 'audit', hidden: false });

    const menu = (await admin('GET', `/system/menu/${menuId}`)).body.data;
    expect((await admin('PUT', '/system/menu', { ...menu, visible: '1' })).body.code).toBe(200);
    expect(find(await routers(), 'Audit')?.hidden).toBe(true);
    expect((await admin('PUT', '/system/menu', { ...menu, status: '1' })).body.code).toBe(200);
    expect(find(await routers(), 'Audit')).toBeUndefined();

    const button = await admin('POST', '/system/menu', { parentId: menuId, menuName: 'Audit export', menuType: 'F', perms: 'system:audit:export' });
    expect(button.body.code).toBe(200);
    const underButton = await admin('POST', '/system/menu', { parentId: button.body.data, menuName: 'Nope', menuType: 'F' });
    expect(underButton.body.errors).toHaveProperty('parentId');
    const children = await admin('DELETE', `/system/menu/${menuId}`);
    expect(children.body.msg).toBe('The menu has sub-menus and cannot be deleted');
    expect((await admin('DELETE', `/system/menu/${button.body.data}`)).body.code).toBe(200);
    expect((await admin('DELETE', `/system/menu/${menuId}`)).body.code).toBe(200);
    expect((await admin('GET', `/system/menu/${menuId}`)).status).toBe(404);
  });

  it('refuses cycles, duplicate sibling names, bad links and deleting an assigned menu', async () => {
    const system = (await admin('GET', `/system/menu/${systemId}`)).body.data;
    expect((await admin('PUT', '/system/menu', { ...system, parentId: systemId })).body.errors).toHaveProperty('parentId');
    const users = (await admin('GET', '/system/menu/list?menuName=Users')).body.data.find((m: { menuType: string }) => m.menuType === 'C');
    const cycle = await admin('PUT', '/system/menu', { ...system, parentId: users.menuId });
    expect(cycle.status).toBe(400);
    expect(cycle.body.msg).toBe('The parent menu cannot be the menu itself or one of its sub-menus');
    const dup = await admin('POST', '/system/menu', { parentId: systemId, menuName: 'Users', menuType: 'C', path: 'users2' });
    expect(Object.keys(dup.body.errors)).toEqual(['menuName']);
    const link = await admin('POST', '/system/menu', { parentId: 0, menuName: 'Docs', menuType: 'C', path: 'javascript:alert(1)', isFrame: 0 });
    expect(link.body.errors).toHaveProperty('path');
    const ok = await admin('POST', '/system/menu', { parentId: 0, menuName: 'Docs', menuType: 'C', path: 'https://example.com/docs', isFrame: 0 });
    expect(ok.body.code).toBe(200);
    const assigned = (await admin('GET', '/system/menu/list?menuName=Leads')).body.data.find((m: { menuType: string }) => m.menuType === 'F');
    expect((await admin('DELETE', `/system/menu/${assigned.menuId}`)).body.msg).toBe('The menu is assigned to roles and cannot be deleted');
    expect((await admin('POST', '/system/menu', { parentId: 0, menuName: 'X', menuType: 'Z' })).status).toBe(400);
  });

  it('takes only http(s) addresses as links, external or not, with a translated message; they reach the sidebar as links', async () => {
    const base = { parentId: systemId, menuType: 'C', orderNum: 98 };
    const refused = [
      ['javascript:alert(1)', 1],
      ['javascript:alert(1)', 0],
      ['mailto:it@example.com', 0],
      ['data:text/html,<b>hi</b>', 1],
      ['//evil.example/phish', 1],
      ['\\\\evil.example/phish', 1],
      ['https://intranet.example.com@evil.example/phish', 0],
      ['https://evil.example/a b', 0],
      ['ftp://files.example.com', 0],
      ['help', 0],
    ] as const;
    for (const [i, [path, isFrame]] of refused.entries()) {
      const res = await admin('POST', '/system/menu', { ...base, menuName: `Link ${i}`, path, isFrame });
      expect(res.status, path).toBe(400);
      expect(res.body.errors, path).toEqual({ path: 'A link must be a web address starting with http:// or https://' });
    }
    const zh = await admin('POST', '/system/menu', { ...base, menuName: 'Link zh', path: 'javascript:alert(1)', isFrame: 0 }, { 'accept-language': 'zh' });
    expect(zh.body.errors.path).toBe('链接必须是以 http:// 或 https:// 开头的网址');
    expect(await app.db.select().from(sysMenu).where(like(sysMenu.menuName, 'Link %'))).toEqual([]);

    // An internal page with an address for a path is a link too: the sidebar opens it outside, never as a route.
    for (const [name, path, isFrame] of [['Wiki', 'https://wiki.example.com/sales?x=1#top', 1], ['Status', 'http://status.example.com:8080/', 0]] as const) {
      const res = await admin('POST', '/system/menu', { ...base, menuName: name, routeName: name, path, isFrame });
      expect(res.body.code, name).toBe(200);
      expect(find(await routers(), name), name).toMatchObject({ meta: { link: path } });
    }
    const menu = (await admin('GET', '/system/menu/list?menuName=Wiki')).body.data[0];
    expect((await admin('PUT', '/system/menu', { ...menu, path: 'javascript:alert(1)' })).status).toBe(400);
  });

  it('gives the tree for pickers, limited to the caller’s menus for non-administrators', async () => {
    const tree = await admin('GET', '/system/menu/treeselect');
    expect(tree.body.data.map((n: { label: string }) => n.label)).toContain('System');
    const all = (await admin('GET', '/system/menu/list')).body.data.length;
    expect(all).toBeGreaterThan(50);
  });
});
