import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_KEYS } from '@orbit/shared/contract/config';
import { sysConfig } from '../../src/db/schema/settings';
import { sysUser } from '../../src/db/schema/organisation';
import { api, createTestApp, orbitWeb, type TestApp } from '../helpers/testApp';
import { ruoyiClient, type RuoYiAnswer } from './ruoyiClient';

/**
 * The fields RuoYi-Vue3 (v3.9.2) pages compare and print, as an unmodified client reads them
 * from Orbit in envelope mode (`API_ERROR_STATUS=envelope`, every answer an HTTP 200): issue 29.
 */
describe('RuoYi-Vue3 pages read Orbit’s answers as RuoYi’s own (envelope mode)', () => {
  let app: TestApp;
  let client: ReturnType<typeof ruoyiClient>;
  const ok = (res: RuoYiAnswer) => {
    expect(res.status).toBe(200);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body;
  };
  const refused = (res: RuoYiAnswer, code: number) => {
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(code);
    expect(res.body.msg).toEqual(expect.any(String));
    return res.body;
  };
  const signIn = async (username: string) => {
    const other = ruoyiClient(app);
    other.setToken(ok(await other.send('POST', '/login', { username, password: 'admin123', code: '', uuid: '' })).token);
    return other;
  };

  beforeAll(async () => {
    app = await createTestApp({ API_ERROR_STATUS: 'envelope' });
    client = await signIn('admin');
  });
  afterAll(() => app.teardown());

  it('the notice page’s "read users" dialog: rows of userName, nickName, deptName, phonenumber, readTime and the total', async () => {
    const noticeId = ok(await client.send('POST', '/system/notice', { noticeTitle: 'Read me', noticeType: '1', noticeContent: '<p>x</p>', status: '0' })).data;
    const mia = await signIn('mia.chen');
    ok(await mia.send('POST', '/system/notice/markRead', undefined, { noticeId }));
    const page = ok(await client.get('/system/notice/readUsers/list', { pageNum: 1, pageSize: 10, noticeId, searchValue: undefined }));
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ userName: 'mia.chen', nickName: 'Mia Chen', deptName: 'Marketing', phonenumber: '15888888807', readTime: expect.any(String) });
    expect(ok(await client.get('/system/notice/readUsers/list', { noticeId, searchValue: 'nobody' })).rows).toEqual([]);
    refused(await client.get('/system/notice/readUsers/list', { pageNum: 1 }), 400);
    refused(await client.get('/system/notice/readUsers/list', { noticeId: 999999 }), 404);
    refused(await mia.get('/system/notice/readUsers/list', { noticeId }), 403);
  });

  it('the menu page: isFrame, isCache, visible, status and menuType are RuoYi’s strings, and numbers are still accepted on save', async () => {
    const flags = (m: Record<string, unknown>) => [m.isFrame, m.isCache, m.visible, m.status, m.menuType].map((v) => typeof v);
    const menus = ok(await client.get('/system/menu/list')).data as Array<Record<string, unknown>>;
    for (const m of menus) expect(flags(m), String(m.menuName)).toEqual(['string', 'string', 'string', 'string', 'string']);
    const users = menus.find((m) => m.menuName === 'Users' && m.menuType === 'C')!;
    const one = ok(await client.get(`/system/menu/${users.menuId}`)).data;
    expect(one).toMatchObject({ isFrame: '1', isCache: '0', visible: '0', status: '0', menuType: 'C' });

    // RuoYi's dialog sends its radios back as strings: an external link with its cache off.
    const created = ok(await client.send('POST', '/system/menu', { parentId: 0, menuName: 'Docs', menuType: 'M', orderNum: 9, path: 'https://example.com/docs', isFrame: '0', isCache: '0', visible: '0', status: '0', icon: 'link' }));
    const docs = ok(await client.get(`/system/menu/${created.data}`)).data;
    expect(docs).toMatchObject({ isFrame: '0', isCache: '0' });
    ok(await client.send('PUT', '/system/menu', { ...docs, isCache: '1' }));
    expect(ok(await client.get(`/system/menu/${created.data}`)).data.isCache).toBe('1');
    // Numbers, as Orbit's earlier clients sent them.
    ok(await client.send('PUT', '/system/menu', { ...docs, isFrame: 1, isCache: 0, path: 'docs' }));
    expect(ok(await client.get(`/system/menu/${created.data}`)).data).toMatchObject({ isFrame: '1', isCache: '0' });
    expect(refused(await client.send('PUT', '/system/menu', { ...docs, isFrame: '2' }), 400).errors).toHaveProperty('isFrame');
    ok(await client.send('DELETE', `/system/menu/${created.data}`));
  });

  it('the parameter page: a setting at its default shows the value in force; saving it back keeps following the default', async () => {
    const list = ok(await client.get('/system/config/list', { pageNum: 1, pageSize: 20, configType: 'Y' }));
    const retries = list.rows.find((r: { configKey: string }) => r.configKey === SETTING_KEYS.loginMaxRetries);
    expect(retries).toMatchObject({ configValue: '5', defaultValue: '5', usesDefault: true });
    expect(ok(await client.get(`/system/config/${retries.configId}`)).data).toMatchObject({ configValue: '5', usesDefault: true });
    expect(ok(await client.get(`/system/config/configKey/${SETTING_KEYS.loginMaxRetries}`)).msg).toBe('5');

    // RuoYi's form sends every field back: only the remark changed, the setting still follows its default.
    ok(await client.send('PUT', '/system/config', { ...retries, remark: 'five tries' }));
    const [stored] = await app.db.select().from(sysConfig).where(eq(sysConfig.configKey, SETTING_KEYS.loginMaxRetries));
    expect(stored).toMatchObject({ configValue: '', remark: 'five tries' });
    ok(await client.send('PUT', '/system/config', { ...retries, configValue: '4' }));
    expect(ok(await client.get(`/system/config/${retries.configId}`)).data).toMatchObject({ configValue: '4', usesDefault: false });
  });

  it('the parameter page: renaming a built-in setting, moving its key or type is refused with a translated reason, and changes nothing', async () => {
    const row = ok(await client.get('/system/config/list', { configKey: SETTING_KEYS.fileRetentionDays })).rows[0];
    const before = await app.db.select().from(sysConfig).where(eq(sysConfig.configId, row.configId));
    const renamed = refused(await client.send('PUT', '/system/config', { ...row, configName: 'Renamed', configValue: '30' }), 400);
    expect(renamed.errors).toEqual({ configName: 'The name of a built-in setting cannot be changed' });
    expect(renamed.msg).toBe('The name of a built-in setting cannot be changed');
    expect(refused(await client.send('PUT', '/system/config', { ...row, configKey: 'renamed.key' }), 400).errors).toEqual({ configKey: 'The key of a built-in setting cannot be changed' });
    expect(refused(await client.send('PUT', '/system/config', { ...row, configType: 'N' }), 400).errors).toHaveProperty('configType');
    expect(await app.db.select().from(sysConfig).where(eq(sysConfig.configId, row.configId))).toEqual(before);
    // Its name as another language shows it is no rename.
    const zhClient = { ...row, configName: '生成和上传文件的保留天数' };
    ok(await client.send('PUT', '/system/config', zhClient));
    // "Built in" is Orbit's own settings only: a new parameter marked 'Y' is refused, not quietly made 'N'.
    expect(refused(await client.send('POST', '/system/config', { configName: 'Skin', configKey: 'sys.index.skinName', configValue: 'skin-blue', configType: 'Y' }), 400).errors).toHaveProperty('configType');
  });

  it('the profile page: a new e-mail address is refused with how to change it; the same one saves the rest', async () => {
    const mia = await signIn('mia.chen');
    const profile = ok(await mia.get('/system/user/profile')).data;
    const form = { nickName: 'Mia C.', phonenumber: profile.phonenumber, email: 'mia.new@example.com', sex: profile.sex };
    const res = refused(await mia.send('PUT', '/system/user/profile', form), 400);
    expect(res.msg).toMatch(/code/i);
    expect(res.errors).toEqual({ email: res.msg });
    const [row] = await app.db.select().from(sysUser).where(eq(sysUser.userName, 'mia.chen'));
    expect(row).toMatchObject({ nickName: 'Mia Chen', email: 'mia.chen@example.com' });
    ok(await mia.send('PUT', '/system/user/profile', { ...form, email: ' MIA.CHEN@example.com ' }));
    expect(ok(await mia.get('/system/user/profile')).data).toMatchObject({ nickName: 'Mia C.', email: 'mia.chen@example.com' });
  });

  it('the sidebar: /getRouters gives a RuoYi client only menus its views can draw; Orbit’s web app gets every menu', async () => {
    type Router = { path: string; component: string; children?: Router[] };
    const leaves = (routers: Router[]): string[] => routers.flatMap((r) => (r.children?.length ? leaves(r.children) : [r.component]));
    const ruoyi = ok(await client.get('/getRouters')).data as Router[];
    const components = leaves(ruoyi);
    expect(components).toEqual(expect.arrayContaining(['system/user/index', 'system/notice/index', 'monitor/operlog/index', 'monitor/logininfor/index']));
    expect(components.filter((c) => /^(crm|setup|demo)\//.test(c))).toEqual([]);
    // A directory keeps what RuoYi can draw of it (Setup: the two logs), and goes when nothing is left (Leads).
    const setup = ruoyi.find((r) => r.path === '/setup')!;
    expect(leaves(setup.children!)).toEqual(['monitor/logininfor/index', 'monitor/operlog/index']);
    expect(ruoyi.map((r) => r.path)).not.toContain('/Leads');

    const token = ok(await client.send('POST', '/login', { username: 'admin', password: 'admin123' })).token;
    const orbit = (await app.inject({ method: 'GET', url: api('/getRouters'), headers: { authorization: `Bearer ${token}`, ...orbitWeb } })).json().data as Router[];
    expect(leaves(orbit)).toEqual(expect.arrayContaining(['crm/leads/index', 'setup/fields/index', ...components]));
    expect(leaves(orbit).some((c) => c.startsWith('demo/'))).toBe(true);
  });
});
