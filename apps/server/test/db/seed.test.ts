import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, roles, users } from '../../src/db/seed/organisation';
import { seedDemoData } from '../../src/db/seed/seedDemoData';
import { post } from '../auth/authTestUtils';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

const count = async (app: TestApp, table: string) => {
  const result = await app.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
};

describe('demo data seed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  it('seeds the organisation: five departments under head office, five roles, eleven users', async () => {
    expect(await count(app, 'sys_dept')).toBe(6);
    expect(await count(app, 'sys_role')).toBe(5);
    expect(await count(app, 'sys_user')).toBe(11);
    const admin = await app.db.execute(sql`select user_id, email from sys_user where user_name = 'admin'`);
    const row = (admin as unknown as { rows: Array<{ user_id: number | string; email: string }> }).rows[0]!;
    // bigint comes back as a string from node-postgres and as a number from PGlite.
    expect({ userId: Number(row.user_id), email: row.email }).toEqual({ userId: 1, email: 'admin@example.com' });
  });

  it('every demo user signs in with the demo password, holds their role and need not change the password', async () => {
    expect(DEMO_PASSWORD).toBe('admin123');
    for (const user of users) {
      const login = await post(app, '/login', { username: user.userName, password: DEMO_PASSWORD });
      expect(login.body.code, user.userName).toBe(200);
      const info = (await app.inject({ method: 'GET', url: '/dev-api/getInfo', headers: bearer(login.body.token as string) })).json();
      expect(info.roles, user.userName).toEqual([user.role]);
      expect(info.isDefaultModifyPwd, user.userName).toBe(false);
      expect(info.isPasswordExpired, user.userName).toBe(false);
    }
  });

  it('gives the seeded roles the data scopes the README promises', async () => {
    const rows = (await app.db.execute(sql`select role_key, data_scope from sys_role order by role_sort`)) as unknown as { rows: Array<{ role_key: string; data_scope: string }> };
    expect(Object.fromEntries(rows.rows.map((r) => [r.role_key, r.data_scope]))).toEqual({ admin: '1', sales_manager: '4', sales_rep: '5', marketing: '3', readonly: '1' });
    expect(roles.map((r) => r.key)).toEqual(['admin', 'sales_manager', 'sales_rep', 'marketing', 'readonly']);
  });

  it('never seeds a database that already has data', async () => {
    await app.db.execute(sql`update sys_user set nick_name = 'Changed' where user_name = 'admin'`);
    expect(await seedDemoData(app.db)).toBe(false);
    expect(await count(app, 'sys_user')).toBe(11);
    const nick = await app.db.execute(sql`select nick_name from sys_user where user_name = 'admin'`);
    expect((nick as unknown as { rows: Array<{ nick_name: string }> }).rows[0]!.nick_name).toBe('Changed');
  });
});
