import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { reconcileModuleMenus } from '../../src/db/seed/moduleMenus';
import { caller } from '../helpers/adminApi';
import { createTestApp, loginAs, orbitWeb, type TestApp } from '../helpers/testApp';

type Menu = { id: number; parent: number; name: string; path: string; component: string | null; type: string; perms: string | null; visible: string };

/**
 * An install seeded before contacts existed: no Contact menu, no Set-up › Contact entry. The start-up
 * step adds them as a fresh install has them and grants them by the rule of docs/decisions.md
 * (a role gets contact:X where it holds account:X); a second start changes nothing.
 */
describe('a business module added to an existing install (prepareDatabase)', () => {
  let app: TestApp;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** The Contact menu and the Set-up › Contact entry, with everything under them, as a tree of names (ids left out). */
  const contactMenus = async () => {
    const all = (
      await rows<Menu>(sql`select menu_id as id, parent_id as parent, menu_name as name, path, component, menu_type as type, perms, visible from sys_menu order by order_num, menu_id`)
    ).map((m) => ({ ...m, id: Number(m.id), parent: Number(m.parent) }));
    const roots = all.filter((m) => (m.parent === 0 && m.path === 'contact') || m.path === 'index-contact');
    const subtree = (m: Menu): unknown => ({ name: m.name, path: m.path, component: m.component, type: m.type, perms: m.perms, visible: m.visible, children: all.filter((c) => c.parent === m.id).map(subtree) });
    const setup = all.find((m) => m.parent === 0 && m.path === 'setup')!;
    return { ids: collect(all, roots.map((r) => r.id)), tree: roots.map(subtree), setupParent: roots.find((r) => r.path === 'index-contact')?.parent === setup.id };
  };
  const collect = (all: Menu[], ids: number[]): number[] => (ids.length ? [...ids, ...collect(all, all.filter((m) => ids.includes(m.parent)).map((m) => m.id))] : []);
  /** The contact permissions and the contact menus each role holds. */
  const grants = async () =>
    Object.fromEntries(
      (
        await rows<{ role: string; perms: string[] }>(sql`
          select r.role_key as role, coalesce(array_agg(distinct m.perms) filter (where m.perms like 'crm:contact:%' or (m.path = 'contact-fields')), '{}') as perms
          from sys_role r left join sys_role_menu rm on rm.role_id = r.role_id left join sys_menu m on m.menu_id = rm.menu_id group by r.role_key`)
      ).map((r) => [r.role, r.perms]),
    );
  const counts = async () => ({
    menus: Number((await rows<{ n: unknown }>(sql`select count(*) as n from sys_menu`))[0]!.n),
    grants: Number((await rows<{ n: unknown }>(sql`select count(*) as n from sys_role_menu`))[0]!.n),
  });

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.teardown());

  it('adds the Contact menu, its buttons and its Set-up entry as a fresh install has them; roles get contact:X where they hold account:X', async () => {
    const fresh = await contactMenus();
    expect(fresh.tree).toHaveLength(2);
    expect(fresh.setupParent).toBe(true);
    const freshGrants = await grants();

    // As an install seeded before contacts: none of their menus, nobody granted them.
    await app.db.execute(sql`delete from sys_role_menu where menu_id in ${fresh.ids}`);
    await app.db.execute(sql`delete from sys_menu where menu_id in ${fresh.ids}`);
    expect((await contactMenus()).tree).toEqual([]);
    const olivia = caller(app, await loginAs(app, 'olivia.park'));
    expect(JSON.stringify((await olivia('GET', '/getRouters', undefined, orbitWeb)).body.data)).not.toContain('contact-index');

    await reconcileModuleMenus(app.db);
    const added = await contactMenus();
    expect(added.tree).toEqual(fresh.tree);
    expect(added.setupParent).toBe(true);
    const upgraded = await grants();
    const work = [PERMISSIONS.contact.add, PERMISSIONS.contact.edit, PERMISSIONS.contact.export, PERMISSIONS.contact.list, PERMISSIONS.contact.query].sort();
    // A sales rep works accounts (list, query, add, edit, export): the same contact rights a fresh install gives.
    expect(upgraded.sales_rep).toEqual(work);
    expect(upgraded.sales_rep).toEqual(freshGrants.sales_rep);
    expect(upgraded.readonly).toEqual([PERMISSIONS.contact.list, PERMISSIONS.contact.query].sort());
    // A manager holds every account right and Set-up's field layouts: every contact right and Set-up › Contact.
    expect(upgraded.sales_manager).toEqual([...Object.values(PERMISSIONS.contact), PERMISSIONS.setupFields.list].sort());
    // Marketing holds no account right, so no contact right either (a fresh install gives it list, query, export).
    expect(upgraded.marketing).toEqual([]);
    expect(freshGrants.marketing).not.toEqual([]);

    // Olivia's menu shows Contacts again (with the directory above the page), and she may list them.
    const oliviaAgain = caller(app, await loginAs(app, 'olivia.park'));
    expect(JSON.stringify((await oliviaAgain('GET', '/getRouters', undefined, orbitWeb)).body.data)).toContain('contact-index');
    expect((await oliviaAgain('GET', '/crm/contact/list')).body.code).toBe(200);

    // A second start changes nothing.
    const before = await counts();
    await reconcileModuleMenus(app.db);
    expect(await counts()).toEqual(before);
    expect(await grants()).toEqual(upgraded);
  });

  it('puts back a button a module page lacks, granted to no one new; leaves everything else alone', async () => {
    const [button] = await rows<{ id: unknown; parent: unknown }>(sql`select menu_id as id, parent_id as parent from sys_menu where perms = ${PERMISSIONS.account.export} and menu_type = 'F'`);
    await app.db.execute(sql`delete from sys_role_menu where menu_id = ${button!.id}`);
    await app.db.execute(sql`delete from sys_menu where menu_id = ${button!.id}`);
    const before = await counts();
    await reconcileModuleMenus(app.db);
    expect(await counts()).toEqual({ menus: before.menus + 1, grants: before.grants });
    const [back] = await rows<{ parent: unknown }>(sql`select parent_id as parent from sys_menu where perms = ${PERMISSIONS.account.export} and menu_type = 'F'`);
    expect(Number(back!.parent)).toBe(Number(button!.parent));
  });

  it('does nothing on an empty database: the seed writes the menus there', async () => {
    await app.db.execute(sql`delete from sys_role_menu`);
    await app.db.execute(sql`delete from sys_menu`);
    await reconcileModuleMenus(app.db);
    expect(await counts()).toEqual({ menus: 0, grants: 0 });
  });
});
