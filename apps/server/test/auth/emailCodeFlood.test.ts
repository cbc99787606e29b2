import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_CODE_PER_ADDRESS, EMAIL_CODE_PER_CLIENT, EMAIL_CODE_LIMIT_MINUTES } from '@orbit/shared/constants';
import { sysCaptcha, sysEmailCode } from '../../src/db/schema/auth';
import { api, bearer, createTestApp, type TestApp } from '../helpers/testApp';
import { ageEmailCodes, clearEmailCodes, clearThrottle, get, post, ZH } from './authTestUtils';

type Captcha = { uuid: string; code: string };
type Headers = Record<string, string>;

/** The four ways to have a code mailed, each with a captcha (or none) and headers. */
type Sender = (email: string, captcha?: Captcha, headers?: Headers, remoteAddress?: string) => Promise<{ status: number; body: Record<string, unknown> }>;

describe('e-mail code routes: captcha and sending limits (mail flooding)', () => {
  let app: TestApp;
  let token: string;

  /** Issues a captcha and reads its answer where the server keeps it. */
  async function captcha(): Promise<Captcha> {
    const { body } = await get(app, '/captchaImage');
    const uuid = (body as unknown as { uuid: string }).uuid;
    const [row] = await app.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
    return { uuid, code: row!.answer };
  }

  const query = (email: string, c?: Captcha) => new URLSearchParams({ email, ...(c ?? {}) }).toString();
  const senders: Record<string, Sender> = {
    'GET /sendCode': (email, c, headers = {}, ip) => get(app, `/sendCode?${query(email, c)}`, headers, ip),
    'GET /resendCode': (email, c, headers = {}, ip) => get(app, `/resendCode?${query(email, c)}`, headers, ip),
    'POST /email': (email, c, headers = {}, ip) => post(app, '/email', { email, ...c }, headers, ip),
    'POST /system/user/profile/email': async (email, c, headers = {}, ip) => {
      const res = await app.inject({
        method: 'POST',
        url: api('/system/user/profile/email'),
        payload: { email, password: 'admin123', ...c },
        headers: { ...bearer(token), ...headers },
        ...(ip ? { remoteAddress: ip } : {}),
      });
      return { status: res.statusCode, body: res.json() };
    },
  };
  /** Each route's mail goes to the typed address: a reset or sign-in address with an account, or the profile's new address. */
  const target: Record<string, string> = {
    'GET /sendCode': 'noah.king@example.com',
    'GET /resendCode': 'noah.king@example.com',
    'POST /email': 'emma.stone@example.com',
    'POST /system/user/profile/email': 'lucas.new@example.com',
  };
  const codeRows = async (email: string) => app.db.select().from(sysEmailCode).where(eq(sysEmailCode.email, email));

  beforeAll(async () => {
    app = await createTestApp({ CAPTCHA_ENABLED: 'true' });
    const signIn = await post(app, '/login', { username: 'lucas.wang', password: 'admin123', ...(await captcha()) });
    token = signIn.body.token as string;
  });
  afterAll(() => app.teardown());
  beforeEach(async () => {
    await clearEmailCodes(app);
    await clearThrottle(app);
    app.mails.length = 0;
  });

  describe.each(Object.keys(senders))('%s with the captcha on', (route) => {
    const send = (...args: Parameters<Sender>) => senders[route]!(...args);

    it('refuses a missing, wrong or reused captcha (en and zh): no code, no mail', async () => {
      const email = target[route]!;
      const none = await send(email);
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('Please enter the verification code');
      expect((await send(email, undefined, ZH)).body.msg).toBe('请输入验证码');
      const wrong = await captcha();
      expect((await send(email, { ...wrong, code: wrong.code === 'zzzz' ? 'yyyy' : 'zzzz' })).body.msg).toBe('The verification code is wrong');
      // A wrong guess burnt it: the right answer afterwards is refused too.
      expect((await send(email, wrong)).body.msg).toBe('The verification code has expired, please refresh it');
      expect(app.mails).toEqual([]);
      expect(await codeRows(email)).toEqual([]);
    });

    it('mails the code with a right captcha, which is then used up', async () => {
      const email = target[route]!;
      const answer = await captcha();
      const res = await send(email, answer);
      expect(res.status).toBe(200);
      expect(app.mails.map((m) => m.to)).toEqual([email]);
      await ageEmailCodes(app, email, 61);
      expect((await send(email, answer)).body.msg).toBe('The verification code has expired, please refresh it');
    });
  });

  it(`an address gets at most ${EMAIL_CODE_PER_ADDRESS} codes in ${EMAIL_CODE_LIMIT_MINUTES} minutes, whichever route and client asks (en and zh)`, async () => {
    const email = 'noah.king@example.com';
    const routes = ['GET /sendCode', 'GET /resendCode', 'POST /email'];
    for (let i = 0; i < EMAIL_CODE_PER_ADDRESS; i++) {
      // Each from another client address, past the one-minute cool-down: only the address's own limit is left.
      const res = await senders[routes[i % routes.length]!]!(email, await captcha(), {}, `10.1.0.${i + 1}`);
      expect(res.status, String(i)).toBe(200);
      await ageEmailCodes(app, email, 61);
    }
    const over = await senders['POST /email']!(email, await captcha(), {}, '10.1.0.99');
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: 429, msg: `Too many codes have been sent to this address: please try again in ${EMAIL_CODE_LIMIT_MINUTES} minutes` });
    const zh = await senders['GET /sendCode']!(email, await captcha(), ZH, '10.1.0.98');
    expect(zh.body.msg).toBe(`发往该邮箱的验证码过多，请 ${EMAIL_CODE_LIMIT_MINUTES} 分钟后再试`);
    expect(app.mails).toHaveLength(EMAIL_CODE_PER_ADDRESS);
    // Other addresses are not affected.
    expect((await senders['GET /sendCode']!('liam.brooks@example.com', await captcha(), {}, '10.1.0.99')).status).toBe(200);
  });

  it('an address without an account is counted exactly like one with an account, so the limit tells nothing', async () => {
    const email = 'nobody.here@example.com';
    for (let i = 0; i < EMAIL_CODE_PER_ADDRESS; i++) {
      expect((await senders['GET /sendCode']!(email, await captcha(), {}, `10.2.0.${i + 1}`)).status).toBe(200);
      await ageEmailCodes(app, email, 61);
    }
    const over = await senders['GET /sendCode']!(email, await captcha(), {}, '10.2.0.99');
    expect(over.status).toBe(429);
    expect(app.mails).toEqual([]);
  });

  it('the profile’s new address is counted like any other: a signed-in user cannot flood someone else’s mailbox', async () => {
    const email = 'victim@example.com';
    await senders['GET /sendCode']!(email, await captcha(), {}, '10.3.0.1');
    for (let i = 1; i < EMAIL_CODE_PER_ADDRESS; i++) {
      await ageEmailCodes(app, email, 61);
      expect((await senders['POST /system/user/profile/email']!(email, await captcha(), {}, `10.3.0.${i + 1}`)).status).toBe(200);
    }
    await ageEmailCodes(app, email, 61);
    expect((await senders['POST /system/user/profile/email']!(email, await captcha(), {}, '10.3.0.99')).status).toBe(429);
    expect(app.mails.filter((m) => m.to === email)).toHaveLength(EMAIL_CODE_PER_ADDRESS - 1);
  });

  it('a request refused by the one-minute cool-down does not use up the address’s budget', async () => {
    const email = 'emma.stone@example.com';
    expect((await senders['POST /email']!(email, await captcha())).status).toBe(200);
    for (let i = 0; i < EMAIL_CODE_PER_ADDRESS + 2; i++) expect((await senders['POST /email']!(email, await captcha(), {}, `10.4.0.${i + 1}`)).status).toBe(429);
    for (let i = 1; i < EMAIL_CODE_PER_ADDRESS; i++) {
      await ageEmailCodes(app, email, 61);
      expect((await senders['POST /email']!(email, await captcha(), {}, `10.4.1.${i}`)).status, String(i)).toBe(200);
    }
  });

  it(`a client address asks for at most ${EMAIL_CODE_PER_CLIENT} codes in ${EMAIL_CODE_LIMIT_MINUTES} minutes, to any addresses (en and zh); other clients are not affected`, async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < EMAIL_CODE_PER_CLIENT; i++) {
      expect((await senders['GET /sendCode']!(`spray.${i}@example.com`, await captcha(), {}, ip)).status, String(i)).toBe(200);
    }
    const over = await senders['POST /email']!('spray.last@example.com', await captcha(), {}, ip);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: 429, msg: `Too many codes have been asked for from your network address: please try again in ${EMAIL_CODE_LIMIT_MINUTES} minutes` });
    expect((await senders['GET /resendCode']!('spray.zh@example.com', await captcha(), ZH, ip)).body.msg).toBe(`从你的网络地址请求的验证码过多，请 ${EMAIL_CODE_LIMIT_MINUTES} 分钟后再试`);
    expect(await codeRows('spray.last@example.com')).toEqual([]);
    expect((await senders['POST /email']!('spray.last@example.com', await captcha(), {}, '10.5.0.2')).status).toBe(200);
  });
});

describe('e-mail code routes with the captcha off', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ CAPTCHA_ENABLED: 'false' });
  });
  afterAll(() => app.teardown());

  it('need no captcha, and the sending limits still hold', async () => {
    const email = 'noah.king@example.com';
    for (let i = 0; i < EMAIL_CODE_PER_ADDRESS; i++) {
      expect((await get(app, `/sendCode?email=${email}`, {}, `10.6.0.${i + 1}`)).status).toBe(200);
      await ageEmailCodes(app, email, 61);
    }
    expect((await get(app, `/sendCode?email=${email}`, {}, '10.6.0.99')).status).toBe(429);
    expect(app.mails).toHaveLength(EMAIL_CODE_PER_ADDRESS);
  });
});
