import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@orbit/shared/constants';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { caller } from '../helpers/adminApi';

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

  it('updates the session user only, whatever ids the client sends', async () => {
    const res = await me('PUT', '/system/user/profile', { userId: 1, userName: 'admin', nickName: 'Mia C.', email: 'mia.c@example.com', phonenumber: '', sex: '1', status: '1', roleIds: [1] });
    expect(res.body.code).toBe(200);
    const admin = caller(app, await loginAs(app, 'admin'));
    const adminSelf = (await admin('GET', '/system/user/1')).body.data;
    expect(adminSelf).toMatchObject({ userName: 'admin', nickName: 'Alex Admin', status: '0' });
    const mine = (await me('GET', '/system/user/profile')).body.data;
    expect(mine).toMatchObject({ userName: 'mia.chen', nickName: 'Mia C.', email: 'mia.c@example.com', status: '0' });
    expect((await me('GET', '/getInfo')).body.roles).toEqual(['marketing']);
    const taken = await me('PUT', '/system/user/profile', { nickName: 'Mia', email: 'admin@example.com' });
    expect(taken.body.errors).toHaveProperty('email');
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
