import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_CODE_RESEND_SECONDS } from '@orbit/shared/constants';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { ageEmailCodes, CHROME_UA, codeFromLastMail, get, loginLog, otherCode, post, updateUser, ZH, freshMailbox } from './authTestUtils';

const EMAIL = 'emma.stone@example.com';
const INVALID_EN = 'The code is wrong or has expired';

describe('sign-in by e-mail code: POST /email then POST /switchLogin', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());
  beforeEach(async () => {
    await freshMailbox(app);
    await updateUser(app, 'emma.stone', { status: '0' });
  });

  const requestCode = (email: string, headers: Record<string, string> = {}) => post(app, '/email', { email }, headers);
  const switchLogin = (code: string, email = EMAIL, headers: Record<string, string> = {}) => post(app, '/switchLogin', { email, code }, headers);

  async function mailedCode(): Promise<string> {
    expect((await requestCode(EMAIL)).body.code).toBe(200);
    return codeFromLastMail(app, EMAIL);
  }

  it('POST /email mails a 6-digit sign-in code', async () => {
    const res = await requestCode(EMAIL);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, msg: 'If this address belongs to an account, a code has been sent to it' });
    expect(app.mails).toHaveLength(1);
    expect(app.mails[0]).toMatchObject({ to: EMAIL, subject: 'Orbit CRM sign-in code' });
    expect(app.mails[0]!.text).toMatch(/Your sign-in code is \d{6}\./);
  });

  it('the right code answers a token that works on /getInfo, and is logged as a sign-in', async () => {
    const code = await mailedCode();
    const res = await switchLogin(code, EMAIL, { 'user-agent': CHROME_UA });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const info = await get(app, '/getInfo', bearer(res.body.token as string));
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ user: { userName: 'emma.stone', email: EMAIL }, roles: ['sales_manager'] });
    const [row] = await loginLog(app, 'emma.stone');
    expect(row).toMatchObject({ status: '0', msg: 'Signed in', browser: 'Chrome 120', os: 'Windows 10', ipaddr: '127.0.0.1' });
  });

  it('the address matches case-insensitively', async () => {
    await requestCode('Emma.Stone@Example.COM');
    const code = codeFromLastMail(app, EMAIL);
    expect((await switchLogin(code, ' EMMA.STONE@example.com ')).body.code).toBe(200);
  });

  it('a wrong code is refused (en and zh) and logged as a failure', async () => {
    const code = await mailedCode();
    const res = await switchLogin(otherCode(code));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg: INVALID_EN });
    const zh = await switchLogin(otherCode(code), EMAIL, ZH);
    expect(zh.body).toEqual({ code: 400, msg: '验证码错误或已过期' });
    const [row] = await loginLog(app, EMAIL);
    expect(row).toMatchObject({ status: '1', msg: INVALID_EN });
  });

  it('a code is single use', async () => {
    const code = await mailedCode();
    expect((await switchLogin(code)).body.code).toBe(200);
    const again = await switchLogin(code);
    expect(again.status).toBe(400);
    expect(again.body.token).toBeUndefined();
  });

  it('an expired code is refused', async () => {
    const code = await mailedCode();
    await ageEmailCodes(app, EMAIL, 10 * 60 + 1);
    expect((await switchLogin(code)).body).toEqual({ code: 400, msg: INVALID_EN });
  });

  it('5 wrong tries burn the code', async () => {
    const code = await mailedCode();
    for (let i = 0; i < 5; i++) expect((await switchLogin(otherCode(code))).status).toBe(400);
    expect((await switchLogin(code)).body).toEqual({ code: 400, msg: INVALID_EN });
  });

  it('a sign-in code is not a password-reset code', async () => {
    const code = await mailedCode();
    expect((await post(app, '/checkCode', { email: EMAIL, code })).status).toBe(400);
  });

  it('an unknown address gets the same answer, no mail, and no token', async () => {
    const known = await requestCode(EMAIL);
    const unknown = await requestCode('nobody@example.com');
    expect(unknown.body).toEqual(known.body);
    expect(app.mails.map((m) => m.to)).toEqual([EMAIL]);
    const res = await switchLogin('123456', 'nobody@example.com');
    expect(res.body).toEqual({ code: 400, msg: INVALID_EN });
  });

  it('has its own 60-second cool-down', async () => {
    await mailedCode();
    const early = await requestCode(EMAIL);
    expect(early.status).toBe(429);
    expect(early.body.msg).toMatch(/^Please wait \d+ seconds before asking for another code$/);
    await ageEmailCodes(app, EMAIL, EMAIL_CODE_RESEND_SECONDS + 1);
    expect((await requestCode(EMAIL)).body.code).toBe(200);
  });

  it('a disabled account cannot sign in with a code either', async () => {
    await updateUser(app, 'emma.stone', { status: '1' });
    const disabled = await switchLogin(await mailedCode());
    expect(disabled.status).toBe(403);
    expect(disabled.body).toEqual({ code: 403, msg: 'This account has been disabled, please contact your administrator' });
  });

  it('wrong passwords do not stop a code sign-in: the mailbox is the way in while someone spends the password tries', async () => {
    for (let i = 0; i < 5; i++) await post(app, '/login', { username: 'emma.stone', password: 'wrong-password' });
    expect((await post(app, '/login', { username: 'emma.stone', password: 'admin123' })).status).toBe(429);
    const res = await switchLogin(await mailedCode());
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
  });

  it('refuses bad input per field', async () => {
    const res = await post(app, '/switchLogin', { email: 'nope', code: '12' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: 'wrong format' });
    const missing = await post(app, '/email', {});
    expect(missing.body.errors).toEqual({ email: 'E-mail is required' });
  });
});
