import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMenu } from '../../src/db/schema/menu';
import { createTestApp, type TestApp } from '../helpers/testApp';

const migration = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations/0012_settings_notices.sql'), 'utf8');
/** The statements that add the two System pages to an install seeded before them. */
const menuStatements = migration.split('--> statement-breakpoint').filter((s) => s.includes('INSERT INTO sys_menu'));

describe('migration 0012 on an install seeded before it', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  const pages = () => app.db.select().from(sysMenu).where(inArray(sysMenu.routeName, ['Config', 'Notice']));

  it('a fresh install has the pages from the seed, under System, with their buttons', async () => {
    const [system] = await app.db.select().from(sysMenu).where(eq(sysMenu.routeName, 'System'));
    const seeded = await pages();
    expect(seeded.map((m) => [m.routeName, m.parentId, m.component])).toEqual(
      expect.arrayContaining([
        ['Config', system!.menuId, 'system/config/index'],
        ['Notice', system!.menuId, 'system/notice/index'],
      ]),
    );
  });

  it('adds them (and their buttons) when missing, and does nothing when they are there', async () => {
    const before = await pages();
    await app.db.delete(sysMenu).where(inArray(sysMenu.parentId, before.map((m) => m.menuId)));
    await app.db.delete(sysMenu).where(inArray(sysMenu.menuId, before.map((m) => m.menuId)));
    expect(menuStatements).toHaveLength(2);
    for (const statement of menuStatements) await app.db.execute(sql.raw(statement));
    const added = await pages();
    expect(added.map((m) => m.perms).sort()).toEqual(['system:config:list', 'system:notice:list']);
    const buttons = await app.db.select().from(sysMenu).where(inArray(sysMenu.parentId, added.map((m) => m.menuId)));
    expect(buttons.map((b) => b.perms).sort()).toEqual([
      'system:config:add', 'system:config:edit', 'system:config:export', 'system:config:query', 'system:config:remove',
      'system:notice:add', 'system:notice:edit', 'system:notice:query', 'system:notice:remove',
    ]);
    for (const statement of menuStatements) await app.db.execute(sql.raw(statement));
    expect(await pages()).toHaveLength(2);
  });
});
