import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_CODE_RESEND_SECONDS } from '@orbit/shared/constants';
import { sysEmailCode } from '../../src/db/schema/auth';
import { bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { ageEmailCodes, clearEmailCodes, clearThrottle, codeFromLastMail, get, otherCode, post, put, updateUser, userRow, ZH } from './authTestUtils';

const EMAIL = 'noah.king@example.com';
const SENT_EN = 'If this address belongs to an account, a code has been sent to it';
const INVALID_EN = 'The code is wrong or has expired';

describe('password reset by e-mail code', () => {
  let app: TestApp;
  let demoHash: string;
  beforeAll(async () => {
    app = await createTestApp();
    demoHash = (await userRow(app, 'noah.king')).password;
  });
  afterAll(() => app.teardown());
  beforeEach(async () => {
    await clearEmailCodes(app);
    app.mails.length = 0;
    await updateUser(app, 'noah.king', { password: demoHash, mustChangePwd: false });
    await clearThrottle(app);
  });

  const sendCode = (email: string, headers: Record<string, string> = {}) => get(app, `/sendCode?email=${encodeURIComponent(email)}`, headers);
  const resendCode = (email: string, headers: Record<string, string> = {}) => get(app, `/resendCode?email=${encodeURIComponent(email)}`, headers);
  const checkCode = (code: string, email = EMAIL) => post(app, '/checkCode', { email, code });
  const resetPwd = (code: string, password: string, email = EMAIL) => put(app, '/resetPwd', { email, code, password });
  const signIn = (password: string) => post(app, '/login', { username: 'noah.king', password });

  async function mailedCode(): Promise<string> {
    expect((await sendCode(EMAIL)).body.code).toBe(200);
    return codeFromLastMail(app, EMAIL);
  }

  describe('GET /sendCode and /resendCode', () => {
    it('mails a 6-digit code to a known address, in the request language', async () => {
      const res = await sendCode(EMAIL);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 200, msg: SENT_EN });
      expect(app.mails).toHaveLength(1);
      const mail = app.mails[0]!;
      expect(mail.to).toBe(EMAIL);
      expect(mail.subject).toBe('Orbit CRM password reset code');
      expect(mail.text).toMatch(/Your password reset code is \d{6}\. It is valid for 10 minutes\./);

      await clearEmailCodes(app);
      const zh = await sendCode(EMAIL, ZH);
      expect(zh.body).toEqual({ code: 200, msg: '如果该邮箱属于某个账号，验证码已发送' });
      expect(app.mails[1]!.subject).toBe('Orbit CRM 密码重置验证码');
      expect(app.mails[1]!.text).toMatch(/您的密码重置验证码是 \d{6}/);
    });

    it('stores only a hash of the code, valid for 10 minutes', async () => {
      const before = Date.now();
      const code = await mailedCode();
      const [row] = await app.db.select().from(sysEmailCode).where(eq(sysEmailCode.email, EMAIL));
      expect(row!.purpose).toBe('reset');
      expect(row!.codeHash).not.toContain(code);
      expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      const ttl = row!.expiresAt.getTime() - before;
      expect(ttl).toBeGreaterThan(9.9 * 60_000);
      expect(ttl).toBeLessThan(10.1 * 60_000);
    });

    it('matches the address case-insensitively and trims it', async () => {
      const res = await sendCode('  Noah.King@EXAMPLE.com ');
      expect(res.body.code).toBe(200);
      expect(app.mails.map((m) => m.to)).toEqual([EMAIL]);
    });

    it('answers an unknown address exactly like a known one, and mails nothing', async () => {
      const known = await sendCode(EMAIL);
      const unknown = await sendCode('nobody@example.com');
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(app.mails.map((m) => m.to)).toEqual([EMAIL]);
      // The cool-down does not tell them apart either.
      const knownAgain = await resendCode(EMAIL);
      const unknownAgain = await resendCode('nobody@example.com');
      expect(unknownAgain.status).toBe(knownAgain.status);
      expect(unknownAgain.body.code).toBe(knownAgain.body.code);
      expect(unknownAgain.body.msg.replace(/\d+/, 'N')).toBe(knownAgain.body.msg.replace(/\d+/, 'N'));
    });

    it(`a ${EMAIL_CODE_RESEND_SECONDS}-second cool-down: an early resend answers 429 with a translated message`, async () => {
      await mailedCode();
      const en = await resendCode(EMAIL);
      expect(en.status).toBe(429);
      expect(en.body.code).toBe(429);
      expect(en.body.msg).toMatch(/^Please wait (59|60) seconds before asking for another code$/);
      const zh = await resendCode(EMAIL, ZH);
      expect(zh.body.msg).toMatch(/^请等待 (59|60) 秒后再获取验证码$/);
      // /sendCode shares the cool-down.
      expect((await sendCode(EMAIL)).status).toBe(429);
      expect(app.mails).toHaveLength(1);
    });

    it('requests at the same moment cannot slip past the cool-down together', async () => {
      const answers = await Promise.all(Array.from({ length: 5 }, () => sendCode(EMAIL)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429, 429]);
      await expect.poll(() => app.mails.length).toBe(1);
      const live = await app.db.select().from(sysEmailCode).where(eq(sysEmailCode.email, EMAIL));
      expect(live).toHaveLength(1);
    });

    it('after the cool-down a resend mails a new code that replaces the old one', async () => {
      const first = await mailedCode();
      await ageEmailCodes(app, EMAIL, EMAIL_CODE_RESEND_SECONDS + 1);
      const res = await resendCode(EMAIL);
      expect(res.body).toEqual({ code: 200, msg: SENT_EN });
      expect(app.mails).toHaveLength(2);
      const second = codeFromLastMail(app, EMAIL);
      if (first !== second) expect((await checkCode(first)).status).toBe(400);
      expect((await checkCode(second)).body.code).toBe(200);
    });

    it('refuses a missing or malformed address with a field error', async () => {
      const missing = await get(app, '/sendCode');
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ email: 'E-mail is required' });
      const bad = await sendCode('not-an-address');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ email: 'wrong format' });
      const long = await sendCode(`${'a'.repeat(95)}@example.com`);
      expect(long.status).toBe(400);
      expect(long.body.errors).toEqual({ email: 'E-mail must be at most 100 characters' });
      const zh = await get(app, '/resendCode', ZH);
      expect(zh.body.errors).toEqual({ email: '邮箱不能为空' });
      expect(app.mails).toHaveLength(0);
    });
  });

  describe('POST /checkCode', () => {
    it('accepts the right code without using it up', async () => {
      const code = await mailedCode();
      expect(await checkCode(code)).toMatchObject({ status: 200, body: { code: 200, msg: 'The code is correct' } });
      expect((await checkCode(code)).body.code).toBe(200);
    });

    it('refuses a wrong code, an unknown address, and malformed input', async () => {
      const code = await mailedCode();
      const wrong = await checkCode(otherCode(code));
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ code: 400, msg: INVALID_EN });
      expect((await checkCode(code, 'nobody@example.com')).body).toEqual({ code: 400, msg: INVALID_EN });
      const malformed = await post(app, '/checkCode', { email: EMAIL, code: '12ab56' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors).toEqual({ code: 'wrong format' });
      const long = await post(app, '/checkCode', { email: EMAIL, code: '1234567' });
      expect(long.body.errors).toEqual({ code: 'Verification code must be at most 6 characters' });
      const missing = await post(app, '/checkCode', {});
      expect(missing.body.errors).toEqual({ email: 'E-mail is required', code: 'Verification code is required' });
      const zh = await post(app, '/checkCode', { email: EMAIL, code: otherCode(code) }, ZH);
      expect(zh.body.msg).toBe('验证码错误或已过期');
    });
  });

  describe('PUT /resetPwd', () => {
    it('sets the new password: the new one signs in, the old one no longer does', async () => {
      await updateUser(app, 'noah.king', { mustChangePwd: true });
      const code = await mailedCode();
      const res = await resetPwd(code, 'Fresh-Pass-42');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 200, msg: 'Your password has been reset, please sign in' });
      const user = await userRow(app, 'noah.king');
      expect(user.password).toMatch(/^\$argon2id\$/);
      expect(user.mustChangePwd).toBe(false);
      expect(Date.now() - user.pwdUpdateDate.getTime()).toBeLessThan(60_000);
      expect((await signIn('Fresh-Pass-42')).body.code).toBe(200);
      expect((await signIn('admin123')).body).toEqual({ code: 400, msg: 'The user name or password is wrong' });
    });

    it('also lifts a lock-out', async () => {
      for (let i = 0; i < 5; i++) await signIn('wrong-password');
      expect((await signIn('admin123')).status).toBe(429);
      const code = await mailedCode();
      expect((await resetPwd(code, 'Fresh-Pass-42')).body.code).toBe(200);
      expect((await signIn('Fresh-Pass-42')).body.code).toBe(200);
    });

    it('a code is single use: a second reset with it is refused', async () => {
      const code = await mailedCode();
      expect((await resetPwd(code, 'Fresh-Pass-42')).body.code).toBe(200);
      const again = await resetPwd(code, 'Other-Pass-43');
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ code: 400, msg: INVALID_EN });
      expect((await checkCode(code)).status).toBe(400);
      expect((await signIn('Fresh-Pass-42')).body.code).toBe(200);
    });

    it('an expired code is refused, by /checkCode and /resetPwd', async () => {
      const code = await mailedCode();
      await ageEmailCodes(app, EMAIL, 10 * 60 + 1);
      expect((await checkCode(code)).body).toEqual({ code: 400, msg: INVALID_EN });
      const res = await resetPwd(code, 'Fresh-Pass-42');
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(INVALID_EN);
      expect((await signIn('admin123')).body.code).toBe(200);
    });

    it('5 wrong tries burn the code: then even the right code fails', async () => {
      const code = await mailedCode();
      const wrong = otherCode(code);
      for (let i = 0; i < 4; i++) expect((await checkCode(wrong)).status).toBe(400);
      expect((await resetPwd(wrong, 'Fresh-Pass-42')).status).toBe(400);
      const [row] = await app.db.select().from(sysEmailCode).where(eq(sysEmailCode.email, EMAIL));
      expect(row!.attempts).toBe(5);
      expect(row!.usedAt).not.toBeNull();
      expect((await checkCode(code)).status).toBe(400);
      expect((await resetPwd(code, 'Fresh-Pass-42')).body).toEqual({ code: 400, msg: INVALID_EN });
      expect((await signIn('admin123')).body.code).toBe(200);
    });

    it('4 wrong tries leave the right code usable', async () => {
      const code = await mailedCode();
      for (let i = 0; i < 4; i++) expect((await checkCode(otherCode(code))).status).toBe(400);
      expect((await resetPwd(code, 'Fresh-Pass-42')).body.code).toBe(200);
    });

    it('revokes every session of the user: an old token gets 401', async () => {
      const tokenA = await loginAs(app, 'noah.king');
      const tokenB = await loginAs(app, 'noah.king');
      const other = await loginAs(app, 'liam.brooks');
      const code = await mailedCode();
      expect((await resetPwd(code, 'Fresh-Pass-42')).body.code).toBe(200);
      expect((await get(app, '/getInfo', bearer(tokenA))).status).toBe(401);
      expect((await get(app, '/getInfo', bearer(tokenB))).status).toBe(401);
      expect((await get(app, '/getInfo', bearer(other))).status).toBe(200);
    });

    it('a code for one address cannot reset another account', async () => {
      const code = await mailedCode();
      const res = await resetPwd(code, 'Fresh-Pass-42', 'liam.brooks@example.com');
      expect(res.status).toBe(400);
      expect((await post(app, '/login', { username: 'liam.brooks', password: 'admin123' })).body.code).toBe(200);
    });

    it('refuses a weak or over-long new password before touching the code', async () => {
      const code = await mailedCode();
      const short = await resetPwd(code, '1234567');
      expect(short.status).toBe(400);
      expect(short.body.errors).toEqual({ password: 'Password must be at least 8 characters' });
      const long = await resetPwd(code, 'p'.repeat(65));
      expect(long.body.errors).toEqual({ password: 'Password must be at most 64 characters' });
      const zh = await put(app, '/resetPwd', { email: EMAIL, code, password: '1234567' }, ZH);
      expect(zh.body.errors).toEqual({ password: '密码长度不能少于 8 个字符' });
      // The rules that need the account: its user name (however written), and the strength estimate.
      expect((await resetPwd(code, 'Noah.King-2024')).body.errors).toEqual({ password: 'A password cannot contain the user name' });
      expect((await resetPwd(code, 'ｎｏａｈ.ｋｉｎｇ1!!xx')).body.errors).toEqual({ password: 'A password cannot contain the user name' });
      expect((await resetPwd(code, 'password1')).body.errors).toEqual({ password: 'This password is too easy to guess: it is a commonly used password. Add a word or two, less common ones.' });
      expect((await resetPwd(code, 'zzzzzzzz')).body.errors).toEqual({ password: 'This password is too easy to guess: it repeats one character, like "aaa". Avoid repeated words and characters.' });
      const zhWeak = await put(app, '/resetPwd', { email: EMAIL, code, password: 'Passw0rd!' }, ZH);
      expect(zhWeak.body.errors).toEqual({ password: '该密码太容易被猜到：它与常用密码相近。用“@”代替“a”之类可预测的替换并无帮助。' });
      expect((await resetPwd(code, 'Fresh-Pass-42')).body.code).toBe(200);
    });

    it('a reset code is not a sign-in code', async () => {
      const code = await mailedCode();
      const res = await post(app, '/switchLogin', { email: EMAIL, code });
      expect(res.status).toBe(400);
      expect(res.body.token).toBeUndefined();
    });

    it('a reset for an address without an account answers like a wrong code', async () => {
      await sendCode('nobody@example.com');
      const res = await resetPwd('123456', 'Fresh-Pass-42', 'nobody@example.com');
      expect(res.body).toEqual({ code: 400, msg: INVALID_EN });
    });
  });
});
