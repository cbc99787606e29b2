import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN } from '@orbit/shared/constants';
import { generatedPassword } from '../../src/db/seed/firstStart';
import { passwordPolicyProblem } from '../../src/modules/auth/passwordPolicy';
import { caller, deptIds, userIds } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { ZH } from './authTestUtils';

/** What the policy refuses, for an account named `userName`, with its messages in en and zh. */
const refusals = (userName: string): Array<[string, string, string, string]> => [
  ['six spaces', '      ', 'Password must be at least 8 characters', '密码长度不能少于 8 个字符'],
  ['eight spaces', ' '.repeat(8), 'A password cannot be made of spaces only', '密码不能只由空格组成'],
  ['the user name', userName, 'A password cannot contain the user name', '密码不能包含用户名'],
  ['the user name in other case, inside', `x-${userName.toUpperCase()}-9`, 'A password cannot contain the user name', '密码不能包含用户名'],
  ['a common password', 'Qwerty123', 'This password is too common, please choose another', '该密码过于常见，请换一个'],
];

describe('password policy on every path that sets a password', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
  });
  afterAll(() => app.teardown());

  it(`is at least ${PASSWORD_MIN} characters, and the shipped list holds the usual suspects`, () => {
    expect(PASSWORD_MIN).toBeGreaterThanOrEqual(8);
    for (const common of ['password', 'PASSWORD1', 'iloveyou', 'admin123', '12345678']) expect(passwordPolicyProblem(common, 'x'), common).toEqual({ key: 'auth.passwordCommon' });
    expect(passwordPolicyProblem('Orbit-Test-2026', 'x')).toBeUndefined();
  });

  it.each(refusals('policy.target'))('user create refuses %s (en and zh), and creates nothing', async (_what, password, en, zh) => {
    const body = { userName: 'policy.target', nickName: 'Target', password, deptId: (await deptIds(admin))['Support'] };
    const res = await admin('POST', '/system/user', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ password: en });
    expect((await admin('POST', '/system/user', body, ZH)).body.errors).toEqual({ password: zh });
    expect(await userIds(admin)).not.toHaveProperty('policy.target');
  });

  it.each(refusals('ethan.cole'))('an administrator’s reset refuses %s, judged against the target’s user name', async (_what, password, en, zh) => {
    const userId = (await userIds(admin))['ethan.cole'];
    const res = await admin('PUT', '/system/user/resetPwd', { userId, password });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ password: en });
    expect((await admin('PUT', '/system/user/resetPwd', { userId, password }, ZH)).body.errors).toEqual({ password: zh });
  });

  it('a password that passes is accepted on create and reset', async () => {
    const deptId = (await deptIds(admin))['Support'];
    expect((await admin('POST', '/system/user', { userName: 'policy.ok', nickName: 'Ok', password: 'Lantern-Orchid-84', deptId })).body.code).toBe(200);
    const id = (await userIds(admin))['policy.ok'];
    expect((await admin('PUT', '/system/user/resetPwd', { userId: id, password: 'Harbour-Maple-31' })).body.code).toBe(200);
  });

  it('the first start’s generated administrator password passes it', () => {
    for (let i = 0; i < 50; i++) expect(passwordPolicyProblem(generatedPassword('admin'), 'admin')).toBeUndefined();
  });
});
