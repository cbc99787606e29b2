import { isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { sysRoleMenu } from '../schema/menu';
import { crmDashboard } from '../schema/crmReport';
import { sysDept, sysRole, sysUser, sysUserRole } from '../schema/organisation';
import { hashPassword } from '../../modules/auth/password';
import { seedDemoRecords } from './demoRecords';
import { demoEntryVisibleTo, demoMenuTree, demoRoles, demoRoleUsers, templateDemoFolder } from './demoMenu';
import { insertMenus, type InsertedMenu } from './menuRows';
import { menuTree, type MenuSeed } from './menuTree';
import { DEMO_PASSWORD, departments, roles, users, type DeptSeed, type UserSeed } from './organisation';

const SEED_BY = 'seed';

/** The menus a set of permissions opens: every menu carrying one of them, plus all its ancestors. */
function grantedMenus(menus: InsertedMenu[], permissions: string[], demoRole?: string): number[] {
  const byId = new Map(menus.map((m) => [m.menuId, m]));
  const granted = new Set<number>();
  for (const menu of menus) {
    if (!(menu.perms && permissions.includes(menu.perms)) && !(demoRole && isDemoEntryFor(menu, byId, demoRole))) continue;
    for (let id: number | undefined = menu.menuId; id && !granted.has(id); id = byId.get(id)?.parentId) granted.add(id);
  }
  return [...granted];
}

/** A demo menu entry that a demo role sees: it and every directory above it allow the role. */
function isDemoEntryFor(menu: InsertedMenu, byId: Map<number, InsertedMenu>, roleKey: string): boolean {
  if (!demoSeeds.has(menu.seed)) return false;
  for (let m: InsertedMenu | undefined = menu; m; m = byId.get(m.parentId)) if (!demoEntryVisibleTo(m.seed, roleKey)) return false;
  return true;
}

const demoSeeds = new Set<MenuSeed>();
const collectDemo = (items: MenuSeed[]) => items.forEach((item) => (demoSeeds.add(item), collectDemo(item.children ?? [])));
collectDemo(demoMenuTree);

/** True when the database already holds users: seeding never touches existing data. */
export async function hasData(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select exists(select 1 from sys_user) as present`);
  return Boolean((result as unknown as { rows: Array<{ present: boolean }> }).rows[0]?.present);
}

/** Who an install starts with: its departments and users, each user with a password to hash. */
export type People = {
  departments: DeptSeed[];
  users: Array<UserSeed & { password: string; mustChangePwd: boolean }>;
  /** The template demo: its menu entries, its roles editor and visitor (SPEC §6). */
  templateDemo?: boolean;
};

/** The demo organisation of the README: every demo user with the demo password and no forced change. */
export const demoPeople = (): People => ({
  departments,
  users: [...users, ...demoRoleUsers].map((u) => ({ ...u, password: DEMO_PASSWORD, mustChangePwd: false })),
  templateDemo: true,
});

/** The super administrator an install without demo data starts with. */
export const FIRST_ADMIN_NAME = 'admin';

/**
 * An install without demo data: the head office and its super administrator, who must replace the
 * given (generated) password at first sign-in.
 */
export function firstAdministrator(password: string): People {
  const admin = users.find((u) => u.userName === FIRST_ADMIN_NAME)!;
  return { departments: departments.filter((d) => d.key === admin.dept), users: [{ ...admin, password, mustChangePwd: true }] };
}

/**
 * Seeds an empty database in one transaction: what every install needs (menu, roles) and the given
 * people (dictionaries and the modules' metadata are standard data, see db/prepare.ts). Returns false, touching nothing, when the database already has users.
 */
export async function seedDatabase(db: Db, people: People): Promise<boolean> {
  if (await hasData(db)) return false;
  const passwordHashes = await Promise.all(people.users.map((u) => hashPassword(u.password)));
  await db.transaction(async (tx) => {
    const deptIds = new Map<string, { id: number; ancestors: string }>();
    let order = 0;
    for (const dept of people.departments) {
      const parent = dept.parent ? deptIds.get(dept.parent)! : undefined;
      const ancestors = parent ? `${parent.ancestors},${parent.id}` : '0';
      const [row] = await tx
        .insert(sysDept)
        .values({ parentId: parent?.id ?? 0, ancestors, deptName: dept.name, orderNum: order++, leader: dept.leader, email: dept.email, createBy: SEED_BY })
        .returning({ deptId: sysDept.deptId });
      deptIds.set(dept.key, { id: row!.deptId, ancestors });
    }

    const menus = await insertMenus(tx, menuTree, 0, [], SEED_BY);
    if (people.templateDemo) await insertMenus(tx, [templateDemoFolder], 0, menus, SEED_BY, menuTree.length + 1);
    const roleIds = new Map<string, number>();
    // The built-in dashboards exist already (prepareDatabase runs first).
    const builtIn = new Map((await tx.select({ id: crmDashboard.id, key: crmDashboard.builtInKey }).from(crmDashboard).where(isNotNull(crmDashboard.builtInKey))).map((d) => [d.key, d.id]));
    for (const role of [...roles, ...(people.templateDemo ? demoRoles : [])]) {
      const landsOn = 'landsOn' in role && role.landsOn ? (builtIn.get(role.landsOn) ?? null) : null;
      const [row] = await tx
        .insert(sysRole)
        .values({ roleName: role.name, roleKey: role.key, roleSort: role.sort, dataScope: role.dataScope, remark: role.remark, defaultDashboardId: landsOn, createBy: SEED_BY })
        .returning({ roleId: sysRole.roleId });
      roleIds.set(role.key, row!.roleId);
      const menuIds = grantedMenus(menus, role.permissions, 'demoMenus' in role && role.demoMenus ? role.key : undefined);
      if (menuIds.length) await tx.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId: row!.roleId, menuId })));
    }

    for (const [index, user] of people.users.entries()) {
      const [row] = await tx
        .insert(sysUser)
        .values({
          userName: user.userName,
          nickName: user.nickName,
          email: user.email,
          phonenumber: user.phone,
          sex: user.sex,
          deptId: deptIds.get(user.dept)!.id,
          password: passwordHashes[index]!,
          mustChangePwd: user.mustChangePwd,
          createBy: SEED_BY,
        })
        .returning({ userId: sysUser.userId });
      await tx.insert(sysUserRole).values({ userId: row!.userId, roleId: roleIds.get(user.role)! });
    }

  });
  return true;
}

/** Seeds the demo organisation and its business records into an empty database; false when not empty. */
export async function seedDemoData(db: Db): Promise<boolean> {
  if (!(await seedDatabase(db, demoPeople()))) return false;
  await seedDemoRecords(db);
  return true;
}
