import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '@orbit/shared/permissions';
import { sysMenu, sysRoleMenu } from '../../src/db/schema/menu';
import { sysRole } from '../../src/db/schema/organisation';
import { createTestApp, type TestApp } from '../helpers/testApp';

const migration = readFileSync(new URL('../../src/db/migrations/0045_assignment_rules.sql', import.meta.url), 'utf8');
// Only the hand-written menu statements: the table exists already.
const statements = migration.slice(migration.indexOf('-- Hand-written')).split('--> statement-breakpoint');
const PERMS = Object.values(P.assignment);

/**
 * Buttons for lead assignment rules (beside the workflow-rule buttons, under Set-up › Leads › Page
 * layout, the page with the Assignment tab): seeded on a fresh install, added by migration 0045 to an
 * older one and granted to the roles that keep workflow rules.
 */
describe('migration 0045 (assignment rule buttons)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  const entries = () => app.db.select().from(sysMenu).where(inArray(sysMenu.perms, PERMS));
  const leadsFields = async () => (await app.db.select().from(sysMenu).where(eq(sysMenu.routeName, 'LeadsFields')))[0]!;

  it('a fresh install has them from the seed, as buttons of the Leads set-up page', async () => {
    const rows = await entries();
    expect(rows.map((m) => m.perms).sort()).toEqual([...PERMS].sort());
    expect(rows.every((m) => m.menuType === 'F' && m.parentId === rows[0]!.parentId)).toBe(true);
    expect(rows[0]!.parentId).toBe((await leadsFields()).menuId);
  });

  it('adds them when missing, grants them to the roles that edit workflow rules, and does nothing the second time', async () => {
    const before = await entries();
    await app.db.delete(sysRoleMenu).where(inArray(sysRoleMenu.menuId, before.map((m) => m.menuId)));
    await app.db.delete(sysMenu).where(inArray(sysMenu.menuId, before.map((m) => m.menuId)));
    const role = async (key: string, perms: string) => {
      const [made] = await app.db.insert(sysRole).values({ roleName: key, roleKey: key, roleSort: 9, dataScope: '1' }).returning();
      const [held] = await app.db.select().from(sysMenu).where(eq(sysMenu.perms, perms));
      await app.db.insert(sysRoleMenu).values({ roleId: made!.roleId, menuId: held!.menuId });
      return made!.roleId;
    };
    const automator = await role('automator', P.automation.edit);
    const looker = await role('rule_looker', P.automation.list);
    for (const statement of statements) await app.db.execute(sql.raw(statement));
    const added = await entries();
    expect(added.map((m) => m.perms).sort()).toEqual([...PERMS].sort());
    expect(added.every((m) => m.parentId === added[0]!.parentId)).toBe(true);
    expect(added[0]!.parentId).toBe((await leadsFields()).menuId);
    const grantsOf = async (roleId: number) =>
      (await app.db.select({ perms: sysMenu.perms }).from(sysRoleMenu).innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId)).where(eq(sysRoleMenu.roleId, roleId)))
        .map((g) => g.perms)
        .sort();
    expect(await grantsOf(automator)).toEqual([P.automation.edit, ...PERMS].sort());
    expect(await grantsOf(looker)).toEqual([P.automation.list]);
    for (const statement of statements) await app.db.execute(sql.raw(statement));
    expect(await entries()).toHaveLength(PERMS.length);
    expect(await grantsOf(automator)).toHaveLength(1 + PERMS.length);
  });
});
