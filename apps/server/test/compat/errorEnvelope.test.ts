import { desc, eq } from 'drizzle-orm';
import type { Response as LightResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { sysOperLog } from '../../src/db/schema/logs';
import { errorHttpStatus, envelopeCode } from '../../src/lib/errorStatus';
import { AppError } from '../../src/lib/errors';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

/**
 * API_ERROR_STATUS=envelope: every business refusal answers HTTP 200 with exactly the body the
 * default mode sends with its real status; server faults keep their 5xx. Both apps run the same
 * calls, so the bodies are compared one to one.
 */
describe('API_ERROR_STATUS: http (default) and envelope', () => {
  let http: TestApp;
  let envelope: TestApp;
  let faults: Awaited<ReturnType<typeof buildApp>>;
  const tokens: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    http = await createTestApp();
    envelope = await createTestApp({ API_ERROR_STATUS: 'envelope' });
    for (const [name, app] of [['http', http], ['envelope', envelope]] as const) {
      tokens[name] = { admin: await loginAs(app, 'admin'), reader: await loginAs(app, 'sophia.reed') };
    }
    faults = await buildApp({ config: envelope.config, db: envelope.db, logger: false, mailer: { send: async () => {} } });
    faults.get('/dev-api/test/throw', { config: { access: 'public' } }, async () => {
      throw new Error('boom');
    });
    faults.get('/dev-api/test/unavailable', { config: { access: 'public' } }, async () => {
      throw Object.assign(new Error('terminating connection'), { code: '57P01' });
    });
    faults.get('/dev-api/test/conflict', { config: { access: 'public' } }, async () => {
      throw new AppError(409, 'common.badRequest');
    });
    await faults.ready();
  });
  afterAll(async () => {
    await faults.close();
    await envelope.teardown();
    await http.teardown();
  });

  const refusals: Array<{ what: string; code: number; call: (app: TestApp, token: Record<string, string>) => Promise<LightResponse> }> = [
    { what: 'no token', code: 401, call: (app) => app.inject({ method: 'GET', url: api('/getInfo') }) },
    { what: 'unknown token', code: 401, call: (app) => app.inject({ method: 'GET', url: api('/system/user/list'), headers: bearer('nope') }) },
    { what: 'missing permission', code: 403, call: (app, t) => app.inject({ method: 'GET', url: api('/system/user/list'), headers: bearer(t.reader!) }) },
    { what: 'validation', code: 400, call: (app, t) => app.inject({ method: 'POST', url: api('/system/user'), headers: bearer(t.admin!), payload: { userName: '' } }) },
    { what: 'missing record', code: 404, call: (app, t) => app.inject({ method: 'GET', url: api('/system/user/999999'), headers: bearer(t.admin!) }) },
    { what: 'unknown route', code: 404, call: (app) => app.inject({ method: 'GET', url: api('/no/such/route') }) },
    { what: 'wrong password', code: 400, call: (app) => app.inject({ method: 'POST', url: api('/login'), payload: { username: 'admin', password: 'wrong-password' } }) },
    { what: 'body too large', code: 413, call: (app) => app.inject({ method: 'POST', url: api('/login'), payload: { username: 'x', password: 'x'.repeat(2 * 1024 * 1024) } }) },
    {
      what: 'unsupported content type',
      code: 415,
      call: (app) => app.inject({ method: 'POST', url: api('/login'), payload: 'x', headers: { 'content-type': 'text/x-weird' } }),
    },
  ];

  it.each(refusals)('$what: HTTP $code by default, HTTP 200 in envelope mode, the same body', async ({ code, call }) => {
    const strict = await call(http, tokens.http!);
    const lenient = await call(envelope, tokens.envelope!);
    expect(strict.statusCode).toBe(code);
    expect(strict.json().code).toBe(code);
    expect(lenient.statusCode).toBe(200);
    expect(lenient.headers['content-type']).toMatch(/^application\/json/);
    expect(lenient.json()).toEqual(strict.json());
  });

  it('field errors travel the same way: `errors` per field in the 200 answer', async () => {
    const res = await envelope.inject({ method: 'POST', url: api('/system/user'), headers: bearer(tokens.envelope!.admin!), payload: { userName: '', nickName: 'x' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 400, errors: { userName: 'User name is required' } });
  });

  it('a sign-in locked after too many tries is a code 429 in a 200', async () => {
    let last;
    for (let i = 0; i < 7; i++) {
      last = await envelope.inject({ method: 'POST', url: api('/login'), payload: { username: 'mia.chen', password: `wrong-${i}` }, remoteAddress: '10.9.9.9' });
    }
    expect(last!.statusCode).toBe(200);
    expect(last!.json().code).toBe(429);
  });

  it('a 409 AppError is a 200 too; server faults keep 500 and 503', async () => {
    const conflict = await faults.inject({ method: 'GET', url: '/dev-api/test/conflict' });
    expect([conflict.statusCode, conflict.json().code]).toEqual([200, 409]);
    const boom = await faults.inject({ method: 'GET', url: '/dev-api/test/throw' });
    expect([boom.statusCode, boom.json().code]).toEqual([500, 500]);
    const down = await faults.inject({ method: 'GET', url: '/dev-api/test/unavailable' });
    expect([down.statusCode, down.json().code]).toEqual([503, 503]);
  });

  it('the operation log still records a refused write as failed, with its message', async () => {
    const res = await envelope.inject({ method: 'DELETE', url: api('/system/user/1'), headers: bearer(tokens.envelope!.admin!) });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(400);
    const [row] = await envelope.db.select().from(sysOperLog).where(eq(sysOperLog.requestMethod, 'DELETE')).orderBy(desc(sysOperLog.operId)).limit(1);
    expect(row).toMatchObject({ status: 1, errorMsg: 'You cannot delete your own account', jsonResult: '' });
  });

  it('errorHttpStatus and envelopeCode', () => {
    expect([errorHttpStatus('http', 401), errorHttpStatus('envelope', 401), errorHttpStatus('envelope', 499), errorHttpStatus('envelope', 500)]).toEqual([401, 200, 200, 500]);
    expect(envelopeCode('{"code":403,"msg":"x"}')).toBe(403);
    expect(envelopeCode('{"msg":"x","code":404}')).toBe(404);
    expect([envelopeCode('<html>'), envelopeCode('{oops'), envelopeCode(undefined), envelopeCode('{"code":"x"}')]).toEqual([undefined, undefined, undefined, undefined]);
  });
});
