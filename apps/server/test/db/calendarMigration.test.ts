import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMenu, sysRoleMenu } from '../../src/db/schema/menu';
import { sysRole } from '../../src/db/schema/organisation';
import { createTestApp, type TestApp } from '../helpers/testApp';

const migration = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations/0027_calendar.sql'), 'utf8');
/** The hand-written statements that add the calendar page to an install seeded before it. */
const menuStatements = migration.split('-- Hand-written')[1]!.split('--> statement-breakpoint');

describe('migration 0027 (calendar) on an install seeded before it', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  const calendarPages = () => app.db.select().from(sysMenu).where(eq(sysMenu.perms, 'crm:calendar:list'));
  const rolesSeeing = async (menuId: number) =>
    (await app.db.select({ key: sysRole.roleKey }).from(sysRoleMenu).innerJoin(sysRole, eq(sysRole.roleId, sysRoleMenu.roleId)).where(eq(sysRoleMenu.menuId, menuId)))
      .map((r) => r.key)
      .sort();

  it('a fresh install has the page from the seed, top level, for the roles that work tasks', async () => {
    const [page] = await calendarPages();
    expect(page).toMatchObject({ parentId: 0, path: 'calendar', component: 'crm/calendar/index', routeName: 'Calendar', menuType: 'C' });
    expect(await rolesSeeing(page!.menuId)).toEqual(['readonly', 'sales_manager', 'sales_rep']);
  });

  it('adds it when missing, granted to every role that lists tasks, and does nothing when it is there', async () => {
    const [seeded] = await calendarPages();
    await app.db.delete(sysRoleMenu).where(eq(sysRoleMenu.menuId, seeded!.menuId));
    await app.db.delete(sysMenu).where(eq(sysMenu.menuId, seeded!.menuId));
    for (const statement of menuStatements) await app.db.execute(sql.raw(statement));
    const [added] = await calendarPages();
    expect(added).toMatchObject({ parentId: 0, path: 'calendar', component: 'crm/calendar/index', icon: 'calendar' });
    expect(await rolesSeeing(added!.menuId)).toEqual(['readonly', 'sales_manager', 'sales_rep']);
    for (const statement of menuStatements) await app.db.execute(sql.raw(statement));
    expect(await calendarPages()).toHaveLength(1);
  });
});
