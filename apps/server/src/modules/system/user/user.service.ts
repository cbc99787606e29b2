import { ADMIN_ROLE_KEY, SUPER_ADMIN_USER_ID } from '@orbit/shared/constants';
import type { CreateUserBody, UpdateUserBody, UserListQuery, UserRow } from '@orbit/shared/contract/user';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { STATUS_DISABLED } from '../../../db/schema/columns';
import { eq } from 'drizzle-orm';
import { sysRole, sysUser } from '../../../db/schema/organisation';
import { dataScopeFilter } from '../../../lib/dataScope';
import { badRequest, fieldError, forbidden, notFound } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { hashPassword } from '../../auth/password';
import { createSessionRepository } from '../../auth/session.repository';
import { deptScopeOf, createDeptService } from '../dept/dept.service';
import { assignableRoles, toRoleRow } from '../role/roleReach';
import type { RoleRow } from '@orbit/shared/contract/role';
import { createUserRepository, type UserUnique } from './user.repository';

/** Users a caller reaches: their data scope on the user table, a user's "owner" being themself. */
export const userScopeOf = (user: CurrentUser) => dataScopeFilter(user, { dept: sysUser.deptId, owner: sysUser.userId });

const uniqueMessages = { userName: 'user.nameTaken', email: 'user.emailTaken', phonenumber: 'user.phoneTaken' } as const;

/**
 * User administration with every object-level guard: data scope on each target, the super
 * administrator untouchable, nobody deleting themselves, unique name / e-mail / phone, and
 * departments and roles only within the caller's reach.
 */
