import { and, eq, sql } from 'drizzle-orm';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { ADMIN_ROLE_KEY, ALL_PERMISSION, SUPER_ADMIN_USER_ID } from '@orbit/shared/constants';
import { DEL_FLAG_PRESENT, STATUS_NORMAL } from '../../db/schema/columns';
import { crmModuleSharing } from '../../db/schema/crmSharing';
import { sysMenu, sysRoleMenu } from '../../db/schema/menu';
import { sysDept, sysRole, sysUser, sysUserRole } from '../../db/schema/organisation';

export type DataScope = '1' | '2' | '3' | '4' | '5';
export type RoleGrant = { roleId: number; roleKey: string; dataScope: DataScope };

/** The signed-in person as every route sees them: identity, roles with data scope, permissions. */
export type CurrentUser = {
  userId: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  deptName: string;
  roles: RoleGrant[];
  permissions: Set<string>;
  isAdmin: boolean;
  /** A password set by someone else: nothing but the change itself is allowed until it is replaced. */
  mustChangePwd: boolean;
  /**
   * Modules whose Set-up › Sharing default opens them beyond the data scope (`read` or `readwrite`;
   * a module missing here is private). Read with the session on every request, so a change in
   * Set-up applies to the next one (engine/query/recordAccess.ts).
   */
  moduleAccess?: Partial<Record<string, ModuleAccessLevel>>;
  /**
   * Modules with at least one record shared by hand with the user (themselves, a role of theirs,
   * their department or one above): only these get the "shared with me" term in the access
   * predicate, so everyone else's queries (and plans) stay as the data scope alone makes them.
   */
  sharedModules?: string[];
  /**
   * Modules the user reaches through a team (an account team: accounts, their opportunities and
   * contacts; an opportunity team: opportunities): only these get the team term in the predicate.
   */
  teamModules?: string[];
  /**
   * Set when a workflow rule's action acts as this user: the changes it writes carry the rule and
   * the depth (crm/automation/recordEvents.ts), so that they trigger rules only as the rule allows.
   */
  automation?: { ruleId: number; depth: number };
};

export type ModuleAccessLevel = 'read' | 'readwrite';

export function isAdminUser(userId: number, roleKeys: string[]): boolean {
  return userId === SUPER_ADMIN_USER_ID || roleKeys.includes(ADMIN_ROLE_KEY);
}

/** The user's enabled roles (a correlated condition on the outer `sys_user` row). */
const enabledRoleOfUser = and(
  sql`${sysUserRole.userId} = ${sysUser.userId}`,
  sql`${sysRole.roleId} = ${sysUserRole.roleId}`,
  eq(sysRole.status, STATUS_NORMAL),
  eq(sysRole.delFlag, DEL_FLAG_PRESENT),
);

type RoleJson = { roleId: number | string; roleKey: string; dataScope: DataScope };

/**
 * What makes the signed-in user, as columns of `sys_user left join sys_dept` (the session read
 * selects them with the session, see session.repository.ts): identity, the enabled roles and the
 * permissions those grant, roles and permissions as sub-selects. It runs for every API request,
 * so each round trip it saves is paid back on every call.
 */
export const currentUserColumns = {
  userId: sysUser.userId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  deptId: sysUser.deptId,
  deptName: sysDept.deptName,
  status: sysUser.status,
  mustChangePwd: sysUser.mustChangePwd,
  roles: sql<RoleJson[] | null>`(
    select json_agg(json_build_object('roleId', ${sysRole.roleId}, 'roleKey', ${sysRole.roleKey}, 'dataScope', ${sysRole.dataScope}) order by ${sysRole.roleSort})
    from ${sysUserRole}, ${sysRole} where ${enabledRoleOfUser})`,
  perms: sql<string[] | null>`(
    select array_agg(distinct ${sysMenu.perms}) from ${sysRoleMenu} inner join ${sysMenu} on ${sysMenu.menuId} = ${sysRoleMenu.menuId}
    where ${eq(sysMenu.status, STATUS_NORMAL)} and ${sysMenu.perms} <> '' and ${sysRoleMenu.roleId} in (select ${sysRole.roleId} from ${sysUserRole}, ${sysRole} where ${enabledRoleOfUser}))`,
  sharedModules: sql<string[] | null>`(
    select array_agg(m) from unnest(${sql.raw(`array[${CRM_MODULES.map((m) => `'${m}'`).join(',')}]`)}::text[]) m
    where exists (select 1 from crm_record_share s where s.module = m and (
      (s.recipient_kind = 'user' and s.recipient_id = ${sysUser.userId})
      or (s.recipient_kind = 'role' and s.recipient_id in (select ${sysRole.roleId} from ${sysUserRole}, ${sysRole} where ${enabledRoleOfUser}))
      or (s.recipient_kind = 'dept' and s.recipient_id in (
        select ud.dept_id from sys_dept ud where ud.dept_id = ${sysUser.deptId}
        union all select a::bigint from sys_dept ud, unnest(string_to_array(ud.ancestors, ',')) a where ud.dept_id = ${sysUser.deptId} and a <> ''))
    )))`,
  teamModules: sql<string[] | null>`(
    select array_agg(distinct m) from crm_record_team_member t,
      unnest(case t.module when 'account' then array['account', 'opportunity', 'contact'] else array[t.module] end) m
    where t.user_id = ${sysUser.userId})`,
  moduleAccess: sql<Record<string, ModuleAccessLevel> | null>`(select json_object_agg(${crmModuleSharing.module}, ${crmModuleSharing.access}) from ${crmModuleSharing} where ${crmModuleSharing.access} <> 'private')`,
};

/** A row of `currentUserColumns`, every column null when the user is gone (a left join). */
export type CurrentUserRow = {
  userId: number | null;
  userName: string | null;
  nickName: string | null;
  deptId: number | null;
  deptName: string | null;
  status: string | null;
  mustChangePwd: boolean | null;
  roles: RoleJson[] | null;
  perms: string[] | null;
  moduleAccess?: Record<string, ModuleAccessLevel> | null;
  sharedModules?: string[] | null;
  teamModules?: string[] | null;
};

/** The signed-in user of a row of `currentUserColumns`; undefined when gone (no row) or disabled. */
export function toCurrentUser(row: CurrentUserRow | null): CurrentUser | undefined {
  if (!row || row.userId === null || row.status !== STATUS_NORMAL) return undefined;
  // json_agg hands the ids over as JSON numbers; data_scope is char(1), the same text either way.
  const roles: RoleGrant[] = (row.roles ?? []).map((r) => ({ roleId: Number(r.roleId), roleKey: r.roleKey, dataScope: r.dataScope }));
  const isAdmin = isAdminUser(row.userId, roles.map((r) => r.roleKey));
  const permissions = new Set<string>();
  if (isAdmin) {
    permissions.add(ALL_PERMISSION);
  } else {
    for (const granted of row.perms ?? []) for (const p of granted.split(',')) if (p.trim()) permissions.add(p.trim());
  }
  return {
    userId: row.userId,
    userName: row.userName ?? '',
    nickName: row.nickName ?? '',
    deptId: row.deptId,
    deptName: row.deptName ?? '',
    roles,
    permissions,
    isAdmin,
    mustChangePwd: row.mustChangePwd ?? false,
    moduleAccess: row.moduleAccess ?? {},
    sharedModules: row.sharedModules ?? [],
    teamModules: row.teamModules ?? [],
  };
}

/** `*:*:*` passes everything; otherwise the exact string must be granted. */
export function hasPermission(user: CurrentUser, permission: string): boolean {
  return user.permissions.has(ALL_PERMISSION) || user.permissions.has(permission);
}
