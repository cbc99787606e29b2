import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_PER_MINUTE, CAPTCHA_TTL_SECONDS } from '@orbit/shared/constants';
import { sysCaptcha, sysThrottle } from '../../src/db/schema/auth';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { get, loginLog, post, ZH } from './authTestUtils';

type CaptchaBody = { code: number; msg: string; captchaEnabled: boolean; uuid?: string; img?: string };

describe('captcha enabled', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ CAPTCHA_ENABLED: 'true' });
  });
  afterAll(() => app.teardown());

  /** Issues a captcha and reads its answer where the server keeps it. */
  async function issue(): Promise<{ uuid: string; answer: string }> {
    const { body } = await get(app, '/captchaImage');
    const { uuid } = body as unknown as { uuid: string };
    const [row] = await app.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
    return { uuid, answer: row!.answer };
  }

  const login = (extra: Record<string, unknown>, headers: Record<string, string> = {}) =>
    post(app, '/login', { username: 'admin', password: 'admin123', ...extra }, headers);

  it('GET /captchaImage answers a uuid and an SVG image as a data URI, and stores the answer for 2 minutes', async () => {
    const res = await get(app, '/captchaImage');
    expect(res.status).toBe(200);
    const body = res.body as unknown as CaptchaBody;
    expect(body).toMatchObject({ code: 200, captchaEnabled: true });
    expect(body.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(body.img).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
    const svg = Buffer.from(body.img!.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);

    const [row] = await app.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, body.uuid!));
    expect(row!.answer).toMatch(/^[a-z0-9]{4}$/);
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan((CAPTCHA_TTL_SECONDS - 10) * 1000);
    expect(ttl).toBeLessThanOrEqual(CAPTCHA_TTL_SECONDS * 1000);
    // The answer itself never travels to the client.
    expect(JSON.stringify(body)).not.toContain(`"${row!.answer}"`);
  });

  it('each call issues a new captcha', async () => {
    const a = await issue();
    const b = await issue();
    expect(a.uuid).not.toBe(b.uuid);
  });

  it('signs in with the right answer, in any letter case, and consumes the captcha', async () => {
    const { uuid, answer } = await issue();
    const res = await login({ uuid, code: ` ${answer.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(await app.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid))).toEqual([]);
  });

  it('refuses a wrong answer with a translated message, and logs the attempt', async () => {
    const first = await issue();
    const en = await login({ uuid: first.uuid, code: 'zzzz' });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 400, msg: 'The verification code is wrong' });
    expect(en.body.token).toBeUndefined();

    const second = await issue();
    const zh = await login({ uuid: second.uuid, code: 'zzzz' }, ZH);
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, msg: '验证码错误' });

    const [row] = await loginLog(app, 'admin');
    expect(row).toMatchObject({ status: '1', msg: 'The verification code is wrong' });
  });

  it('a wrong guess burns the captcha: the right answer afterwards is refused', async () => {
    const { uuid, answer } = await issue();
    expect((await login({ uuid, code: 'zzzz' })).body.msg).toBe('The verification code is wrong');
    const retry = await login({ uuid, code: answer });
    expect(retry.status).toBe(400);
    expect(retry.body.msg).toBe('The verification code has expired, please refresh it');
  });

  it('a captcha is single use: replaying a successful one is refused', async () => {
    const { uuid, answer } = await issue();
    expect((await login({ uuid, code: answer })).body.code).toBe(200);
    const replay = await login({ uuid, code: answer });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: 400, msg: 'The verification code has expired, please refresh it' });
    expect(replay.body.token).toBeUndefined();
  });

  it('refuses an expired captcha', async () => {
    const { uuid, answer } = await issue();
    await app.db.update(sysCaptcha).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sysCaptcha.uuid, uuid));
    const en = await login({ uuid, code: answer });
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('The verification code has expired, please refresh it');

    const again = await issue();
    await app.db.update(sysCaptcha).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sysCaptcha.uuid, again.uuid));
    const zh = await login({ uuid: again.uuid, code: again.answer }, ZH);
    expect(zh.body.msg).toBe('验证码已失效，请刷新后重试');
  });

  it('refuses a missing code, in both languages, even with a valid password', async () => {
    const { uuid } = await issue();
    const en = await login({ uuid });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 400, msg: 'Please enter the verification code' });
    const zh = await login({ uuid, code: '' }, ZH);
    expect(zh.body).toMatchObject({ code: 400, msg: '请输入验证码' });
  });

  it('refuses a missing, unknown or malformed uuid as an expired captcha (never a server error)', async () => {
    for (const uuid of [undefined, '00000000-0000-4000-8000-000000000000', '-'.repeat(36), 'a'.repeat(36), 'not-a-uuid']) {
      const res = await login({ uuid, code: 'abcd' });
      expect(res.status, String(uuid)).toBe(400);
      expect(res.body.msg, String(uuid)).toBe('The verification code has expired, please refresh it');
    }
  });

  it('an over-long code or uuid is a validation error naming the field', async () => {
    const res = await login({ uuid: 'x'.repeat(65), code: 'x'.repeat(11) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      code: 'Verification code must be at most 10 characters',
      uuid: 'Captcha id must be at most 64 characters',
    });
  });

  it(`a client address gets ${CAPTCHA_PER_MINUTE} pictures a minute, then 429 (en and zh); other addresses are not affected`, async () => {
    const from = '203.0.113.9';
    for (let i = 0; i < CAPTCHA_PER_MINUTE; i++) expect((await get(app, '/captchaImage', {}, from)).status, `picture ${i + 1}`).toBe(200);
    const refused = await get(app, '/captchaImage', {}, from);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 429, msg: 'Too many requests, please try again later' });
    expect((await get(app, '/captchaImage', ZH, from)).body.msg).toBe('请求过于频繁，请稍后再试');
    expect((await get(app, '/captchaImage')).status).toBe(200);
    // The counter is in the database, so every server process sees it; the next minute starts afresh.
    await app.db
      .update(sysThrottle)
      .set({ windowStart: sql`${sysThrottle.windowStart} - interval '61 seconds'` })
      .where(eq(sysThrottle.subject, from));
    expect((await get(app, '/captchaImage', {}, from)).status).toBe(200);
  });

  it('issuing a captcha clears expired ones from the table', async () => {
    const stale = await issue();
    await app.db.update(sysCaptcha).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(sysCaptcha.uuid, stale.uuid));
    await issue();
    expect(await app.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, stale.uuid))).toEqual([]);
  });
});

describe('captcha disabled (CAPTCHA_ENABLED=false)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ CAPTCHA_ENABLED: 'false' });
  });
  afterAll(() => app.teardown());

  it('GET /captchaImage says so and stores nothing', async () => {
    const res = await get(app, '/captchaImage');
    expect(res.status).toBe(200);
    const body = res.body as unknown as CaptchaBody;
    expect(body).toMatchObject({ code: 200, captchaEnabled: false });
    expect(body.uuid).toBeUndefined();
    expect(body.img).toBeUndefined();
    expect(await app.db.select().from(sysCaptcha)).toEqual([]);
  });

  it('login needs no code and ignores one that is sent', async () => {
    const bare = await post(app, '/login', { username: 'admin', password: 'admin123' });
    expect(bare.body).toMatchObject({ code: 200, token: expect.any(String) });
    const withJunk = await post(app, '/login', { username: 'admin', password: 'admin123', code: 'zzzz', uuid: 'whatever' });
    expect(withJunk.body.code).toBe(200);
  });
});
