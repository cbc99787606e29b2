import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@orbit/shared/permissions';
import { sysMenu, sysRoleMenu } from '../../src/db/schema/menu';
import { sysRole } from '../../src/db/schema/organisation';
import { createTestApp, type TestApp } from '../helpers/testApp';

const migration = readFileSync(new URL('../../src/db/migrations/0041_automation_menu.sql', import.meta.url), 'utf8');
const statements = migration.split('--> statement-breakpoint');
const AUTOMATION = Object.values(P.automation);
const API_KEYS = Object.values(P.apiKey);
const PERMS = [...AUTOMATION, ...API_KEYS];

/**
 * Buttons for workflow rules (under Set-up › Leads › Page layout, the page with the Automation tab) and
 * for everyone's API keys (under System › Users): seeded on a fresh install, added by migration 0041 to
 * an older one, so a role editor can grant them.
 */
describe('migration 0041 (workflow rule and API key buttons)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  const entries = () => app.db.select().from(sysMenu).where(inArray(sysMenu.perms, PERMS));
  const pageOf = async (routeName: string) => (await app.db.select().from(sysMenu).where(eq(sysMenu.routeName, routeName)))[0]!;

  it('a fresh install has them from the seed, as buttons under the pages that show them', async () => {
    const [leadsFields, users] = [await pageOf('LeadsFields'), await pageOf('User')];
    const rows = await entries();
    expect(rows.every((m) => m.menuType === 'F')).toBe(true);
    expect(rows.filter((m) => m.parentId === leadsFields.menuId).map((m) => m.perms).sort()).toEqual([...AUTOMATION].sort());
    expect(rows.filter((m) => m.parentId === users.menuId).map((m) => m.perms).sort()).toEqual([...API_KEYS].sort());
  });

  it('adds them when missing, grants them to the roles that edit set-up or users, and does nothing the second time', async () => {
    const before = await entries();
    await app.db.delete(sysRoleMenu).where(inArray(sysRoleMenu.menuId, before.map((m) => m.menuId)));
    await app.db.delete(sysMenu).where(inArray(sysMenu.menuId, before.map((m) => m.menuId)));
    const role = async (key: string, perms: string) => {
      const [made] = await app.db.insert(sysRole).values({ roleName: key, roleKey: key, roleSort: 9, dataScope: '1' }).returning();
      const [held] = await app.db.select().from(sysMenu).where(eq(sysMenu.perms, perms));
      await app.db.insert(sysRoleMenu).values({ roleId: made!.roleId, menuId: held!.menuId });
      return { roleId: made!.roleId, held: held!.menuId };
    };
    const designer = await role('designer', P.setupFields.edit);
    const looker = await role('layout_looker', P.setupFields.list);
    const people = await role('people_admin', P.user.edit);
    const directory = await role('directory', P.user.list);

    for (const statement of statements) await app.db.execute(sql.raw(statement));
    const added = await entries();
    expect(added.map((m) => m.perms).sort()).toEqual([...PERMS].sort());
    expect(added.find((m) => m.perms === P.automation.list)!.parentId).toBe((await pageOf('LeadsFields')).menuId);
    expect(added.find((m) => m.perms === P.apiKey.remove)!.parentId).toBe((await pageOf('User')).menuId);

    const grantsOf = async (roleId: number) =>
      (await app.db.select({ perms: sysMenu.perms }).from(sysRoleMenu).innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId)).where(eq(sysRoleMenu.roleId, roleId)))
        .map((g) => g.perms)
        .sort();
    expect(await grantsOf(designer.roleId)).toEqual([P.setupFields.edit, ...AUTOMATION].sort());
    expect(await grantsOf(looker.roleId)).toEqual([P.setupFields.list]);
    expect(await grantsOf(people.roleId)).toEqual([P.user.edit, ...API_KEYS].sort());
    expect(await grantsOf(directory.roleId)).toEqual([P.user.list]);

    for (const statement of statements) await app.db.execute(sql.raw(statement));
    expect(await entries()).toHaveLength(PERMS.length);
    expect(await grantsOf(designer.roleId)).toHaveLength(1 + AUTOMATION.length);
  });
});
