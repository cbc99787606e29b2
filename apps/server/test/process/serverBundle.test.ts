import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerBundle, freePort, serverBundle, startServer, waitUntilServing, type ServerProcess } from '../helpers/serverProcess';
import { createTestApp, type TestApp } from '../helpers/testApp';

type OpenApi = { paths: Record<string, Record<string, unknown>> };
/** Every "METHOD path" of an OpenAPI document. */
const operations = (doc: OpenApi) => Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`)).sort();

/**
 * `npm start` runs the server bundled (scripts/serverBundle.mjs): its route files are listed when
 * the bundle is made, and the files it reads (migrations, the common-password list) copied next to
 * it. A route file or a file left behind would show only here and in production.
 */
describe('the server bundle npm start runs', () => {
  let bundled: ServerProcess;
  let url: string;
  let fromSource: TestApp;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-bundle-'));

  beforeAll(async () => {
    buildServerBundle();
    const port = await freePort();
    url = `http://127.0.0.1:${port}/dev-api`;
    // A new embedded database: the copied migrations make it, the seed fills it.
    bundled = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false' }, { bundled: true });
    expect(await waitUntilServing(port, 90_000), bundled.output()).toBe(true);
    fromSource = await createTestApp();
  }, 120_000);

  afterAll(async () => {
    bundled?.child.kill('SIGTERM');
    await bundled?.exited;
    await fromSource?.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the module it started, and serves every operation the sources do', async () => {
    expect(bundled.child.spawnargs).toContain(serverBundle);
    const served = (await (await fetch(`${url}/openapi.json`)).json()) as OpenApi;
    const source = (await fromSource.inject({ method: 'GET', url: '/dev-api/openapi.json' })).json() as OpenApi;
    expect(operations(source).length).toBeGreaterThan(100);
    expect(operations(served)).toEqual(operations(source));
  });

  it('signs in on the database it migrated and seeded, and refuses a weak password with the strength estimator (a package left outside the bundle)', async () => {
    const login = await fetch(`${url}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) });
    const { code, token } = (await login.json()) as { code: number; token: string };
    expect(code).toBe(200);
    const users = (await (await fetch(`${url}/system/user/list?userName=olivia.park`, { headers: { authorization: `Bearer ${token}` } })).json()) as { rows: Array<{ userId: number }> };
    const reset = await fetch(`${url}/system/user/resetPwd`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ userId: users.rows[0]!.userId, password: 'Passw0rd!' }),
    });
    expect(reset.status).toBe(400);
    expect(((await reset.json()) as { errors: Record<string, string> }).errors).toEqual({ password: 'This password is too easy to guess: it is close to a commonly used password. Predictable substitutions such as "@" for "a" do not help.' });
  });
});
