import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';

describe('GET /dev-api/openapi.json', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  it('describes the API from the same schemas that validate it', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev-api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; info: { version: string }; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe('v1.0.4');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/dev-api/login', '/dev-api/system/user/list', '/dev-api/userFile/userFilePageList']));
    const login = JSON.stringify(doc.paths['/dev-api/login']!.post!.requestBody);
    expect(login).toContain('username');
    expect(login).toContain('password');
    // The document does not describe itself.
    expect(doc.paths['/dev-api/openapi.json']).toBeUndefined();
  });
});
