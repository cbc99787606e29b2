import { desc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
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
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.teardown();
  });

  it('ignores X-Forwarded-For by default, so a caller cannot fake its address in the logs', async () => {
    const app = await createTestApp();
    apps.push(app);
    expect(await loggedIp(app)).toBe('127.0.0.7');
  });

  it('takes the forwarded address when TRUST_PROXY=true', async () => {
    const app = await createTestApp({ TRUST_PROXY: 'true' });
    apps.push(app);
    expect(await loggedIp(app)).toBe('203.0.113.9');
  });
});
