import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../../src/db/client';
import { createPasswordGuard } from '../../src/modules/auth/passwordGuard';
import { findUserByName } from '../../src/modules/auth/user.lookup';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { clearThrottle, failuresFrom } from './authTestUtils';

const CLIENT = { ipaddr: '198.51.100.7', browser: 'Chrome 120', os: 'Linux' };

/** The test database, but its next `failing` updates fail as a connection closed by the server would. */
function flakyUpdates(db: Executor, failing: number): Executor {
  let left = failing;
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'update' && left > 0) {
        left--;
        return () => {
          throw new Error('Connection terminated unexpectedly');
        };
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

describe('sign-in attempts through a moment of database outage', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());
  beforeEach(() => clearThrottle(app));

  it('a right password whose give-back meets a lost connection is still not counted (the give-back is retried)', async () => {
    const user = await findUserByName(app.db, 'grace.hall');
    for (let i = 0; i < 6; i++) {
      expect(await createPasswordGuard(flakyUpdates(app.db, 1)).check('grace.hall', user, 'admin123', CLIENT)).toBe('right');
    }
    expect(await failuresFrom(app, 'grace.hall', CLIENT.ipaddr)).toBe(0);
  });

  it('when the database stays away the sign-in fails with the outage, and a wrong password still counts', async () => {
    const user = await findUserByName(app.db, 'grace.hall');
    await expect(createPasswordGuard(flakyUpdates(app.db, 10)).check('grace.hall', user, 'admin123', CLIENT)).rejects.toThrow('Connection terminated');
    await clearThrottle(app);
    expect(await createPasswordGuard(flakyUpdates(app.db, 10)).check('grace.hall', user, 'wrong-password', CLIENT)).toBe('wrong');
    expect(await failuresFrom(app, 'grace.hall', CLIENT.ipaddr)).toBe(1);
  });
});
