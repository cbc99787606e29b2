import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

describe('POST /unlockscreen (lock screen)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  const unlock = (token: string | undefined, payload: unknown) =>
    app.inject({ method: 'POST', url: api('/unlockscreen'), headers: token ? bearer(token) : {}, payload: payload as object });

  it('the session’s own password unlocks; a wrong one is a field error; the password never reaches the log', async () => {
    const token = await loginAs(app, 'olivia.park');
    expect((await unlock(token, { password: 'admin123' })).json()).toMatchObject({ code: 200 });
    const wrong = await unlock(token, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 400, msg: 'The password is wrong, please try again', errors: { password: 'The password is wrong, please try again' } });
    expect((await unlock(token, { password: 'wrong' })).json().code).toBe(400);
    expect((await unlock(token, {})).json().errors).toEqual({ password: 'Password is required' });
    const admin = await loginAs(app, 'admin');
    const log = await app.inject({ method: 'GET', url: api('/monitor/operlog/list?title=Lock screen'), headers: bearer(admin) });
    expect(log.json().rows.length).toBeGreaterThan(0);
    expect(log.body).not.toContain('not-my-password');
  });

  it('needs a session', async () => {
    expect((await unlock(undefined, { password: 'admin123' })).statusCode).toBe(401);
  });

  it('guessing at a locked screen ends the session once the lock-out is reached', async () => {
    const token = await loginAs(app, 'grace.hall');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await unlock(token, { password: `guess-${i}` })).json().code);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await app.inject({ method: 'GET', url: api('/getInfo'), headers: bearer(token) })).statusCode).toBe(401);
  });
});
