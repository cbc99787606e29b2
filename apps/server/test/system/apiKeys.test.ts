import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API_KEY_PREFIX, type ApiKeyRow, type CreatedApiKey } from '@orbit/shared/contract/apiKeys';
import { sysApiKey } from '../../src/db/schema/apiKeys';
import { caller, userIds, type Answer } from '../helpers/adminApi';
import { settingThrough } from '../helpers/settingsApi';
import { api, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;
type Row = { id: number; ownerId: number };

/** Personal API keys (issue 34): a key is its user on the same API, never more. */
describe('personal API keys', () => {
  let app: TestApp;
  let admin: Call;
  let olivia: Call;
  let noah: Call;
  let ids: Record<string, number>;

  beforeAll(async () => {
    app = await createTestApp();
    admin = caller(app, await loginAs(app, 'admin'));
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    noah = caller(app, await loginAs(app, 'noah.king'));
    ids = await userIds(admin);
  });
  afterAll(() => app.teardown());

  async function createKey(who: Call, body: Record<string, unknown> = {}): Promise<CreatedApiKey> {
    const res = await who('POST', '/system/user/profile/apikey', { name: 'Integration', expiresInDays: 30, ...body });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as CreatedApiKey;
  }
  /** A caller using the key as its bearer value (the same header a session token goes in). */
  const withKey = (key: string) => caller(app, key);
  const stored = async (keyId: number) => (await app.db.select().from(sysApiKey).where(eq(sysApiKey.keyId, keyId)))[0]!;

  it('is shown once on creation; only its SHA-256 and first characters are stored, and lists never show it', async () => {
    const created = await createKey(olivia, { name: 'Spreadsheet sync' });
    expect(created.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(created.key).toHaveLength(47);
    expect(created).toMatchObject({ name: 'Spreadsheet sync', readOnly: false, status: 'active', lastUsedAt: null, keyHint: created.key.slice(0, 8) });
    const row = await stored(created.keyId);
    expect(row.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);
    const list = await olivia('GET', '/system/user/profile/apikey');
    const listed = (list.body.data as ApiKeyRow[]).find((k) => k.keyId === created.keyId);
    expect(listed).toMatchObject({ name: 'Spreadsheet sync', status: 'active' });
    expect(JSON.stringify(list.body)).not.toContain(created.key);
  });

  it('lists leads within its user’s data scope only, exactly as the user’s session does', async () => {
    const { key } = await createKey(olivia);
    const bySession = await olivia('GET', '/crm/leads/list?pageSize=500&fields=ownerId');
    const byKey = await withKey(key)('GET', '/crm/leads/list?pageSize=500&fields=ownerId');
    expect(byKey.status).toBe(200);
    expect(byKey.body.total).toBe(bySession.body.total);
    expect(byKey.body.total).toBeGreaterThan(0);
    expect((byKey.body.rows as Row[]).every((r) => r.ownerId === ids['olivia.park'])).toBe(true);
    const everyone = await admin('GET', '/crm/leads/list?pageSize=1');
    expect(everyone.body.total).toBeGreaterThan(byKey.body.total as number);
    // Nor more permissions than the user: a sales rep's key cannot list users.
    expect((await withKey(key)('GET', '/system/user/list')).status).toBe(403);
  });

  it('writes as its user unless read-only; a read-only key is refused every non-GET request with a translated 403', async () => {
    const full = await createKey(olivia);
    const made = await withKey(full.key)('POST', '/crm/leads', { lastName: 'Keyed', company: 'Key Co' });
    expect(made.body.code, made.body.msg).toBe(200);
    const readOnly = await createKey(olivia, { readOnly: true });
    expect((await withKey(readOnly.key)('GET', '/crm/leads/list?pageSize=1')).status).toBe(200);
    const before = await admin('GET', '/crm/leads/list?pageSize=1');
    const refused = await withKey(readOnly.key)('POST', '/crm/leads', { lastName: 'Refused', company: 'Key Co' });
    expect(refused).toMatchObject({ status: 403, body: { code: 403, msg: 'This API key is read-only: it may only read (GET requests)' } });
    const zh = await withKey(readOnly.key)('POST', '/crm/leads', { lastName: 'Refused', company: 'Key Co' }, { 'accept-language': 'zh-CN' });
    expect(zh.body.msg).toBe('此 API 密钥为只读：只能读取（GET 请求）');
    expect((await withKey(readOnly.key)('DELETE', '/crm/leads/1')).status).toBe(403);
    expect((await admin('GET', '/crm/leads/list?pageSize=1')).body.total).toBe(before.body.total);
  });

  it('answers 401 once expired or revoked', async () => {
    const expiring = await createKey(olivia);
    await app.db.execute(sql`update sys_api_key set expires_at = now() - interval '1 second' where key_id = ${expiring.keyId}`);
    expect((await withKey(expiring.key)('GET', '/crm/leads/list')).status).toBe(401);

    const revoking = await createKey(olivia);
    expect((await withKey(revoking.key)('GET', '/crm/leads/list')).status).toBe(200);
    const revoked = await olivia('DELETE', `/system/user/profile/apikey/${revoking.keyId}`);
    expect(revoked.body).toMatchObject({ code: 200, msg: 'API key revoked' });
    expect((await withKey(revoking.key)('GET', '/crm/leads/list')).status).toBe(401);
    const statuses = (await olivia('GET', '/system/user/profile/apikey')).body.data as ApiKeyRow[];
    expect(statuses.find((k) => k.keyId === expiring.keyId)?.status).toBe('expired');
    expect(statuses.find((k) => k.keyId === revoking.keyId)?.status).toBe('revoked');
    // A made-up key of the right shape is unknown: 401 as well.
    expect((await withKey(`${API_KEY_PREFIX}${'A'.repeat(43)}`)('GET', '/crm/leads/list')).status).toBe(401);
  });

  it('is refused by sign-in, password, e-mail and key routes (403), valid as it is', async () => {
    const { key, keyId } = await createKey(olivia);
    const call = withKey(key);
    const refusals: Array<[Answer, string]> = [
      [await call('GET', '/system/user/profile/apikey'), 'list own keys'],
      [await call('POST', '/system/user/profile/apikey', { name: 'Minted by a key', expiresInDays: 7 }), 'create a key'],
      [await call('DELETE', `/system/user/profile/apikey/${keyId}`), 'revoke a key'],
      [await call('PUT', '/system/user/profile/updatePwd', { oldPassword: 'admin123', newPassword: 'Another-pass1' }), 'change the password'],
      [await call('POST', '/system/user/profile/email', { email: 'x@example.com', password: 'admin123' }), 'change the e-mail'],
      [await call('POST', '/login', { username: 'olivia.park', password: 'admin123' }), 'sign in'],
    ];
    for (const [answer, what] of refusals) {
      expect(answer.status, what).toBe(403);
      expect(answer.body.msg, what).toBe('An API key cannot be used here: sign in with your password');
    }
    // Nothing changed: the key is still live, and no other was made.
    expect((await call('GET', '/crm/leads/list?pageSize=1')).status).toBe(200);
    const names = ((await olivia('GET', '/system/user/profile/apikey')).body.data as ApiKeyRow[]).map((k) => k.name);
    expect(names).not.toContain('Minted by a key');
    // An administrator's key cannot reach the administrators' key routes either.
    const adminKey = await createKey(admin);
    expect((await withKey(adminKey.key)('GET', '/system/apikey/list')).status).toBe(403);
  });

  it('keeps its last use, written at most once a minute', async () => {
    const { key, keyId } = await createKey(olivia);
    expect((await stored(keyId)).lastUsedAt).toBeNull();
    await withKey(key)('GET', '/crm/leads/list?pageSize=1');
    const first = (await stored(keyId)).lastUsedAt as Date;
    expect(first).toBeInstanceOf(Date);
    await app.db.execute(sql`update sys_api_key set last_used_at = now() - interval '30 seconds' where key_id = ${keyId}`);
    const thirtyAgo = (await stored(keyId)).lastUsedAt as Date;
    await withKey(key)('GET', '/crm/leads/list?pageSize=1');
    expect((await stored(keyId)).lastUsedAt).toEqual(thirtyAgo);
    await app.db.execute(sql`update sys_api_key set last_used_at = now() - interval '2 minutes' where key_id = ${keyId}`);
    await withKey(key)('GET', '/crm/leads/list?pageSize=1');
    expect(((await stored(keyId)).lastUsedAt as Date).getTime()).toBeGreaterThan(Date.now() - 10_000);
    const listed = ((await olivia('GET', '/system/user/profile/apikey')).body.data as ApiKeyRow[]).find((k) => k.keyId === keyId);
    expect(listed?.lastUsedAt).not.toBeNull();
  });

  it('an administrator lists everyone’s keys and revokes another user’s; a sales rep sees only their own', async () => {
    const noahsKey = await createKey(noah, { name: 'Noah’s export' });
    const list = await admin('GET', '/system/apikey/list?pageSize=100&userName=noah');
    expect(list.status).toBe(200);
    const rows = list.body.rows as ApiKeyRow[];
    expect(rows.find((k) => k.keyId === noahsKey.keyId)).toMatchObject({ userName: 'noah.king', name: 'Noah’s export', status: 'active' });
    expect(rows.every((k) => k.userName === 'noah.king')).toBe(true);

    // Olivia: neither the administrators' list nor Noah's key, by any route.
    expect((await olivia('GET', '/system/apikey/list')).status).toBe(403);
    expect((await olivia('DELETE', `/system/apikey/${noahsKey.keyId}`)).status).toBe(403);
    expect((await olivia('DELETE', `/system/user/profile/apikey/${noahsKey.keyId}`)).status).toBe(404);
    const own = (await olivia('GET', '/system/user/profile/apikey')).body.data as ApiKeyRow[];
    expect(own.some((k) => k.keyId === noahsKey.keyId)).toBe(false);
    expect((await withKey(noahsKey.key)('GET', '/crm/leads/list?pageSize=1')).status).toBe(200);

    const revoked = await admin('DELETE', `/system/apikey/${noahsKey.keyId}`);
    expect(revoked.body.code).toBe(200);
    expect((await withKey(noahsKey.key)('GET', '/crm/leads/list?pageSize=1')).status).toBe(401);
    expect((await admin('DELETE', `/system/apikey/${noahsKey.keyId}`)).status).toBe(404);
    const after = (await admin('GET', '/system/apikey/list?pageSize=100&userName=noah')).body.rows as ApiKeyRow[];
    expect(after.find((k) => k.keyId === noahsKey.keyId)?.status).toBe('revoked');
  });

  it('refuses a bad name or expiry with a translated message, and nothing is created', async () => {
    const before = ((await olivia('GET', '/system/user/profile/apikey')).body.data as ApiKeyRow[]).length;
    const noName = await olivia('POST', '/system/user/profile/apikey', { name: ' ', expiresInDays: 30 });
    expect(noName.status).toBe(400);
    expect(noName.body.errors.name).toBeTruthy();
    const tooLong = await olivia('POST', '/system/user/profile/apikey', { name: 'Long life', expiresInDays: 366 }, { 'accept-language': 'zh-CN' });
    expect(tooLong.body.errors.expiresInDays).toBe('有效期必须是 1 到 365 之间的整数天数');
    expect(((await olivia('GET', '/system/user/profile/apikey')).body.data as ApiKeyRow[]).length).toBe(before);
  });

  it('is rate-limited per key by the setting: 429 with Retry-After, other keys unaffected', async () => {
    const rate = settingThrough(admin, 'apiKeyRequestsPerMinute');
    expect((await rate.set('3')).body.code).toBe(200);
    try {
      const busy = await createKey(noah);
      const other = await createKey(noah);
      for (let i = 0; i < 3; i++) expect((await withKey(busy.key)('GET', '/crm/leads/list?pageSize=1')).status).toBe(200);
      const res = await app.inject({ method: 'GET', url: api('/crm/leads/list?pageSize=1'), headers: { authorization: `Bearer ${busy.key}` } });
      expect(res.statusCode).toBe(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(res.json().msg).toBe(`Too many requests with this API key: please try again in ${retryAfter} seconds`);
      expect((await withKey(other.key)('GET', '/crm/leads/list?pageSize=1')).status).toBe(200);
      // Sessions are not counted against keys.
      expect((await noah('GET', '/crm/leads/list?pageSize=1')).status).toBe(200);
    } finally {
      await rate.set('');
    }
  });

  it('the OpenAPI document describes the bearer scheme keys use', async () => {
    const res = await app.inject({ method: 'GET', url: api('/openapi.json') });
    const doc = res.json() as { components: { securitySchemes: Record<string, { type: string; scheme: string }> }; security: unknown[]; info: { description: string } };
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.info.description).toContain('Authorization: Bearer');
  });
});
