import { Writable } from 'node:stream';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_VERSION, VERSION_HEADER } from '@orbit/shared/constants';
import { buildApp } from '../../src/app';
import { AppError } from '../../src/lib/errors';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';
import { ZH } from './authTestUtils';

const GENERIC_500 = { code: 500, msg: 'The system is busy, please try again later' };

describe('every response: version header, security headers, safe errors', () => {
  let app: TestApp;
  /** A second instance on the same database, with routes that fail on purpose. */
  let probe: Awaited<ReturnType<typeof buildApp>>;
  const logLines: string[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    probe = await buildApp({ config: app.config, db: app.db, logger: { level: 'error', stream: logStream }, mailer: { send: async () => {} } });
    const routes = probe.withTypeProvider<ZodTypeProvider>();
    routes.get('/dev-api/test/throw', { config: { access: 'public' } }, async () => {
      throw new Error('boom: secret internal detail at /srv/orbit/db.ts');
    });
    routes.get('/dev-api/test/upstream', { config: { access: 'public' } }, async () => {
      throw Object.assign(new Error('upstream said no'), { statusCode: 503 });
    });
    routes.get('/dev-api/test/app-error', { config: { access: 'public' } }, async () => {
      throw new AppError(409, 'common.badRequest');
    });
    routes.post(
      '/dev-api/test/fields',
      { config: { access: 'public' }, schema: { body: z.object({ username: z.string(), zzProbeField: z.string().max(3, { error: 'validation.tooLong' }) }) } },
      async () => ({ code: 200 }),
    );
    routes.get('/dev-api/test/undeclared', async () => ({ code: 200, leaked: true }));
    await probe.ready();
  });
  afterAll(async () => {
    await probe.close();
    await app.teardown();
  });

  const expectCommonHeaders = (headers: Record<string, unknown>, what: string) => {
    expect(headers[VERSION_HEADER.toLowerCase()], what).toBe(APP_VERSION);
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
    expect(headers['strict-transport-security'], what).toMatch(/max-age=\d+/);
    expect(headers['content-security-policy'], what).toContain("default-src 'self'");
    expect(headers['x-powered-by'], what).toBeUndefined();
  };

  it('success, 400, 401, 404 and 500 answers all carry the version and helmet headers', async () => {
    const token = await loginAs(app, 'admin');
    const cases = [
      { what: '200 public', run: () => app.inject({ method: 'GET', url: api('/captchaImage') }), status: 200 },
      { what: '200 signed in', run: () => app.inject({ method: 'GET', url: api('/getInfo'), headers: bearer(token) }), status: 200 },
      { what: '400', run: () => app.inject({ method: 'POST', url: api('/login'), payload: {} }), status: 400 },
      { what: '401', run: () => app.inject({ method: 'GET', url: api('/getInfo') }), status: 401 },
      { what: '404', run: () => app.inject({ method: 'GET', url: api('/no/such/path') }), status: 404 },
      { what: '500', run: () => probe.inject({ method: 'GET', url: '/dev-api/test/throw' }), status: 500 },
    ];
    for (const { what, run, status } of cases) {
      const res = await run();
      expect(res.statusCode, what).toBe(status);
      expect(res.json().code, what).toBe(status);
      expectCommonHeaders(res.headers, what);
    }
  });

  it("the CSP lets the captcha's data: image through", async () => {
    const res = await app.inject({ method: 'GET', url: api('/captchaImage') });
    expect(res.headers['content-security-policy']).toMatch(/img-src [^;]*data:/);
  });

  it('an unexpected error: 500 with a generic, translated message; the detail goes to the log only', async () => {
    const res = await probe.inject({ method: 'GET', url: '/dev-api/test/throw' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(GENERIC_500);
    expect(res.body).not.toMatch(/boom|secret|stack|\.ts|at /);
    const zh = await probe.inject({ method: 'GET', url: '/dev-api/test/throw', headers: ZH });
    expect(zh.json()).toEqual({ code: 500, msg: '系统繁忙，请稍后再试' });
    expect(logLines.join('')).toContain('boom: secret internal detail');
  });

  it('an error carrying a 5xx status is still answered generically', async () => {
    const res = await probe.inject({ method: 'GET', url: '/dev-api/test/upstream' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(GENERIC_500);
  });

  it('an AppError answers its own code as HTTP status and translated message', async () => {
    const res = await probe.inject({ method: 'GET', url: '/dev-api/test/app-error', headers: ZH });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 409, msg: '请求无效' });
  });

  it('a database failure during sign-in: 500, generic message, no internals', async () => {
    const spy = vi.spyOn(app.db, 'select').mockImplementationOnce(() => {
      throw new Error('connection terminated unexpectedly: postgres://postgres:hunter2@db');
    });
    try {
      const res = await app.inject({ method: 'POST', url: api('/login'), payload: { username: 'admin', password: 'admin123' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(GENERIC_500);
      expect(res.body).not.toMatch(/hunter2|postgres|connection/);
      expectCommonHeaders(res.headers, 'db failure');
    } finally {
      spy.mockRestore();
    }
    // The app recovers once the database answers again.
    expect((await app.inject({ method: 'POST', url: api('/login'), payload: { username: 'admin', password: 'admin123' } })).json().code).toBe(200);
  });

  it('an unknown /dev-api path is a 404 JSON envelope, whatever the method, translated', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await app.inject({ method, url: api('/definitely/not/here') });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers['content-type'], method).toMatch(/^application\/json/);
      expect(res.json(), method).toEqual({ code: 404, msg: 'The requested address does not exist' });
    }
    const wrongMethod = await app.inject({ method: 'GET', url: api('/login') });
    expect(wrongMethod.statusCode).toBe(404);
    const zh = await app.inject({ method: 'GET', url: api('/nope'), headers: ZH });
    expect(zh.json()).toEqual({ code: 404, msg: '请求的地址不存在' });
  });

  it('a route that declares no access is refused with 403 before it runs', async () => {
    const res = await probe.inject({ method: 'GET', url: '/dev-api/test/undeclared' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, msg: "Sorry，you don't have the permissions for this URL，please contact IT Services，thanks！" });
  });

  it('a field without a translated label is named as sent, never as a raw message key', async () => {
    const res = await probe.inject({ method: 'POST', url: '/dev-api/test/fields', payload: { username: 'x', zzProbeField: 'create_time; drop table' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ zzProbeField: 'zzProbeField must be at most 3 characters' });
    expect(res.body).not.toContain('field.');
  });

  it('an over-large body is refused with 413 and a translated message', async () => {
    const res = await app.inject({ method: 'POST', url: api('/login'), payload: { username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: 'The request is too large' });
  });

  it('an unsupported content type is a 4xx envelope, not a 500', async () => {
    const res = await app.inject({ method: 'POST', url: api('/login'), payload: 'username=admin', headers: { 'content-type': 'text/x-weird' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ code: res.statusCode, msg: 'The request is invalid' });
  });
});
