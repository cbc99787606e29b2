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
const UNAVAILABLE = { code: 503, msg: 'The database cannot be reached at the moment, please try again shortly' };

/** What node-postgres (and drizzle around it) throws when the database cannot be reached. */
const serverError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const DATABASE_DOWN = [
  { what: '57P01 terminated by an administrator', error: () => serverError('57P01', 'terminating connection due to administrator command') },
  { what: '57P02 crash shutdown', error: () => serverError('57P02', 'terminating connection because of crash of another server process') },
  { what: '57P03 starting up', error: () => serverError('57P03', 'the database system is starting up') },
  { what: '08006 connection failure', error: () => serverError('08006', 'connection failure') },
  { what: 'ECONNREFUSED', error: () => Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), { code: 'ECONNREFUSED' }) },
  { what: 'ECONNRESET', error: () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) },
  { what: 'connection ended', error: () => new Error('Connection terminated unexpectedly') },
  { what: 'pool connect time-out', error: () => new Error('timeout exceeded when trying to connect') },
  {
    what: 'wrapped by drizzle',
    error: () => new Error('Failed query: select "user_id" from "sys_user" where "password" = $1', { cause: serverError('57P01', 'terminating connection') }),
  },
];

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
    routes.get('/dev-api/test/database-down/:index', { config: { access: 'public' } }, async (request) => {
      throw DATABASE_DOWN[Number((request.params as { index: string }).index)]!.error();
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

  it.each(DATABASE_DOWN.map((c, index) => ({ ...c, index })))('a database that cannot be reached ($what): 503, translated, no internals', async ({ index }) => {
    const res = await probe.inject({ method: 'GET', url: `/dev-api/test/database-down/${index}` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    expectCommonHeaders(res.headers, 'database down');
    const zh = await probe.inject({ method: 'GET', url: `/dev-api/test/database-down/${index}`, headers: ZH });
    expect(zh.json()).toEqual({ code: 503, msg: '暂时无法连接数据库，请稍后再试' });
    expect(res.body + zh.body).not.toMatch(/terminat|ECONN|5432|sys_user|timeout|Failed query/);
  });

  it('a database failure during sign-in: 500, generic message, no internals', async () => {
    // Every select fails while the request runs (not only the first: the server's own background
    // work — jobs, automation, housekeeping — may take that one in between).
    const spy = vi.spyOn(app.db, 'select').mockImplementation(() => {
      throw Object.assign(new Error('relation "sys_user" does not exist: postgres://postgres:hunter2@db'), { code: '42P01' });
    });
    try {
      const res = await app.inject({ method: 'POST', url: api('/login'), payload: { username: 'admin', password: 'admin123' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(GENERIC_500);
      expect(res.body).not.toMatch(/hunter2|postgres|relation/);
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
