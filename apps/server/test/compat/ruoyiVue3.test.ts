import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_KEYS } from '@orbit/shared/contract/config';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { ruoyiClient, type RuoYiAnswer } from './ruoyiClient';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const modes = ['http', 'envelope'] as const;

/**
 * Replays the calls an unmodified RuoYi-Vue3 admin client makes against Orbit, in both error modes:
 * the paths, methods and parameter encodings it uses, and the answer fields its pages read. In
 * `envelope` mode every answer it must read is an HTTP 200 (anything else it shows as
 * "系统接口…异常"); in `http` mode refusals carry their status.
 */
describe.each(modes)('a RuoYi-Vue3 client against Orbit (API_ERROR_STATUS=%s)', (mode) => {
  let app: TestApp;
  let client: ReturnType<typeof ruoyiClient>;
  /** A business refusal: the code the client reads, and the HTTP status that mode sends it with. */
  const expectRefusal = (res: RuoYiAnswer, code: number) => {
    expect(res.body.code).toBe(code);
    expect(typeof res.body.msg).toBe('string');
    expect(res.status).toBe(mode === 'envelope' ? 200 : code);
  };
  const expectOk = (res: RuoYiAnswer) => {
    expect(res.status).toBe(200);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body;
  };
  const expectFile = async (res: RuoYiAnswer) => {
    expect(res.status).toBe(200);
    // RuoYi's blobValidate: anything but application/json is the file.
    expect(res.raw.headers['content-type']).toBe(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    return book.worksheets[0]!;
  };

  beforeAll(async () => {
    app = await createTestApp({ API_ERROR_STATUS: mode });
    client = ruoyiClient(app);
  });
  afterAll(() => app.teardown());

  it('signs in: captchaImage, login, getInfo (with the password-rule fields), getRouters', async () => {
    expect(expectOk(await client.get('/captchaImage')).captchaEnabled).toBe(false);
    const login = expectOk(await client.send('POST', '/login', { username: 'admin', password: 'admin123', code: '', uuid: '' }));
    client.setToken(login.token);
    const info = expectOk(await client.get('/getInfo'));
    expect(info).toMatchObject({ user: { userName: 'admin', avatar: '' }, roles: ['admin'], permissions: ['*:*:*'], isDefaultModifyPwd: false, isPasswordExpired: false, pwdChrtype: '0' });
    const routers = expectOk(await client.get('/getRouters'));
    expect(routers.data.map((r: { path: string }) => r.path)).toContain('/system');
    const system = routers.data.find((r: { path: string }) => r.path === '/system');
    expect(system.children.map((c: { path: string; component: string }) => [c.path, c.component])).toEqual(
      expect.arrayContaining([
        ['config', 'system/config/index'],
        ['notice', 'system/notice/index'],
      ]),
    );
  });

  it('the user page: list with a date range, dept tree, the dialog’s roles and posts, the initial password', async () => {
    const list = expectOk(await client.get('/system/user/list', { pageNum: 1, pageSize: 10, userName: undefined, params: { beginTime: '2020-01-01', endTime: '2999-12-31' } }));
    expect(list.total).toBeGreaterThan(5);
    expect(Object.keys(list.rows[0])).toEqual(expect.arrayContaining(['userId', 'userName', 'nickName', 'dept', 'phonenumber', 'status', 'createTime']));
    expect(expectOk(await client.get('/system/user/deptTree')).data[0]).toMatchObject({ id: expect.any(Number), label: 'Head Office' });
    expect(expectOk(await client.get('/system/user/'))).toMatchObject({ roles: expect.any(Array), posts: [] });
    const one = expectOk(await client.get('/system/user/3'));
    expect(one).toMatchObject({ data: { userId: 3 }, roleIds: expect.any(Array), roles: expect.any(Array), posts: [], postIds: [] });
    expect(expectOk(await client.get(`/system/config/configKey/${SETTING_KEYS.initPassword}`)).msg).toBe('');
  });

  it('the parameter settings page: list, get, add, edit, delete, refresh cache, read by key', async () => {
    const list = expectOk(await client.get('/system/config/list', { pageNum: 1, pageSize: 10, configName: undefined, configType: 'Y' }));
    expect(Object.keys(list.rows[0])).toEqual(expect.arrayContaining(['configId', 'configName', 'configKey', 'configValue', 'configType', 'remark', 'createTime']));
    const added = expectOk(await client.send('POST', '/system/config', { configName: 'Skin', configKey: 'sys.index.skinName', configValue: 'skin-blue', configType: 'N', remark: '' }));
    const row = expectOk(await client.get(`/system/config/${added.data}`)).data;
    expectOk(await client.send('PUT', '/system/config', { ...row, configValue: 'skin-green' }));
    expect(expectOk(await client.get('/system/config/configKey/sys.index.skinName')).msg).toBe('skin-green');
    expectOk(await client.send('DELETE', '/system/config/refreshCache'));
    expectOk(await client.send('DELETE', `/system/config/${added.data}`));
    expectRefusal(await client.send('POST', '/system/config', { configName: '', configKey: '' }), 400);
    const captcha = list.rows.find((r: { configKey: string }) => r.configKey === SETTING_KEYS.captchaEnabled);
    expectRefusal(await client.send('DELETE', `/system/config/${captcha.configId}`), 400);
  });

  it('the notice page and the header bell: list, add, edit, get, listTop, markRead, markReadAll, delete', async () => {
    const added = expectOk(await client.send('POST', '/system/notice', { noticeTitle: 'Welcome', noticeType: '1', noticeContent: '<p>Hello</p>', status: '0' }));
    const list = expectOk(await client.get('/system/notice/list', { pageNum: 1, pageSize: 10, noticeTitle: 'Wel', createBy: undefined, noticeType: undefined }));
    expect(list.rows[0]).toMatchObject({ noticeId: added.data, noticeTitle: 'Welcome', noticeType: '1', status: '0', createBy: 'admin', createTime: expect.any(String) });
    const notice = expectOk(await client.get(`/system/notice/${added.data}`)).data;
    expectOk(await client.send('PUT', '/system/notice', { ...notice, noticeTitle: 'Welcome!' }));
    const top = expectOk(await client.get('/system/notice/listTop'));
    expect(top.unreadCount).toBe(1);
    expect(top.data[0]).toMatchObject({ noticeId: added.data, noticeTitle: 'Welcome!', noticeType: '1', isRead: false, createTime: expect.any(String) });
    expectOk(await client.send('POST', '/system/notice/markRead', undefined, { noticeId: added.data }));
    expectOk(await client.send('POST', '/system/notice/markReadAll', undefined, { ids: String(added.data) }));
    expect(expectOk(await client.get('/system/notice/listTop')).unreadCount).toBe(0);
    expectOk(await client.send('DELETE', `/system/notice/${added.data}`));
    expectRefusal(await client.get(`/system/notice/${added.data}`), 404);
  });

  it('the department and menu pages save their order', async () => {
    const depts = expectOk(await client.get('/system/dept/list')).data as Array<{ deptId: number; orderNum: number }>;
    const two = depts.slice(1, 3);
    expectOk(await client.send('PUT', '/system/dept/updateSort', { deptIds: two.map((d) => d.deptId).join(','), orderNums: '7,6' }));
    const menus = expectOk(await client.get('/system/menu/list')).data as Array<{ menuId: number }>;
    expectOk(await client.send('PUT', '/system/menu/updateSort', { menuIds: `${menus[0]!.menuId}`, orderNums: '1' }));
    expectRefusal(await client.send('PUT', '/system/dept/updateSort', { deptIds: '1,2', orderNums: '1' }), 400);
  });

  it('every export button downloads an xlsx, with the list’s filters form-encoded', async () => {
    const exports: Array<[string, Record<string, unknown>]> = [
      ['/system/user/export', { pageNum: 1, pageSize: 10, status: '0', params: { beginTime: '2020-01-01', endTime: '2999-12-31' } }],
      ['/system/role/export', { pageNum: 1, pageSize: 10, roleName: 'Sales' }],
      ['/system/dict/type/export', { pageNum: 1, pageSize: 10 }],
      ['/system/dict/data/export', { pageNum: 1, pageSize: 10, dictType: 'sys_user_sex' }],
      ['/monitor/logininfor/export', { pageNum: 1, pageSize: 10, status: '0' }],
      ['/monitor/operlog/export', { pageNum: 1, pageSize: 10, businessType: undefined }],
      ['/system/config/export', { pageNum: 1, pageSize: 10 }],
    ];
    for (const [url, params] of exports) {
      const sheet = await expectFile(await client.download(url, params));
      expect(sheet.rowCount, url).toBeGreaterThan(1);
    }
    const dictData = await expectFile(await client.download('/system/dict/data/export', { dictType: 'sys_user_sex' }));
    expect(dictData.rowCount).toBe(4);
    // A refused download is JSON, which the client reads as the error.
    const refused = await client.download('/system/user/export', { params: { beginTime: 'yesterday' } });
    expectRefusal(refused, 400);
  });

  it('the user import dialog: template download and upload with the result message', async () => {
    const template = await expectFile(await client.download('/system/user/importTemplate', {}));
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Users');
    sheet.addRow((template.getRow(1).values as string[]).slice(1));
    sheet.addRow(['Sales East', 'ruoyi.user', 'RuoYi User', '', '', 'Male', 'Normal']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    // No initial password yet: refused with RuoYi's message, read from a 200 in envelope mode.
    const refused = await client.upload('/system/user/importData?updateSupport=0', bytes, 'users.xlsx');
    expectRefusal(refused, 400);
    expect(refused.body.msg).toContain('1. Account ruoyi.user: no initial password');
    const settings = expectOk(await client.get('/system/config/list', { configKey: SETTING_KEYS.initPassword })).rows[0];
    expectOk(await client.send('PUT', '/system/config', { ...settings, configValue: 'Welcome-Orbit-2026' }));
    expect(expectOk(await client.get(`/system/config/configKey/${SETTING_KEYS.initPassword}`)).msg).toBe('Welcome-Orbit-2026');
    expect(expectOk(await client.upload('/system/user/importData?updateSupport=0', bytes, 'users.xlsx')).msg).toContain('1. Account ruoyi.user imported');
  });

  it('the lock screen, and the errors it must read: wrong password 400, signed out 401, no permission 403', async () => {
    expectOk(await client.send('POST', '/unlockscreen', { password: 'admin123' }));
    expectRefusal(await client.send('POST', '/unlockscreen', { password: 'wrong-password' }), 400);
    const reader = ruoyiClient(app);
    reader.setToken(expectOk(await reader.send('POST', '/login', { username: 'sophia.reed', password: 'admin123' })).token);
    expectRefusal(await reader.get('/system/user/list'), 403);
    expectRefusal(await reader.download('/system/user/export', {}), 403);
    expectOk(await reader.send('POST', '/logout'));
    // After sign-out RuoYi opens its "登录状态已过期" dialog only for code 401 in a 200 (envelope).
    expectRefusal(await reader.get('/getInfo'), 401);
    expectRefusal(await client.get('/no/such/api'), 404);
  });
});
