import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION, VERSION_HEADER } from '@orbit/shared/constants';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

describe('sign-in smoke', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  it('signs the demo admin in and answers getInfo with the version header', async () => {
    const token = await loginAs(app, ' admin ');
    const res = await app.inject({ method: 'GET', url: api('/getInfo'), headers: bearer(token) });
    expect(res.headers[VERSION_HEADER.toLowerCase()]).toBe(APP_VERSION);
    const body = res.json();
    expect(body.roles).toEqual(['admin']);
    expect(body.permissions).toEqual(['*:*:*']);
    expect(body.user.userName).toBe('admin');
  });
});
