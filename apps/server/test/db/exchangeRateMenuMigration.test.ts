import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMenu, sysRoleMenu } from '../../src/db/schema/menu';
import { sysRole } from '../../src/db/schema/organisation';
import { createTestApp, type TestApp } from '../helpers/testApp';

const migration = readFileSync(new URL('../../src/db/migrations/0037_exchange_rate_menu.sql', import.meta.url), 'utf8');
const statements = migration.split('--> statement-breakpoint');
const PERMS = ['system:exchangeRate:list', 'system:exchangeRate:add', 'system:exchangeRate:remove'];

/** System › Exchange rates (issue 33): seeded on a fresh install, added by migration 0037 to an older one. */
describe('migration 0037 (System › Exchange rates)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  const entries = () => app.db.select().from(sysMenu).where(inArray(sysMenu.perms, PERMS));

  it('a fresh install has the page under System from the seed, with its add and remove buttons', async () => {
    const [system] = await app.db.select().from(sysMenu).where(eq(sysMenu.routeName, 'System'));
    const rows = await entries();
    const page = rows.find((m) => m.routeName === 'ExchangeRate')!;
    expect(page).toMatchObject({ parentId: system!.menuId, component: 'system/currency/index', menuType: 'C', perms: 'system:exchangeRate:list' });
    expect(rows.filter((m) => m.parentId === page.menuId).map((m) => m.perms).sort()).toEqual(['system:exchangeRate:add', 'system:exchangeRate:remove']);
  });

  it('adds them when missing, grants them to the roles that edit settings, and does nothing the second time', async () => {
    const before = await entries();
    await app.db.delete(sysRoleMenu).where(inArray(sysRoleMenu.menuId, before.map((m) => m.menuId)));
    await app.db.delete(sysMenu).where(inArray(sysMenu.menuId, before.map((m) => m.menuId)));
    // A role that may edit the settings (where the organisation currency is chosen).
    const [role] = await app.db.insert(sysRole).values({ roleName: 'Bookkeeper', roleKey: 'bookkeeper', roleSort: 9, dataScope: '1' }).returning();
    const [configEdit] = await app.db.select().from(sysMenu).where(eq(sysMenu.perms, 'system:config:edit'));
    await app.db.insert(sysRoleMenu).values({ roleId: role!.roleId, menuId: configEdit!.menuId });

    for (const statement of statements) await app.db.execute(sql.raw(statement));
    const added = await entries();
    expect(added.map((m) => m.perms).sort()).toEqual([...PERMS].sort());
    const granted = await app.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, role!.roleId));
    expect(granted.map((g) => g.menuId).sort()).toEqual([configEdit!.menuId, ...added.map((m) => m.menuId)].sort());

    for (const statement of statements) await app.db.execute(sql.raw(statement));
    expect(await entries()).toHaveLength(3);
  });
});
