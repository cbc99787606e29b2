import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_KEYS } from '@orbit/shared/contract/config';
import { sysUser } from '../../src/db/schema/organisation';
import { createSettings } from '../../src/modules/system/config/settings';
import { caller, deptIds, FORBIDDEN_EN } from '../helpers/adminApi';
import { api, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };
type Row = { configId: number; configKey: string; configName: string; configValue: string; configType: string; defaultValue?: string; usesDefault?: boolean };

describe('parameter settings (/system/config)', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  let rows: Row[];
  const idOf = (key: string) => rows.find((r) => r.configKey === key)!.configId;
  const setValue = async (key: string, configValue: string) => {
    const row = rows.find((r) => r.configKey === key)!;
    return admin('PUT', '/system/config', { ...row, configValue });
  };

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    rows = (await admin('GET', '/system/config/list?pageSize=100')).body.rows;
  });
  afterAll(() => app.teardown());

  it('every install has the built-in settings, following their defaults (shown as the value in force), named in the reader’s language', async () => {
    expect(rows.map((r) => r.configKey).sort()).toEqual(Object.values(SETTING_KEYS).sort());
    expect(rows.every((r) => r.configType === 'Y' && r.usesDefault === true && r.configValue === r.defaultValue)).toBe(true);
    // A change sends the name back with the value: in either language it fits the name's 100 characters.
    const zhRows: Row[] = (await admin('GET', '/system/config/list?pageSize=100', undefined, ZH)).body.rows;
    expect([...rows, ...zhRows].filter((r) => r.configName.length > 100).map((r) => r.configName)).toEqual([]);
    const captcha = rows.find((r) => r.configKey === SETTING_KEYS.captchaEnabled)!;
    // The test app runs with CAPTCHA_ENABLED=false: the environment gives the default.
    expect(captcha).toMatchObject({ configName: 'Captcha on the sign-in page (true / false)', defaultValue: 'false' });
    expect(rows.find((r) => r.configKey === SETTING_KEYS.loginMaxRetries)!.defaultValue).toBe('5');
    const zh = await admin('GET', `/system/config/${captcha.configId}`, undefined, ZH);
    expect(zh.body.data).toMatchObject({ configName: '登录验证码开关（true / false）', configKey: SETTING_KEYS.captchaEnabled });
    const filtered = await admin('GET', '/system/config/list?configKey=sys.login&configType=Y');
    expect(filtered.body.rows.map((r: Row) => r.configKey).sort()).toEqual([SETTING_KEYS.loginLockMinutes, SETTING_KEYS.loginMaxRetries]);
  });

  it('the captcha follows the setting at once, and an empty value goes back to the environment’s default', async () => {
    expect((await app.inject({ method: 'GET', url: api('/captchaImage') })).json().captchaEnabled).toBe(false);
    expect((await setValue(SETTING_KEYS.captchaEnabled, 'true')).body.code).toBe(200);
    const captcha = (await app.inject({ method: 'GET', url: api('/captchaImage') })).json();
    expect(captcha).toMatchObject({ captchaEnabled: true, uuid: expect.any(String) });
    const login = await app.inject({ method: 'POST', url: api('/login'), payload: { username: 'admin', password: 'admin123' } });
    expect(login.json().code).toBe(400);
    expect((await admin('GET', `/system/config/configKey/${SETTING_KEYS.captchaEnabled}`)).body.msg).toBe('true');
    await setValue(SETTING_KEYS.captchaEnabled, '');
    expect((await app.inject({ method: 'GET', url: api('/captchaImage') })).json().captchaEnabled).toBe(false);
  });

  it('each built-in setting refuses a value outside its rule, naming the field', async () => {
    const cases: Array<[string, string, string]> = [
      [SETTING_KEYS.captchaEnabled, 'yes', 'Setting value must be true or false'],
      [SETTING_KEYS.loginMaxRetries, '50', 'Setting value must be a whole number from 3 to 10'],
      [SETTING_KEYS.loginLockMinutes, '0', 'Setting value must be a whole number from 1 to 1440'],
      [SETTING_KEYS.fileRetentionDays, '1e3', 'Setting value must be a whole number from 1 to 365'],
      [SETTING_KEYS.passwordAgeDays, '-1', 'Setting value must be a whole number from 0 to 3650'],
      [SETTING_KEYS.passwordChars, '1', 'Setting value must be one of 0, 3, 4'],
    ];
    for (const [key, value, message] of cases) {
      const res = await setValue(key, value);
      expect(res.status, key).toBe(400);
      expect(res.body.errors, key).toEqual({ configValue: message });
    }
    expect((await admin('GET', `/system/config/${idOf(SETTING_KEYS.loginMaxRetries)}`)).body.data).toMatchObject({ configValue: '5', usesDefault: true });
  });

  it('of a built-in setting only the value and remark change, anything more is refused; it cannot be deleted', async () => {
    const row = rows.find((r) => r.configKey === SETTING_KEYS.fileRetentionDays)!;
    const refusals: Array<[Partial<Row>, Record<string, string>]> = [
      [{ configName: 'Renamed' }, { configName: 'The name of a built-in setting cannot be changed' }],
      [{ configKey: 'renamed.key' }, { configKey: 'The key of a built-in setting cannot be changed' }],
      [{ configType: 'N' }, { configType: 'A built-in setting stays built in' }],
    ];
    for (const [change, errors] of refusals) {
      const res = await admin('PUT', '/system/config', { ...row, ...change, configValue: '30', remark: 'a month' });
      expect([res.status, res.body.errors]).toEqual([400, errors]);
    }
    const zh = await admin('PUT', '/system/config', { ...row, configName: 'x' }, ZH);
    expect(zh.body.errors).toEqual({ configName: '内置参数的名称不能修改' });
    expect((await admin('GET', `/system/config/${row.configId}`)).body.data).toMatchObject({ configValue: '7', usesDefault: true, remark: '' });
    const { configType: _type, ...withoutType } = row;
    expect((await admin('PUT', '/system/config', { ...withoutType, configValue: '30', remark: 'a month' })).body.code).toBe(200);
    expect((await admin('GET', `/system/config/${row.configId}`)).body.data).toMatchObject({ configKey: SETTING_KEYS.fileRetentionDays, configType: 'Y', configValue: '30', usesDefault: false, remark: 'a month' });
    expect(await createSettings(app.db, app.config).get('fileRetentionDays')).toBe(30);
    const removed = await admin('DELETE', `/system/config/${row.configId}`);
    expect(removed.status).toBe(400);
    expect(removed.body.msg).toBe('The built-in setting Days generated and uploaded files are kept cannot be deleted');
  });

  it('own keys: added, read by key, unique, never a built-in key, deleted', async () => {
    const reserved = await admin('POST', '/system/config', { configName: 'Skin', configKey: 'sys.index.skinName', configValue: 'skin-blue', configType: 'Y' });
    expect(reserved.body.errors).toEqual({ configType: "Only Orbit's own settings are built in: choose 'No'" });
    const created = await admin('POST', '/system/config', { configName: 'Skin', configKey: 'sys.index.skinName', configValue: 'skin-blue', configType: 'N' });
    expect(created.body.code).toBe(200);
    const own = (await admin('GET', `/system/config/${created.body.data}`)).body.data;
    expect(own).toMatchObject({ configType: 'N', configValue: 'skin-blue' });
    expect(own.defaultValue).toBeUndefined();
    const reader = caller(app, await loginAs(app, 'sophia.reed'));
    expect((await reader('GET', '/system/config/configKey/sys.index.skinName')).body).toMatchObject({ code: 200, msg: 'skin-blue' });
    expect((await reader('GET', '/system/config/configKey/no.such.key')).body).toMatchObject({ code: 200, msg: '' });
    expect((await reader('GET', `/system/config/configKey/${encodeURIComponent("x' or 1=1")}`)).status).toBe(400);
    const dup = await admin('POST', '/system/config', { configName: 'Again', configKey: 'sys.index.skinName' });
    expect(dup.body.errors).toEqual({ configKey: "The setting key 'sys.index.skinName' already exists" });
    const builtIn = await admin('POST', '/system/config', { configName: 'Mine', configKey: SETTING_KEYS.captchaEnabled, configValue: 'false' });
    expect(builtIn.body.errors).toEqual({ configKey: `'${SETTING_KEYS.captchaEnabled}' is the key of a built-in setting` });
    const renamed = await admin('PUT', '/system/config', { ...own, configKey: SETTING_KEYS.initPassword });
    expect(renamed.status).toBe(400);
    expect((await admin('PUT', '/system/config', { ...own, configType: 'Y' })).body.errors).toEqual({ configType: "Only Orbit's own settings are built in: choose 'No'" });
    expect((await admin('POST', '/system/config', { configName: '', configKey: 'bad key!' })).body.errors).toEqual({ configName: 'Setting name is required', configKey: 'wrong format' });
    expect((await admin('DELETE', `/system/config/${created.body.data}`)).body.code).toBe(200);
    expect((await admin('DELETE', `/system/config/${created.body.data}`)).status).toBe(404);
    expect((await admin('DELETE', '/system/config/refreshCache')).body.code).toBe(200);
  });

  it('the initial password is read by key only by those who give passwords', async () => {
    await setValue(SETTING_KEYS.initPassword, 'Welcome-Orbit-2026');
    expect((await admin('GET', `/system/config/configKey/${SETTING_KEYS.initPassword}`)).body.msg).toBe('Welcome-Orbit-2026');
    for (const name of ['sophia.reed', 'emma.stone', 'olivia.park']) {
      const other = caller(app, await loginAs(app, name));
      expect((await other('GET', `/system/config/configKey/${SETTING_KEYS.initPassword}`)).body, name).toMatchObject({ code: 200, msg: '' });
    }
    // …and never lands in the operation log.
    const log = await admin('GET', '/monitor/operlog/list?title=Settings&pageSize=50');
    expect(JSON.stringify(log.body.rows)).not.toContain('Welcome-Orbit-2026');
    await setValue(SETTING_KEYS.initPassword, '');
  });

  it('the password character rule applies to every password set, and getInfo tells it', async () => {
    const depts = await deptIds(admin);
    await setValue(SETTING_KEYS.passwordChars, '4');
    expect((await admin('GET', '/getInfo')).body.pwdChrtype).toBe('4');
    const weak = await admin('POST', '/system/user', { userName: 'chars.user', nickName: 'Chars', password: 'OrbitCrm2026', deptId: depts['Sales East'], roleIds: [] });
    expect(weak.body.errors).toEqual({ password: 'The password must contain letters, digits and one of ~!@#$%^&*()-=_+' });
    const strong = await admin('POST', '/system/user', { userName: 'chars.user', nickName: 'Chars', password: 'Orbit#Crm2026', deptId: depts['Sales East'], roleIds: [] });
    expect(strong.body.code).toBe(200);
    await setValue(SETTING_KEYS.passwordChars, '3');
    const reset = await admin('PUT', '/system/user/resetPwd', { userId: strong.body.data, password: 'only-letters-here' });
    expect(reset.body.errors).toEqual({ password: 'The password must contain both letters and digits' });
    await setValue(SETTING_KEYS.passwordChars, '');
    expect((await admin('GET', '/getInfo')).body.pwdChrtype).toBe('0');
  });

  it('the password age setting decides the change suggestion; 0 never suggests', async () => {
    const rep = caller(app, await loginAs(app, 'olivia.park'));
    await app.db.update(sysUser).set({ pwdUpdateDate: new Date(Date.now() - 40 * 86_400_000) }).where(eq(sysUser.userName, 'olivia.park'));
    expect((await rep('GET', '/getInfo')).body.isPasswordExpired).toBe(false);
    await setValue(SETTING_KEYS.passwordAgeDays, '30');
    expect((await rep('GET', '/getInfo')).body.isPasswordExpired).toBe(true);
    await setValue(SETTING_KEYS.passwordAgeDays, '0');
    expect((await rep('GET', '/getInfo')).body.isPasswordExpired).toBe(false);
    await setValue(SETTING_KEYS.passwordAgeDays, '');
  });

  it('the lock-out rule follows the settings', async () => {
    await setValue(SETTING_KEYS.loginMaxRetries, '3');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({ method: 'POST', url: api('/login'), payload: { username: 'noah.king', password: `wrong-${i}` }, remoteAddress: '10.7.7.7' });
      codes.push(res.json().code);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
    await setValue(SETTING_KEYS.loginMaxRetries, '');
  });

  it('only holders of the settings permissions may list or change them', async () => {
    for (const name of ['sophia.reed', 'emma.stone']) {
      const other = caller(app, await loginAs(app, name));
      const list = await other('GET', '/system/config/list');
      expect([list.status, list.body.msg]).toEqual([403, FORBIDDEN_EN]);
      expect((await other('PUT', '/system/config', { configId: 1, configName: 'x', configKey: 'x', configValue: 'x' })).status).toBe(403);
      expect((await other('DELETE', '/system/config/1')).status).toBe(403);
      expect((await other('GET', '/system/config/1')).status).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: api(`/system/config/configKey/${SETTING_KEYS.captchaEnabled}`) })).statusCode).toBe(401);
  });
});
