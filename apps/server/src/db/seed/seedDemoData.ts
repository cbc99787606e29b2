import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../client';
import { sysDictData, sysDictType } from '../schema/dict';
import { sysMenu, sysRoleMenu } from '../schema/menu';
import { sysDept, sysRole, sysUser, sysUserRole } from '../schema/organisation';
import { hashPassword } from '../../modules/auth/password';
import { dictionaries } from './dictionaries';
import { menuTree, type MenuSeed } from './menuTree';
import { DEMO_PASSWORD, departments, roles, users } from './organisation';

const SEED_BY = 'seed';

/** Inserts the menu tree depth-first; returns every inserted row with the permission it carries. */
async function insertMenus(db: Executor, items: MenuSeed[], parentId: number, out: Array<{ menuId: number; perms: string | null; parentId: number }>) {
  let order = 1;
  for (const item of items) {
    const [row] = await db
      .insert(sysMenu)
      .values({
        menuName: item.name,
        parentId,
        orderNum: order++,
        path: item.path,
        component: item.component ?? null,
        routeName: item.routeName,
        isFrame: item.external ? 0 : 1,
        isCache: item.noCache ? 1 : 0,
        menuType: item.type,
        visible: item.hidden ? '1' : '0',
        perms: item.perms ?? null,
        icon: item.icon ?? '#',
        createBy: SEED_BY,
      })
      .returning({ menuId: sysMenu.menuId });
    out.push({ menuId: row!.menuId, perms: item.perms ?? null, parentId });
    if (item.children?.length) await insertMenus(db, item.children, row!.menuId, out);
  }
  return out;
}

/** The menus a set of permissions opens: every menu carrying one of them, plus all its ancestors. */
function grantedMenus(menus: Array<{ menuId: number; perms: string | null; parentId: number }>, permissions: string[]): number[] {
  const byId = new Map(menus.map((m) => [m.menuId, m]));
  const granted = new Set<number>();
  for (const menu of menus) {
    if (!menu.perms || !permissions.includes(menu.perms)) continue;
    for (let id: number | undefined = menu.menuId; id && !granted.has(id); id = byId.get(id)?.parentId) granted.add(id);
  }
  return [...granted];
}

/** True when the database already holds users: seeding never touches existing data. */
export async function hasData(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select exists(select 1 from sys_user) as present`);
  return Boolean((result as unknown as { rows: Array<{ present: boolean }> }).rows[0]?.present);
}

/** Seeds demo data into an empty database, all in one transaction. Returns false when not empty. */
export async function seedDemoData(db: Db): Promise<boolean> {
  if (await hasData(db)) return false;
  const passwordHashes = await Promise.all(users.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    const deptIds = new Map<string, { id: number; ancestors: string }>();
    let order = 0;
    for (const dept of departments) {
      const parent = dept.parent ? deptIds.get(dept.parent)! : undefined;
      const ancestors = parent ? `${parent.ancestors},${parent.id}` : '0';
      const [row] = await tx
        .insert(sysDept)
        .values({ parentId: parent?.id ?? 0, ancestors, deptName: dept.name, orderNum: order++, leader: dept.leader, email: dept.email, createBy: SEED_BY })
        .returning({ deptId: sysDept.deptId });
      deptIds.set(dept.key, { id: row!.deptId, ancestors });
    }

    const menus = await insertMenus(tx, menuTree, 0, []);
    const roleIds = new Map<string, number>();
    for (const role of roles) {
      const [row] = await tx
        .insert(sysRole)
        .values({ roleName: role.name, roleKey: role.key, roleSort: role.sort, dataScope: role.dataScope, remark: role.remark, createBy: SEED_BY })
        .returning({ roleId: sysRole.roleId });
      roleIds.set(role.key, row!.roleId);
      const menuIds = grantedMenus(menus, role.permissions);
      if (menuIds.length) await tx.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId: row!.roleId, menuId })));
    }

    for (const [index, user] of users.entries()) {
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
          mustChangePwd: false,
          createBy: SEED_BY,
        })
        .returning({ userId: sysUser.userId });
      await tx.insert(sysUserRole).values({ userId: row!.userId, roleId: roleIds.get(user.role)! });
    }

    for (const dict of dictionaries) {
      await tx.insert(sysDictType).values({ dictName: dict.name, dictType: dict.type, createBy: SEED_BY });
      await tx.insert(sysDictData).values(
        dict.values.map((value, i) => ({
          dictSort: i + 1,
          dictLabel: value.label,
          dictValue: value.value,
          dictType: dict.type,
          listClass: value.listClass ?? 'default',
          isDefault: value.isDefault ? 'Y' : 'N',
          extra: { labelZh: value.zh, ...value.extra },
          createBy: SEED_BY,
        })),
      );
    }
  });
  return true;
}
