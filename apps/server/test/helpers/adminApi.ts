import { and, eq, inArray } from 'drizzle-orm';
import { sysRoleMenu } from '../../src/db/schema/menu';
import { sysUser } from '../../src/db/schema/organisation';
import { api, bearer, type TestApp } from './testApp';

export type Answer = { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One authenticated JSON call: method, path under /dev-api, optional body. */
export function caller(app: TestApp, token: string) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await app.inject({ method, url: api(path), headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() };
  };
  return Object.assign(call, { app });
}

export const FORBIDDEN_EN = "Sorry，you don't have the permissions for this URL，please contact IT Services，thanks！";

/** Department ids of the seeded tree by name. */
export async function deptIds(call: ReturnType<typeof caller>): Promise<Record<string, number>> {
  const { body } = await call('GET', '/system/dept/list');
  return Object.fromEntries((body.data as Array<{ deptName: string; deptId: number }>).map((d) => [d.deptName, d.deptId]));
}

/** User ids by user name (admin's view). */
export async function userIds(call: ReturnType<typeof caller>): Promise<Record<string, number>> {
  const { body } = await call('GET', '/system/user/list?pageSize=500');
  return Object.fromEntries((body.rows as Array<{ userName: string; userId: number }>).map((u) => [u.userName, u.userId]));
}

/** Menu ids carrying the given permission strings. */
export async function menuIdsFor(call: ReturnType<typeof caller>, perms: string[]): Promise<number[]> {
  const { body } = await call('GET', '/system/menu/list');
  return (body.data as Array<{ menuId: number; perms: string | null }>).filter((m) => m.perms && perms.includes(m.perms)).map((m) => m.menuId);
}

/** Creates a role with the given permissions and data scope (and custom departments for scope 2); returns its id. */
export async function createRole(
  call: ReturnType<typeof caller>,
  key: string,
  perms: string[],
  dataScope: '1' | '2' | '3' | '4' | '5' = '1',
  deptIdList: number[] = [],
): Promise<number> {
  const menuIds = await menuIdsFor(call, perms);
  const created = await call('POST', '/system/role', { roleName: key, roleKey: key, roleSort: 9, menuIds });
  if (created.body.code !== 200) throw new Error(`role ${key}: ${created.body.msg}`);
  const roleId = created.body.data as number;
  const scoped = await call('PUT', '/system/role/dataScope', { roleId, dataScope, deptIds: deptIdList });
  if (scoped.body.code !== 200) throw new Error(`role ${key} scope: ${scoped.body.msg}`);
  return roleId;
}

/** The password createUser gives: one the password policy accepts (the seeded admin123 is not). */
export const NEW_USER_PASSWORD = 'Orbit-Test-2026';

/**
 * Creates a user with NEW_USER_PASSWORD, as if they had since chosen it themselves (no forced
 * change left, which would refuse every other call); returns its id.
 */
export async function createUser(call: ReturnType<typeof caller>, userName: string, deptId: number, roleIds: number[]): Promise<number> {
  const res = await call('POST', '/system/user', { userName, nickName: userName, password: NEW_USER_PASSWORD, deptId, roleIds });
  if (res.body.code !== 200) throw new Error(`user ${userName}: ${res.body.msg}`);
  const userId = res.body.data as number;
  await call.app.db.update(sysUser).set({ mustChangePwd: false }).where(eq(sysUser.userId, userId));
  return userId;
}

/**
 * Takes permissions from a role in the database, or gives them back: an administrator's change made
 * between a request and the job that carries it out (a job reads its user's permissions when it runs).
 */
export async function withdrawPermissions(call: ReturnType<typeof caller>, roleId: number, perms: string[]): Promise<void> {
  const menus = await menuIdsFor(call, perms);
  await call.app.db.delete(sysRoleMenu).where(and(eq(sysRoleMenu.roleId, roleId), inArray(sysRoleMenu.menuId, menus)));
}

export async function grantPermissions(call: ReturnType<typeof caller>, roleId: number, perms: string[]): Promise<void> {
  for (const menuId of await menuIdsFor(call, perms)) await call.app.db.insert(sysRoleMenu).values({ roleId, menuId }).onConflictDoNothing();
}