export function createUserService(db: Db, config: Pick<Config, 'sessionTtlMinutes'>) {
  const repo = createUserRepository(db);
  const depts = createDeptService(db);

  /** Refuses the super administrator, users outside the caller's scope, and (for non-admins) administrators. */
  async function assertTargets(user: CurrentUser, userIds: number[]): Promise<void> {
    if (userIds.includes(SUPER_ADMIN_USER_ID)) throw forbidden('admin.superAdminProtected');
    if ((await repo.countInScope(userIds, userScopeOf(user))) !== userIds.length) throw forbidden('user.outOfScope');
    if (!user.isAdmin && (await repo.holdersOfRole(userIds, ADMIN_ROLE_KEY)).length) throw forbidden('user.outOfScope');
  }

  async function assertDeptAssignable(user: CurrentUser, deptId: number | null): Promise<void> {
    if (deptId === null) {
      // A user without a department is visible only to callers who see everything.
      if (deptScopeOf(user) !== undefined) throw fieldError('deptId', 'user.deptNotAssignable');
      return;
    }
    try {
      await depts.assertInScope(user, [deptId]);
    } catch {
      throw fieldError('deptId', 'user.deptNotAssignable');
    }
  }

  /** Roles added or removed must all be ones the caller may assign; untouched roles stay as they are. */
  async function assertRolesAssignable(user: CurrentUser, before: number[], after: number[], targetUserId?: number): Promise<void> {
    const changed = [...after.filter((r) => !before.includes(r)), ...before.filter((r) => !after.includes(r))];
    if (!changed.length) return;
    // Only an administrator changes their own roles: anyone else could widen their own access.
    if (targetUserId === user.userId && !user.isAdmin) throw fieldError('roleIds', 'user.cannotChangeOwnRoles');
    const allowed = new Set((await assignableRoles(db, user)).map((r) => r.roleId));
    const refused = changed.find((r) => !allowed.has(r));
    if (refused === undefined) return;
    const [role] = await db.select({ roleName: sysRole.roleName }).from(sysRole).where(eq(sysRole.roleId, refused));
    throw fieldError('roleIds', 'user.roleNotAssignable', { name: role?.roleName ?? String(refused) });
  }

  async function assertUnique(body: { userName: string; email: string; phonenumber: string }, exceptUserId?: number): Promise<void> {
    for (const field of ['userName', 'email', 'phonenumber'] as UserUnique[]) {
      if (await repo.isTaken(field, body[field], exceptUserId)) throw fieldError(field, uniqueMessages[field], { value: body[field] });
    }
  }

  const revokeSessions = (userId: number) => createSessionRepository(db, config.sessionTtlMinutes).revokeOthers(userId);

  return {
    assertTargets,
    list: (user: CurrentUser, query: UserListQuery) => repo.list(query, userScopeOf(user)),
    assignableRoles: async (user: CurrentUser): Promise<RoleRow[]> => (await assignableRoles(db, user)).map(toRoleRow),

    /** A user in scope with its role ids; the super administrator can be looked at, not changed. */
    async get(user: CurrentUser, userId: number): Promise<{ data: UserRow; roleIds: number[] }> {
      if ((await repo.countInScope([userId], userScopeOf(user))) !== 1) {
        if (!(await repo.findById(userId))) throw notFound();
        throw forbidden('user.outOfScope');
      }
      const data = await repo.findById(userId);
      if (!data) throw notFound();
      return { data, roleIds: await repo.roleIdsOf(userId) };
    },

    async create(user: CurrentUser, body: CreateUserBody): Promise<number> {
      await assertDeptAssignable(user, body.deptId);
      await assertUnique(body);
      const roleIds = [...new Set(body.roleIds)];
      await assertRolesAssignable(user, [], roleIds);
      const password = await hashPassword(body.password);
      const { roleIds: _r, password: _p, ...values } = body;
      return db.transaction(async (tx) => {
        const txRepo = createUserRepository(tx);
        // Someone else chose this password: the new user must change it after signing in.
        const userId = await txRepo.insert({ ...values, password, mustChangePwd: true, createBy: user.userName });
        await txRepo.replaceRoles(userId, roleIds);
        return userId;
      });
    },

    async update(user: CurrentUser, body: UpdateUserBody): Promise<void> {
      await assertTargets(user, [body.userId]);
      const current = await repo.findById(body.userId);
      if (!current) throw notFound();
      if (body.deptId !== current.deptId) await assertDeptAssignable(user, body.deptId);
      await assertUnique(body, body.userId);
      const before = await repo.roleIdsOf(body.userId);
      const roleIds = [...new Set(body.roleIds)];
      await assertRolesAssignable(user, before, roleIds, body.userId);
      if (body.userId === user.userId && body.status === STATUS_DISABLED) throw fieldError('status', 'user.cannotDisableSelf');
      const { roleIds: _r, userId, ...values } = body;
      await db.transaction(async (tx) => {
        const txRepo = createUserRepository(tx);
        await txRepo.update(userId, { ...values, updateBy: user.userName, updateTime: new Date() });
        await txRepo.replaceRoles(userId, roleIds);
      });
      if (body.status === STATUS_DISABLED) await revokeSessions(userId);
    },

    async remove(user: CurrentUser, userIds: number[]): Promise<void> {
      if (userIds.includes(user.userId)) throw badRequest('user.cannotDeleteSelf');
      await assertTargets(user, userIds);
      await db.transaction(async (tx) => {
        await createUserRepository(tx).softDelete(userIds, user.userName);
        for (const userId of userIds) await createSessionRepository(tx, config.sessionTtlMinutes).revokeOthers(userId);
      });
    },

    /** An administrator's reset: the user must choose a new password at next sign-in; their sessions end. */
    async resetPassword(user: CurrentUser, userId: number, password: string): Promise<void> {
      await assertTargets(user, [userId]);
      const hash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await createUserRepository(tx).update(userId, {
          password: hash,
          mustChangePwd: true,
          pwdUpdateDate: new Date(),
          failedLoginCount: 0,
          lockedUntil: null,
          updateBy: user.userName,
          updateTime: new Date(),
        });
        await createSessionRepository(tx, config.sessionTtlMinutes).revokeOthers(userId);
      });
    },

    async changeStatus(user: CurrentUser, userId: number, status: string): Promise<void> {
      await assertTargets(user, [userId]);
      if (userId === user.userId && status === STATUS_DISABLED) throw badRequest('user.cannotDisableSelf');
      await repo.update(userId, { status, updateBy: user.userName, updateTime: new Date() });
      if (status === STATUS_DISABLED) await revokeSessions(userId);
    },

    /** The roles of a user for the "assign roles" page: every assignable role, flagged when held. */
    async rolesOf(user: CurrentUser, userId: number) {
      const { data, roleIds } = await this.get(user, userId);
      const roles = (await assignableRoles(db, user)).map((r) => ({ ...toRoleRow(r), flag: roleIds.includes(r.roleId) }));
      return { user: data, roles };
    },

    async assignRoles(user: CurrentUser, userId: number, roleIds: number[]): Promise<void> {
      await assertTargets(user, [userId]);
      const unique = [...new Set(roleIds)];
      await assertRolesAssignable(user, await repo.roleIdsOf(userId), unique, userId);
      await db.transaction((tx) => createUserRepository(tx).replaceRoles(userId, unique));
    },
  };
}
