import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';

describe('route access declarations', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  it('every API route declares public, authenticated or a permission', () => {
    const apiRoutes = app.routeAccess.filter((r) => r.url.startsWith('/dev-api'));
    expect(apiRoutes.length).toBeGreaterThan(10);
    const undeclared = apiRoutes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('a permission-guarded or authenticated route refuses a request without a token', async () => {
    const guarded = app.routeAccess.filter((r) => r.url.startsWith('/dev-api') && r.access !== 'public' && !r.url.includes(':'));
    for (const route of guarded) {
      const res = await app.inject({ method: route.method as 'GET', url: route.url });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
