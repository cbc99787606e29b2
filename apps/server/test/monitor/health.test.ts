import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp } from '../helpers/testApp';

describe('GET /health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  it('answers without a session: the database is up, and reports read from the primary when no replica is set', async () => {
    const res = await app.inject({ method: 'GET', url: api('/health') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { database: 'up', reporting: { source: 'primary', lagSeconds: null } } });
  });
});
