import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { clearThrottle, get, post, put, updateUser, userRow, ZH } from './authTestUtils';

const DAY_MS = 86_400_000;

describe('PUT /system/user/profile/updatePwd', () => {
  let app: TestApp;
  let demoHash: string;
  beforeAll(async () => {
    app = await createTestApp();
    demoHash = (await userRow(app, 'lucas.wang')).password;
  });
  afterAll(() => app.teardown());
  beforeEach(async () => {
    await updateUser(app, 'lucas.wang', { password: demoHash, mustChangePwd: false, pwdUpdateDate: new Date(), pwdHintPostponedAt: null });
    await clearThrottle(app);
  });

  const updatePwd = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    put(app, '/system/user/profile/updatePwd', body, { ...bearer(token), ...headers });
  const signIn = (password: string) => post(app, '/login', { username: 'lucas.wang', password });

  it('changes the password: the new one signs in, the old one does not', async () => {
    const token = await loginAs(app, 'lucas.wang');
    const res = await updatePwd(token, { oldPassword: 'admin123', newPassword: 'Brand-New-Lantern-7' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, msg: 'Password changed' });
    expect((await signIn('Brand-New-Lantern-7')).body.code).toBe(200);
    expect((await signIn('admin123')).body.code).toBe(400);
  });

  it('answers in the request language', async () => {
    const token = await loginAs(app, 'lucas.wang');
    const res = await updatePwd(token, { oldPassword: 'admin123', newPassword: 'Brand-New-Lantern-7' }, ZH);
    expect(res.body).toEqual({ code: 200, msg: '密码修改成功' });
  });

  it('clears the forced-change flag and the age suggestion', async () => {
    await updateUser(app, 'lucas.wang', { mustChangePwd: true, pwdUpdateDate: new Date(Date.now() - 200 * DAY_MS) });
    const token = await loginAs(app, 'lucas.wang');
    const before = (await get(app, '/getInfo', bearer(token))).body;
    expect(before).toMatchObject({ isDefaultModifyPwd: true, isPasswordExpired: true });
    expect((await updatePwd(token, { oldPassword: 'admin123', newPassword: 'Brand-New-Lantern-7' })).body.code).toBe(200);
    const after = (await get(app, '/getInfo', bearer(token))).body;
    expect(after).toMatchObject({ isDefaultModifyPwd: false, isPasswordExpired: false });
    const row = await userRow(app, 'lucas.wang');
    expect(row.mustChangePwd).toBe(false);
    expect(Date.now() - row.pwdUpdateDate.getTime()).toBeLessThan(60_000);
  });

  it('a password set by someone else allows nothing but its replacement, in the request language', async () => {
    await updateUser(app, 'lucas.wang', { mustChangePwd: true });
    const token = await loginAs(app, 'lucas.wang');
    expect((await get(app, '/getInfo', bearer(token))).body.code).toBe(200);
    expect((await get(app, '/getRouters', bearer(token))).body.code).toBe(200);
    for (const path of ['/system/user/profile', '/system/dict/data/type/sys_user_sex']) {
      const refused = await get(app, path, bearer(token));
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).toEqual({ code: 403, msg: 'Please set your own password before going on' });
    }
    expect((await get(app, '/system/user/profile', { ...bearer(token), ...ZH })).body.msg).toBe('请先设置您自己的密码再继续操作');
    expect((await post(app, '/userFile/userFilePageList', { pageNum: 1, pageSize: 10, type: 1 }, bearer(token))).status).toBe(403);
    expect((await updatePwd(token, { oldPassword: 'admin123', newPassword: 'Brand-New-Lantern-7' })).body.code).toBe(200);
    expect((await get(app, '/system/user/profile', bearer(token))).body.code).toBe(200);
  });

  it('a forced change (a password an administrator set) is held to the same policy', async () => {
    await updateUser(app, 'lucas.wang', { mustChangePwd: true });
    const token = await loginAs(app, 'lucas.wang');
    const weak = await updatePwd(token, { oldPassword: 'admin123', newPassword: 'Passw0rd!' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual({ newPassword: 'This password is too easy to guess: it is close to a commonly used password. Predictable substitutions such as "@" for "a" do not help.' });
    expect(await userRow(app, 'lucas.wang')).toMatchObject({ password: demoHash, mustChangePwd: true });
  });

  it("revokes the user's other sessions but keeps the current one", async () => {
    const current = await loginAs(app, 'lucas.wang');
    const otherDevice = await loginAs(app, 'lucas.wang');
    const someoneElse = await loginAs(app, 'mia.chen');
    expect((await updatePwd(current, { oldPassword: 'admin123', newPassword: 'Brand-New-Lantern-7' })).body.code).toBe(200);
    expect((await get(app, '/getInfo', bearer(current))).status).toBe(200);
    expect((await get(app, '/getInfo', bearer(otherDevice))).status).toBe(401);
    expect((await get(app, '/getInfo', bearer(someoneElse))).status).toBe(200);
  });

  it('a wrong old password: 400 with errors.oldPassword, nothing changed, other sessions kept', async () => {
    const token = await loginAs(app, 'lucas.wang');
    const otherDevice = await loginAs(app, 'lucas.wang');
    const res = await updatePwd(token, { oldPassword: 'not-my-password', newPassword: 'Brand-New-Lantern-7' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg: 'The old password is wrong', errors: { oldPassword: 'The old password is wrong' } });
    const zh = await updatePwd(token, { oldPassword: 'not-my-password', newPassword: 'Brand-New-Lantern-7' }, ZH);
    expect(zh.body.errors).toEqual({ oldPassword: '旧密码错误' });
    expect((await userRow(app, 'lucas.wang')).password).toBe(demoHash);
    expect((await get(app, '/getInfo', bearer(otherDevice))).status).toBe(200);
  });

  it('the new password must differ from the old one', async () => {
    const token = await loginAs(app, 'lucas.wang');
    const res = await updatePwd(token, { oldPassword: 'admin123', newPassword: 'admin123' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ newPassword: 'The new password must differ from the old one' });
  });

  it('missing, short and over-long passwords: 400 per field', async () => {
    const token = await loginAs(app, 'lucas.wang');
    const missing = await updatePwd(token, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ oldPassword: 'Old password is required', newPassword: 'New password is required' });
    const short = await updatePwd(token, { oldPassword: 'admin123', newPassword: '1234567' });
    expect(short.body.errors).toEqual({ newPassword: 'New password must be at least 8 characters' });
    const long = await updatePwd(token, { oldPassword: 'o'.repeat(65), newPassword: 'n'.repeat(65) });
    expect(long.body.errors).toEqual({
      oldPassword: 'Old password must be at most 64 characters',
      newPassword: 'New password must be at most 64 characters',
    });
    const zh = await updatePwd(token, {}, ZH);
    expect(zh.body.errors).toEqual({ oldPassword: '旧密码不能为空', newPassword: '新密码不能为空' });
  });

  it('the new password must pass the policy: not blank, not containing the user name (however written), not easy to guess (en and zh)', async () => {
    const token = await loginAs(app, 'lucas.wang');
    const refusals: Array<[string, string, string]> = [
      [' '.repeat(8), 'A password cannot be made of spaces only', '密码不能只由空格组成'],
      ['LUCAS.WANG', 'A password cannot contain the user name', '密码不能包含用户名'],
      ['my-lucas.wang-1', 'A password cannot contain the user name', '密码不能包含用户名'],
      ['Password123', 'This password is too easy to guess: it is a commonly used password. Capitalise more than the first letter.', '该密码太容易被猜到：它是常用密码。不要只把首字母大写。'],
      ['zzzzzzzz', 'This password is too easy to guess: it repeats one character, like "aaa". Avoid repeated words and characters.', '该密码太容易被猜到：它重复同一个字符，例如“aaa”。避免重复的单词和字符。'],
      ['l\u200bucas.wang!!', 'A password cannot contain the user name', '密码不能包含用户名'],
      ['ｌｕｃａｓ.ｗａｎｇ1!!xx', 'A password cannot contain the user name', '密码不能包含用户名'],
    ];
    for (const [newPassword, en, zh] of refusals) {
      const res = await updatePwd(token, { oldPassword: 'admin123', newPassword });
      expect(res.status, newPassword).toBe(400);
      expect(res.body.errors, newPassword).toEqual({ newPassword: en });
      expect((await updatePwd(token, { oldPassword: 'admin123', newPassword }, ZH)).body.errors).toEqual({ newPassword: zh });
    }
    expect((await userRow(app, 'lucas.wang')).password).toBe(demoHash);
  });

  it('a stolen session cannot guess the password here: wrong old passwords count like sign-in attempts', async () => {
    const token = await loginAs(app, 'lucas.wang');
    for (let i = 0; i < 5; i++) expect((await updatePwd(token, { oldPassword: `guess-${i}`, newPassword: 'Brand-New-Lantern-7' })).status).toBe(400);
    const right = await updatePwd(token, { oldPassword: 'admin123', newPassword: 'Brand-New-Lantern-7' });
    expect(right.status).toBe(429);
    expect(right.body.msg).toBe('Too many failed attempts: please try again in 10 minutes');
    expect((await userRow(app, 'lucas.wang')).password).toBe(demoHash);
  });

  it('passwords in the query string are not accepted (body only)', async () => {
    const token = await loginAs(app, 'lucas.wang');
    const res = await app.inject({
      method: 'PUT',
      url: api('/system/user/profile/updatePwd?oldPassword=admin123&newPassword=Brand-New-7'),
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect((await userRow(app, 'lucas.wang')).password).toBe(demoHash);
  });

  it('needs a session, and acts on the session user only', async () => {
    const anonymous = await put(app, '/system/user/profile/updatePwd', { oldPassword: 'admin123', newPassword: 'Brand-New-Lantern-7' });
    expect(anonymous.status).toBe(401);
    const token = await loginAs(app, 'lucas.wang');
    const mia = await userRow(app, 'mia.chen');
    const res = await updatePwd(token, { oldPassword: 'admin123', newPassword: 'Brand-New-Lantern-7', userId: mia.userId, userName: 'mia.chen' });
    expect(res.body.code).toBe(200);
    expect((await userRow(app, 'mia.chen')).password).toBe(mia.password);
    expect((await signIn('Brand-New-Lantern-7')).body.code).toBe(200);
  });
});
