import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN, PASSWORD_MIN_STRENGTH } from '@orbit/shared/constants';
import { generatedPassword } from '../../src/db/seed/firstStart';
import { passwordPolicyProblem } from '../../src/modules/auth/passwordPolicy';
import { caller, deptIds, userIds } from '../helpers/adminApi';
import { type TestApp } from '../helpers/testApp';
import { signedInApp } from '../helpers/signedInApp';
import { ZH } from './authTestUtils';

/** What the policy refuses, for an account named `userName`, with its messages in en and zh. */
const refusals = (userName: string): Array<[string, string, string, string]> => [
  ['six spaces', '      ', 'Password must be at least 8 characters', '密码长度不能少于 8 个字符'],
  ['eight spaces', ' '.repeat(8), 'A password cannot be made of spaces only', '密码不能只由空格组成'],
  ['the user name', userName, 'A password cannot contain the user name', '密码不能包含用户名'],
  ['the user name in other case, inside', `x-${userName.toUpperCase()}-9`, 'A password cannot contain the user name', '密码不能包含用户名'],
  [
    'a common password',
    'Qwerty123',
    'This password is too easy to guess: it is a commonly used password. Capitalise more than the first letter.',
    '该密码太容易被猜到：它是常用密码。不要只把首字母大写。',
  ],
  [
    'one repeated letter',
    'zzzzzzzz',
    'This password is too easy to guess: it repeats one character, like "aaa". Avoid repeated words and characters.',
    '该密码太容易被猜到：它重复同一个字符，例如“aaa”。避免重复的单词和字符。',
  ],
  [
    'a common word with predictable substitutions',
    'Passw0rd!',
    'This password is too easy to guess: it is close to a commonly used password. Predictable substitutions such as "@" for "a" do not help.',
    '该密码太容易被猜到：它与常用密码相近。用“@”代替“a”之类可预测的替换并无帮助。',
  ],
  [
    'a keyboard row',
    "asdfghjkl;'",
    'This password is too easy to guess: it is a straight row of keys. Use longer keyboard patterns that change direction several times.',
    '该密码太容易被猜到：它是键盘上的一整行按键。使用更长、多次改变方向的键盘图案。',
  ],
  ['the user name behind a zero-width space', `${userName.slice(0, 1)}\u200b${userName.slice(1)}1!!`, 'A password cannot contain the user name', '密码不能包含用户名'],
  ['the user name in full-width letters', `${[...userName].map((c) => (/[a-z]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('')}1!!xx`, 'A password cannot contain the user name', '密码不能包含用户名'],
];

describe('password policy on every path that sets a password', () => {
  let app: TestApp;
  let admin: ReturnType<typeof caller>;
  beforeAll(async () => void ({ app, as: { admin } } = await signedInApp(['admin'])));
  afterAll(() => app.teardown());

  it(`is at least ${PASSWORD_MIN} characters and strength ${PASSWORD_MIN_STRENGTH} of 4; the estimator's dictionaries hold the usual suspects`, async () => {
    expect(PASSWORD_MIN).toBeGreaterThanOrEqual(8);
    expect(PASSWORD_MIN_STRENGTH).toBe(3);
    for (const weak of ['password', 'PASSWORD1', 'iloveyou', 'admin123', '12345678', 'qwertyuiop', '1qaz2wsx3edc', 'zzzzzzzz', 'Passw0rd!', 'P@ssw0rd2026', 'Welcome1!']) {
      expect((await passwordPolicyProblem(weak, { userName: 'policy.unit' }))?.key, weak).toMatch(/^auth\.passwordWeak/);
    }
    for (const strong of ['Orbit-Test-2026', 'Lantern-Orchid-84', 'correct horse battery']) expect(await passwordPolicyProblem(strong, { userName: 'policy.unit' }), strong).toBeUndefined();
  });

  it('judges what a person reads: full-width letters and invisible characters do not make a common password strong', async () => {
    expect((await passwordPolicyProblem('Ｐａｓｓｗ０ｒｄ！', { userName: 'policy.unit' }))?.key).toMatch(/^auth\.passwordWeak/);
    expect((await passwordPolicyProblem('p\u200ba\u200bs\u200bs\u200bw\u200bo\u200br\u200bd', { userName: 'policy.unit' }))?.key).toMatch(/^auth\.passwordWeak/);
  });

  it('counts the account’s own nickname and e-mail address as easy to guess', async () => {
    const owner = { userName: 'm.k', nickName: 'Marigold Quintessa', email: 'zephyrine.voss@example.com' };
    for (const password of ['MarigoldQuintessa', 'Quintessa-2026', 'ZephyrineVoss1']) {
      expect(await passwordPolicyProblem(password, { userName: 'm.k' }), password).toBeUndefined();
      expect(await passwordPolicyProblem(password, owner), password).toEqual({ key: 'auth.passwordWeakBecause', params: { warning: 'passwordStrength.warning.userInputs', advice: 'passwordStrength.advice.capitalization' } });
    }
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

  it('the first start’s generated administrator password passes it', async () => {
    for (let i = 0; i < 20; i++) expect(await passwordPolicyProblem(await generatedPassword('admin'), { userName: 'admin' })).toBeUndefined();
  });
});
