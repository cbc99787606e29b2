import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@orbit/shared/constants';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller } from '../helpers/adminApi';
import { codeFromLastMail, get, otherCode, ZH, freshMailbox } from '../auth/authTestUtils';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function multipartBody(filename: string, content: Buffer, contentType = 'image/png') {
  const boundary = '----orbitTestBoundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatarfile"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('own profile', () => {
  let app: TestApp;
  let token: string;
  let me: ReturnType<typeof caller>;
  beforeAll(async () => {
    app = await createTestApp();
    token = await loginAs(app, 'mia.chen');
    me = caller(app, token);
  });
  afterAll(() => app.teardown());

  const upload = (filename: string, content: Buffer, type?: string) => {
    const { payload, headers } = multipartBody(filename, content, type);
    return app.inject({ method: 'POST', url: api('/system/user/profile/avatar'), headers: { ...bearer(token), ...headers }, payload });
  };

  it('reads the session user with role names', async () => {
    const res = await me('GET', '/system/user/profile');
    expect(res.body.data).toMatchObject({ userName: 'mia.chen', dept: { deptName: 'Marketing' } });
    expect(res.body.roleGroup).toBe('Marketing');
  });

  it('a new e-mail address is refused with how to change it, in the reader’s language, and nothing is saved', async () => {
    const form = { nickName: 'Mia New', email: 'mia.c@example.com', phonenumber: '', sex: '1' };
    const res = await me('PUT', '/system/user/profile', form);
    expect([res.status, res.body.errors]).toEqual([400, { email: expect.stringContaining('a code sent to the new address') }]);
    expect(res.body.msg).toBe(res.body.errors.email);
    const zh = await me('PUT', '/system/user/profile', form, ZH);
    expect(zh.body.errors.email).toContain('验证码');
    expect((await me('PUT', '/system/user/profile', { ...form, email: 'not-an-address' })).body.errors).toHaveProperty('email');
    expect((await me('GET', '/system/user/profile')).body.data).toMatchObject({ nickName: 'Mia Chen', email: 'mia.chen@example.com' });
  });

  it('updates the session user only, whatever ids the client sends; the current e-mail address may come along', async () => {
    const res = await me('PUT', '/system/user/profile', { userId: 1, userName: 'admin', nickName: 'Mia C.', email: 'Mia.Chen@example.com', phonenumber: '', sex: '1', status: '1', roleIds: [1] });
    expect(res.body.code).toBe(200);
    const admin = caller(app, await loginAs(app, 'admin'));
    const adminSelf = (await admin('GET', '/system/user/1')).body.data;
    expect(adminSelf).toMatchObject({ userName: 'admin', nickName: 'Alex Admin', status: '0' });
    const mine = (await me('GET', '/system/user/profile')).body.data;
    expect(mine).toMatchObject({ userName: 'mia.chen', nickName: 'Mia C.', email: 'mia.chen@example.com', status: '0' });
    expect((await me('GET', '/getInfo')).body.roles).toEqual(['marketing']);
  });

  it('keeps an introduction: read and written with the profile, limited in length (double-width characters count 2), kept when a RuoYi form leaves it out', async () => {
    const text = 'Campaigns and events for the whole company. 负责市场活动。';
    expect((await me('PUT', '/system/user/profile', { nickName: 'Mia', sex: '1', introduction: text })).body.code).toBe(200);
    expect((await me('GET', '/system/user/profile')).body.data).toMatchObject({ nickName: 'Mia', introduction: text });
    // RuoYi's profile form sends nickname, phone, e-mail and sex only.
    expect((await me('PUT', '/system/user/profile', { nickName: 'Mia', phonenumber: '', email: 'mia.chen@example.com', sex: '1' })).body.code).toBe(200);
    expect((await me('GET', '/system/user/profile')).body.data.introduction).toBe(text);

    const tooLong = await me('PUT', '/system/user/profile', { nickName: 'Mia', introduction: '介'.repeat(251) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ introduction: 'Introduction must be at most 500 characters' });
    const zh = await me('PUT', '/system/user/profile', { nickName: 'Mia', introduction: 'x'.repeat(501) }, ZH);
    expect(zh.body.errors).toEqual({ introduction: '个人简介长度不能超过 500 个字符' });
    expect((await me('PUT', '/system/user/profile', { nickName: 'Mia', introduction: '介'.repeat(250) })).body.code).toBe(200);
    expect((await me('GET', '/system/user/profile')).body.data.introduction).toBe('介'.repeat(250));
    // Emptied on purpose.
    expect((await me('PUT', '/system/user/profile', { nickName: 'Mia', introduction: '' })).body.code).toBe(200);
    expect((await me('GET', '/getInfo')).body.introduction).toBe('');
  });

  it('tells nothing about other users’ phone numbers: phones need not be unique', async () => {
    const res = await me('PUT', '/system/user/profile', { nickName: 'Mia', phonenumber: '15888888888' });
    expect(res.body).toEqual({ code: 200, msg: 'Operation successful' });
    expect((await me('GET', '/system/user/profile')).body.data.phonenumber).toBe('15888888888');
    expect((await me('PUT', '/system/user/profile', { nickName: 'Mia', phonenumber: '15888888807' })).body.code).toBe(200);
  });

  it('lets the super administrator edit their own profile', async () => {
    const admin = caller(app, await loginAs(app, 'admin'));
    expect((await admin('PUT', '/system/user/profile', { nickName: 'Alex A.', email: 'admin@example.com', sex: '0' })).body.code).toBe(200);
    expect((await admin('GET', '/system/user/profile')).body.data.nickName).toBe('Alex A.');
  });

  it('accepts an image by its content, stores it under a server name and serves it', async () => {
    const res = await upload('../../etc/passwd.png', PNG);
    expect(res.json().code).toBe(200);
    const imgUrl = res.json().imgUrl as string;
    expect(imgUrl).toMatch(/^\/profile\/avatar\/[a-f0-9]{32}\.png$/);
    expect((await me('GET', '/system/user/profile')).body.data.avatar).toBe(imgUrl);
    const served = await app.inject({ method: 'GET', url: api(imgUrl) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // A new upload gets a new name, so a served avatar may be kept for a day (by this browser only).
    expect(served.headers['cache-control']).toBe('private, max-age=86400');
    expect((await app.inject({ method: 'GET', url: api('/profile/avatar/..%2F..%2Fconfig.png') })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: api(`/profile/avatar/${'0'.repeat(32)}.png`) })).statusCode).toBe(404);
  });

  it('refuses what is not an image, whatever its name, and what is too large', async () => {
    const html = await upload('avatar.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(html.statusCode).toBe(400);
    expect(html.json().errors).toHaveProperty('avatarfile');
    const big = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().msg).toContain('2 MB');
    const none = await app.inject({ method: 'POST', url: api('/system/user/profile/avatar'), headers: bearer(token), payload: { userId: 1 } });
    expect(none.statusCode).toBe(400);
  });
});

