import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysLogininfor } from '../../src/db/schema/logs';
import { api, createTestApp, type TestApp } from '../helpers/testApp';

async function loggedIp(app: TestApp): Promise<string> {
  await app.inject({
    method: 'POST',
    url: api('/login'),
    headers: { 'x-forwarded-for': '203.0.113.9' },
    remoteAddress: '127.0.0.7',
    payload: { username: 'admin', password: 'wrong-password' },
  });
  const [row] = await app.db.select().from(sysLogininfor).orderBy(desc(sysLogininfor.infoId)).limit(1);
  return row!.ipaddr;
}

describe('client address behind a proxy', () => {
  // Both apps are built before the tests (a new app with its database is the slow part, and it
  // belongs to the set-up's time limit, not to a test's).
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await direct?.teardown();
    await proxied?.teardown();
  });

  it('ignores X-Forwarded-For by default, so a caller cannot fake its address in the logs', async () => {
    expect(await loggedIp(direct)).toBe('127.0.0.7');
  });

  it('takes the forwarded address when TRUST_PROXY=true', async () => {
    expect(await loggedIp(proxied)).toBe('203.0.113.9');
  });
});
