import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';

const migration = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations/0032_template_demo_folder.sql'), 'utf8');
const statements = migration.split('-- Hand-written')[1]!.split('--> statement-breakpoint');

describe('the template demo folder: seeded, and migration 0032 on an install seeded before it', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  const rows = async <T>(q: ReturnType<typeof sql>) => ((await app.db.execute(q)) as unknown as { rows: T[] }).rows;
  const folderId = async () => (await rows<{ menu_id: number }>(sql`select menu_id from sys_menu where route_name = 'TemplateDemo'`)).map((r) => Number(r.menu_id));
  const topLevel = async () => (await rows<{ route_name: string }>(sql`select route_name from sys_menu where parent_id = 0 and menu_type in ('M', 'C') order by order_num, menu_id`)).map((r) => r.route_name);
  const underFolder = async () =>
    (await rows<{ route_name: string }>(sql`select m.route_name from sys_menu m join sys_menu f on f.menu_id = m.parent_id and f.route_name = 'TemplateDemo' order by m.order_num, m.menu_id`)).map((r) => r.route_name);
  const editorHasFolder = async () =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from sys_role_menu rm join sys_role r on r.role_id = rm.role_id and r.role_key = 'editor' join sys_menu m on m.menu_id = rm.menu_id and m.route_name = 'TemplateDemo'`))[0]!.n;

  it('a seeded install has the demo pages in one folder after the product menu, granted to the editor', async () => {
    expect((await topLevel()).at(-1)).toBe('TemplateDemo');
    expect(await topLevel()).not.toContain('Icons');
    expect(await underFolder()).toEqual(['Permission', 'Icons', 'ComponentDemo', 'Charts', 'Nested', 'Example', 'Tab', 'ErrorPages', 'ErrorLog', 'Excel', 'ExportZip', 'PDF', 'PDFDown', 'Theme', 'ClipboardDemo', 'I18n', 'ExternalLink']);
    expect(await editorHasFolder()).toBe(1);
  });

  it('moves an older install’s demo entries under a new folder, grants it with them, and runs twice harmlessly', async () => {
    // As an install seeded before: the demo entries at the top after the product menu, no folder.
    const [id] = await folderId();
    await app.db.execute(sql`update sys_menu set parent_id = 0, order_num = order_num + 100 where parent_id = ${id}`);
    await app.db.execute(sql`delete from sys_role_menu where menu_id = ${id}`);
    await app.db.execute(sql`delete from sys_menu where menu_id = ${id}`);
    expect(await topLevel()).toContain('Icons');

    for (const statement of statements) await app.db.execute(sql.raw(statement));
    const before = await underFolder();
    expect(before).toEqual(['Permission', 'Icons', 'ComponentDemo', 'Charts', 'Nested', 'Example', 'Tab', 'ErrorPages', 'ErrorLog', 'Excel', 'ExportZip', 'PDF', 'PDFDown', 'Theme', 'ClipboardDemo', 'I18n', 'ExternalLink']);
    expect(await topLevel()).not.toContain('Icons');
    expect((await topLevel()).at(-1)).toBe('TemplateDemo');
    expect(await editorHasFolder()).toBe(1);

    for (const statement of statements) await app.db.execute(sql.raw(statement));
    expect(await folderId()).toHaveLength(1);
    expect(await underFolder()).toEqual(before);
  });
});
