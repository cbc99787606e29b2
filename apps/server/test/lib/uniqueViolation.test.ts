import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysRole, sysUser } from '../../src/db/schema/organisation';
import { AppError } from '../../src/lib/errors';
import { uniqueViolationError } from '../../src/lib/uniqueViolation';
import { caller, type Answer } from '../helpers/adminApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

/** The error the database itself raises (as drizzle passes it on) for a row that breaks a unique index. */
async function violation(insert: () => Promise<unknown>): Promise<unknown> {
  try {
    await insert();
  } catch (error) {
    return error;
  }
  throw new Error('the insert was accepted');
}

describe('saves that lose a race to a unique index', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  it('turn the database refusal into the field error the service check gives', async () => {
    const error = await violation(() => app.db.insert(sysRole).values({ roleName: 'Copy', roleKey: 'sales_rep', roleSort: 9, dataScope: '5' }));
    const mapped = uniqueViolationError(error, { roleKey: 'sales_rep' });
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped).toMatchObject({ code: 400, key: 'role.keyTaken', params: { value: 'sales_rep' }, errors: { roleKey: 'role.keyTaken' } });

    // User names are unique whatever their case.
    const userError = await violation(() => app.db.insert(sysUser).values({ userName: 'ADMIN', nickName: 'Copy', password: 'x' }));
    expect(uniqueViolationError(userError, { userName: 'ADMIN' })).toMatchObject({ errors: { userName: 'user.nameTaken' } });
  });

  it('leave other failures alone', async () => {
    expect(uniqueViolationError(new Error('boom'), {})).toBeUndefined();
    expect(uniqueViolationError({ code: '23505', constraint: 'sys_session_token_uq' }, {})).toBeUndefined();
    expect(uniqueViolationError(undefined, {})).toBeUndefined();
  });

  it('answer simultaneous creations of one user name with one success and field errors, never a 500', async () => {
    const admin = caller(app, await loginAs(app, 'admin'));
    const create = (i: number): Promise<Answer> =>
      admin('POST', '/system/user', { userName: 'twin.user', nickName: `Twin ${i}`, password: 'Twin-Lantern-12345', roleIds: [] });
    const answers = await Promise.all([1, 2, 3, 4].map(create));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(refused.body.errors).toEqual({ userName: "The user name 'twin.user' is already in use" });
    }
  });
});
