import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMenu, sysRoleMenu } from '../../src/db/schema/menu';
import { sysRole } from '../../src/db/schema/organisation';
import { createTestApp, type TestApp } from '../helpers/testApp';

const migration = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations/0042_email_in.sql'), 'utf8');
/** The hand-written statements that add the Inbox page to an install seeded before it. */
const menuStatements = migration.split('-- Hand-written')[1]!.split('--> statement-breakpoint');

describe('migration 0042 (email_in) on an install seeded before it', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  const inboxPages = () => app.db.select().from(sysMenu).where(eq(sysMenu.routeName, 'Inbox'));
  const rolesSeeing = async (menuId: number) =>
    (await app.db.select({ key: sysRole.roleKey }).from(sysRoleMenu).innerJoin(sysRole, eq(sysRole.roleId, sysRoleMenu.roleId)).where(eq(sysRoleMenu.menuId, menuId)))
      .map((r) => r.key)
      .sort();

  it('a fresh install has the Inbox from the seed, top level, for the roles that log activities', async () => {
    const [page] = await inboxPages();
    expect(page).toMatchObject({ parentId: 0, path: 'inbox', component: 'crm/inbox/index', perms: 'crm:activity:add', menuType: 'C' });
    expect(await rolesSeeing(page!.menuId)).toEqual(['marketing', 'sales_manager', 'sales_rep']);
  });

  it('adds it when missing, as the seed has it, and does nothing when it is there', async () => {
    const [seeded] = await inboxPages();
    await app.db.delete(sysRoleMenu).where(eq(sysRoleMenu.menuId, seeded!.menuId));
    await app.db.delete(sysMenu).where(eq(sysMenu.menuId, seeded!.menuId));
    for (const statement of menuStatements) await app.db.execute(sql.raw(statement));
    const [added] = await inboxPages();
    expect(added).toMatchObject({ parentId: 0, path: 'inbox', component: 'crm/inbox/index', perms: 'crm:activity:add', icon: 'email' });
    expect(await rolesSeeing(added!.menuId)).toEqual(['marketing', 'sales_manager', 'sales_rep']);
    for (const statement of menuStatements) await app.db.execute(sql.raw(statement));
    expect(await inboxPages()).toHaveLength(1);
  });
});
