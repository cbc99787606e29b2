import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Db } from '../../src/db/client';
import { initialPasswordFile, seedOnFirstStart } from '../../src/db/seed/firstStart';
import { passwordPolicyProblem } from '../../src/modules/auth/passwordPolicy';
import { demoRoleUsers } from '../../src/db/seed/demoMenu';
import { DEMO_PASSWORD, roles, users } from '../../src/db/seed/organisation';
import { seedDemoData } from '../../src/db/seed/seedDatabase';
import { post } from '../auth/authTestUtils';
import { bearer, createPostgresDatabase, createTestApp, testDatabaseKind, type TestApp } from '../helpers/testApp';
import { prepareDatabase } from '../../src/db/prepare';

const countIn = async (db: Db, table: string) => {
  const result = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
};
const count = (app: TestApp, table: string) => countIn(app.db, table);

describe('demo data seed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  it('seeds the organisation: five departments under head office, five roles and the two template demo roles, thirteen users', async () => {
    expect(await count(app, 'sys_dept')).toBe(6);
    expect(await count(app, 'sys_role')).toBe(7);
    expect(await count(app, 'sys_user')).toBe(13);
    const admin = await app.db.execute(sql`select user_id, email from sys_user where user_name = 'admin'`);
    const row = (admin as unknown as { rows: Array<{ user_id: number | string; email: string }> }).rows[0]!;
    // bigint comes back as a string from node-postgres and as a number from PGlite.
    expect({ userId: Number(row.user_id), email: row.email }).toEqual({ userId: 1, email: 'admin@example.com' });
  });

  it('every demo user signs in with the demo password, holds their role and need not change the password', async () => {
    expect(DEMO_PASSWORD).toBe('admin123');
    for (const user of [...users, ...demoRoleUsers]) {
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
    expect(Object.fromEntries(rows.rows.map((r) => [r.role_key, r.data_scope]))).toEqual({ admin: '1', sales_manager: '4', sales_rep: '5', marketing: '3', readonly: '1', editor: '5', visitor: '5' });
    expect(roles.map((r) => r.key)).toEqual(['admin', 'sales_manager', 'sales_rep', 'marketing', 'readonly']);
  });

  it('never seeds a database that already has data', async () => {
    await app.db.execute(sql`update sys_user set nick_name = 'Changed' where user_name = 'admin'`);
    expect(await seedDemoData(app.db)).toBe(false);
    expect(await count(app, 'sys_user')).toBe(13);
    const nick = await app.db.execute(sql`select nick_name from sys_user where user_name = 'admin'`);
    expect((nick as unknown as { rows: Array<{ nick_name: string }> }).rows[0]!.nick_name).toBe('Changed');
  });
});

describe('first start', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'orbit-seed-'));
    dirs.push(dir);
    return dir;
  };

  // A whole first start on a new embedded database (every migration, then the seed) runs inside
  // this test, so it gets the set-up's time rather than a single test's.
  it('without demo data: menu, roles and dictionaries, and only the administrator, whose generated password must be changed', { timeout: 120_000 }, async () => {
    const database = openDatabase({ pgliteDir: 'memory' });
    const dir = dataDir();
    try {
      await prepareDatabase(database);
      expect(await seedOnFirstStart(database.db, { seedDemoData: false, dataDir: dir })).toContain(initialPasswordFile(dir));
      const file = initialPasswordFile(dir);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = readFileSync(file, 'utf8').trim();
      expect(password).toMatch(/^[\w-]{16}$/);
      expect(password).not.toBe(DEMO_PASSWORD);
      expect(await passwordPolicyProblem(password, { userName: 'admin' })).toBeUndefined();

      const app = await buildApp({ config: loadConfig({ DATA_DIR: dir, CAPTCHA_ENABLED: 'false', LOG_LEVEL: 'silent' }), db: database.db, logger: false, mailer: { send: async () => {} } });
      try {
        const tables = { sys_user: 1, sys_dept: 1, sys_role: roles.length };
        for (const [table, n] of Object.entries(tables)) expect(await countIn(database.db, table), table).toBe(n);
        expect(await countIn(database.db, 'sys_menu')).toBeGreaterThan(50);
        expect(await countIn(database.db, 'sys_dict_type')).toBeGreaterThan(10);
        expect((await post(app as never, '/login', { username: 'admin', password: DEMO_PASSWORD })).body.code).not.toBe(200);
        const login = await post(app as never, '/login', { username: 'admin', password });
        expect(login.body.code).toBe(200);
        const info = (await app.inject({ method: 'GET', url: '/dev-api/getInfo', headers: bearer(login.body.token as string) })).json();
        expect(info).toMatchObject({ isAdmin: true, isDefaultModifyPwd: true, roles: ['admin'] });
      } finally {
        await app.close();
      }
      // A second start finds the data and leaves the file and the password alone.
      expect(await seedOnFirstStart(database.db, { seedDemoData: false, dataDir: dir })).toBeUndefined();
      expect(readFileSync(file, 'utf8').trim()).toBe(password);
    } finally {
      await database.close();
    }
  });

  it.runIf(testDatabaseKind === 'postgres')('processes starting together on one PostgreSQL migrate and seed once, in turn', async () => {
    const target = await createPostgresDatabase();
    const processes = [1, 2, 3].map(() => openDatabase({ databaseUrl: target.url }));
    try {
      const seeded = await Promise.all(
        processes.map((p) =>
          p.exclusive(async () => {
            await prepareDatabase(p);
            return seedOnFirstStart(p.db, { seedDemoData: true, dataDir: dataDir() });
          }),
        ),
      );
      expect(seeded.filter(Boolean)).toHaveLength(1);
      expect(await countIn(processes[0]!.db, 'sys_user')).toBe(users.length + demoRoleUsers.length);
    } finally {
      for (const p of processes) await p.close();
      await target.drop();
    }
  });
});
