import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/db/seed/seedDemoData';
import { createTestApp, type TestApp } from '../helpers/testApp';

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

  it('never seeds a database that already has data', async () => {
    await app.db.execute(sql`update sys_user set nick_name = 'Changed' where user_name = 'admin'`);
    expect(await seedDemoData(app.db)).toBe(false);
    expect(await count(app, 'sys_user')).toBe(11);
    const nick = await app.db.execute(sql`select nick_name from sys_user where user_name = 'admin'`);
    expect((nick as unknown as { rows: Array<{ nick_name: string }> }).rows[0]!.nick_name).toBe('Changed');
  });
});