describe('changing one’s own e-mail address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());
  beforeEach(() => freshMailbox(app));

  const sentEn = (email: string) => `A code has been sent to ${email}: enter it to confirm the change`;
  const emailOf = async (call: ReturnType<typeof caller>) => (await call('GET', '/system/user/profile')).body.data.email as string;

  it('a session alone cannot change it: the current password is required, and guesses are counted', async () => {
    const thief = caller(app, await loginAs(app, 'lucas.wang'));
    await thief('PUT', '/system/user/profile', { nickName: 'Lucas', email: 'thief@example.com' });
    expect(await emailOf(thief)).toBe('lucas.wang@example.com');
    const none = await thief('POST', '/system/user/profile/email', { email: 'thief@example.com' });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ password: 'Password is required' });
    const wrong = await thief('POST', '/system/user/profile/email', { email: 'thief@example.com', password: 'guess-1' });
    expect(wrong.body).toEqual({ code: 400, msg: 'The password is wrong', errors: { password: 'The password is wrong' } });
    expect((await thief('POST', '/system/user/profile/email', { email: 'thief@example.com', password: 'guess-2' }, ZH)).body.errors).toEqual({ password: '密码错误' });
    for (let i = 3; i <= 5; i++) await thief('POST', '/system/user/profile/email', { email: 'thief@example.com', password: `guess-${i}` });
    expect((await thief('POST', '/system/user/profile/email', { email: 'thief@example.com', password: 'admin123' })).status).toBe(429);
    expect(app.mails).toEqual([]);
    expect(await emailOf(thief)).toBe('lucas.wang@example.com');
  });

  it('the password and a code mailed to the new address change it; the old address is told', async () => {
    const mia = caller(app, await loginAs(app, 'mia.chen'));
    const step1 = await mia('POST', '/system/user/profile/email', { email: ' Mia.New@Example.com ', password: 'admin123' });
    expect(step1.body).toEqual({ code: 200, msg: sentEn('mia.new@example.com') });
    expect(app.mails.map((m) => [m.to, m.subject])).toEqual([['mia.new@example.com', 'Orbit CRM e-mail address confirmation code']]);
    expect(await emailOf(mia)).toBe('mia.chen@example.com');

    const code = codeFromLastMail(app, 'mia.new@example.com');
    const wrong = await mia('PUT', '/system/user/profile/email', { email: 'mia.new@example.com', code: otherCode(code) });
    expect(wrong.body).toEqual({ code: 400, msg: 'The code is wrong or has expired', errors: { code: 'The code is wrong or has expired' } });
    // The code proves the address it went to, and no other.
    expect((await mia('PUT', '/system/user/profile/email', { email: 'mia.other@example.com', code })).status).toBe(400);
    const done = await mia('PUT', '/system/user/profile/email', { email: 'mia.new@example.com', code });
    expect(done.body).toEqual({ code: 200, msg: 'Your e-mail address has been changed' });
    expect(await emailOf(mia)).toBe('mia.new@example.com');
    const notice = app.mails.find((m) => m.to === 'mia.chen@example.com');
    expect(notice).toMatchObject({ subject: 'Your Orbit CRM e-mail address was changed' });
    expect(notice!.text).toContain('mia.chen');
    expect(notice!.text).toContain('mia.new@example.com');
    // Single use; and password resets now go to the new address only.
    expect((await mia('PUT', '/system/user/profile/email', { email: 'mia.new@example.com', code })).status).toBe(400);
    await get(app, '/sendCode?email=mia.chen@example.com');
    await get(app, '/sendCode?email=mia.new@example.com');
    expect(app.mails.filter((m) => m.subject === 'Orbit CRM password reset code').map((m) => m.to)).toEqual(['mia.new@example.com']);
  });

  it('the first step answers the same whether or not the address is someone else’s; only its owner learns it is taken', async () => {
    const sophia = caller(app, await loginAs(app, 'sophia.reed'));
    const ethan = caller(app, await loginAs(app, 'ethan.cole'));
    const free = await sophia('POST', '/system/user/profile/email', { email: 'sophia.free@example.com', password: 'admin123' });
    const taken = await ethan('POST', '/system/user/profile/email', { email: 'emma.stone@example.com', password: 'admin123' });
    expect(taken.status).toBe(free.status);
    expect(taken.body).toEqual({ code: 200, msg: sentEn('emma.stone@example.com') });
    // The code went to Emma's mailbox; whoever reads it may learn that the address is in use.
    const code = codeFromLastMail(app, 'emma.stone@example.com');
    const confirm = await ethan('PUT', '/system/user/profile/email', { email: 'emma.stone@example.com', code });
    expect(confirm.body.errors).toEqual({ email: "The e-mail address 'emma.stone@example.com' is already in use" });
    expect(await emailOf(ethan)).toBe('ethan.cole@example.com');
  });

  it('one code a minute, and the same address as now is refused', async () => {
    const noah = caller(app, await loginAs(app, 'noah.king'));
    expect((await noah('POST', '/system/user/profile/email', { email: 'NOAH.KING@example.com', password: 'admin123' })).body.errors).toEqual({
      email: 'This is already your e-mail address',
    });
    expect((await noah('POST', '/system/user/profile/email', { email: 'noah.1@example.com', password: 'admin123' })).body.code).toBe(200);
    const again = await noah('POST', '/system/user/profile/email', { email: 'noah.2@example.com', password: 'admin123' });
    expect(again.status).toBe(429);
    expect(app.mails.map((m) => m.to)).toEqual(['noah.1@example.com']);
  });
});
