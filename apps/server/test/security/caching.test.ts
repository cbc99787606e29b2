import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('caching headers', () => {
  let app: TestApp;
  let token: string;
  /** A built web app as Vite leaves it: index.html, hashed files under assets/, others at the top. */
  const dist = mkdtempSync(path.join(os.tmpdir(), 'orbit-dist-'));

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Orbit CRM</title><script src="/assets/index-3f9a1c.js"></script>');
    writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await createTestApp({ WEB_DIST: dist });
    token = await loginAs(app, 'admin');
  });
  afterAll(async () => {
    await app.teardown();
    rmSync(dist, { recursive: true, force: true });
  });

  it('every API answer is no-store: success, refusals, errors, unknown paths, the OpenAPI document', async () => {
    const cases = [
      { what: '200 public', method: 'GET', url: api('/captchaImage') },
      { what: '200 signed in', method: 'GET', url: api('/getInfo'), headers: bearer(token) },
      { what: '200 list', method: 'GET', url: api('/system/user/list?pageNum=1&pageSize=10'), headers: bearer(token) },
      { what: '200 OpenAPI', method: 'GET', url: api('/openapi.json') },
      { what: '400', method: 'POST', url: api('/login'), payload: {} },
      { what: '401', method: 'GET', url: api('/getInfo') },
      { what: '404 route', method: 'GET', url: api('/no/such/path') },
      { what: '404 avatar', method: 'GET', url: api(`/profile/avatar/${'0'.repeat(32)}.png`) },
    ] as const;
    for (const { what, ...request } of cases) {
      const res = await app.inject(request);
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
  });

  it('index.html is served no-cache, at / and at any client route', async () => {
    for (const url of ['/', '/index.html', '/system/user', '/login?redirect=%2Fsystem%2Fuser']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Orbit CRM</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('hashed files under assets/ are cached for a year; other files are revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});
