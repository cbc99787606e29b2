import { CODE, SUPER_ADMIN_USER_ID } from '@orbit/shared/constants';
import type { CreateUserBody, UpdateUserBody, UserListQuery, UserRow } from '@orbit/shared/contract/user';
import type { RoleRow } from '@orbit/shared/contract/role';
import type { Config } from '../../../config';
import type { Db, Executor } from '../../../db/client';
import { STATUS_DISABLED } from '../../../db/schema/columns';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../../lib/errors';
import { allInScope, assertInScope } from '../../../lib/scopedIds';
import type { CurrentUser } from '../../auth/currentUser';
import { hashPassword } from '../../auth/password';
import { createPasswordGuard } from '../../auth/passwordGuard';
import { assertPasswordPolicy } from '../../auth/passwordPolicy';
import { createSessionRepository } from '../../auth/session.repository';
import { createSettings } from '../config/settings';
import { deptScopeOf, deptsById } from '../dept/dept.service';
import { accountBeyondReach, assignableRoles, firstUnassignable, toRoleRow } from '../role/roleReach';
import { createUserRepository, type UserUnique } from './user.repository';
import { userScopeOf, usersById } from './userScope';

const uniqueMessages = { userName: 'user.nameTaken', email: 'user.emailTaken' } as const;

/**
 * User administration with every object-level guard: data scope on each target, the super
 * administrator untouchable, nobody deleting themselves, unique name and e-mail, the password policy, and
 * departments and roles only within the caller's reach.
 */
export function createUserService(db: Db, config: Config) {
  const repo = createUserRepository(db);
  const settings = createSettings(db, config);

  /**
   * The accounts a caller may change: never the super administrator; only accounts in their data
   * scope (any other id answers as a missing one); and, for anyone but an administrator, only
   * accounts whose every role they could assign themselves (which leaves out administrators).
   */
  async function assertTargets(user: CurrentUser, userIds: number[]): Promise<void> {
    if (userIds.includes(SUPER_ADMIN_USER_ID)) throw forbidden('admin.superAdminProtected');
    await assertInScope(db, usersById, userIds, userScopeOf(user));
    const beyond = await accountBeyondReach(db, user, userIds);
    if (beyond) throw new AppError(CODE.forbidden, 'user.holdsRoleBeyondReach', { user: beyond.userName, name: beyond.roleName });
  }

  async function assertDeptAssignable(user: CurrentUser, deptId: number | null): Promise<void> {
    if (deptId === null) {
      // A user without a department is visible only to callers who see everything.
      if (deptScopeOf(user) !== undefined) throw fieldError('deptId', 'user.deptNotAssignable');
      return;
    }
    if (!(await allInScope(db, deptsById, [deptId], deptScopeOf(user)))) throw fieldError('deptId', 'user.deptNotAssignable');
  }

  /**
   * Roles added must be ones the caller may hand to someone in the user's department; so must the
   * roles kept when the user moves, as a role's reach follows its holder's department. (Roles held
   * before were checked with the account itself.)
   */
  async function assertRolesAssignable(
    user: CurrentUser,
    before: number[],
    after: number[],
    target: { deptId: number | null; userId?: number; moved?: boolean },
  ): Promise<void> {
    const added = after.filter((r) => !before.includes(r));
    const changed = added.length > 0 || before.some((r) => !after.includes(r));
    // Only an administrator changes their own roles: anyone else could widen their own access.
    if (changed && target.userId === user.userId && !user.isAdmin) throw fieldError('roleIds', 'user.cannotChangeOwnRoles');
    const refused = await firstUnassignable(db, user, target.moved ? after : added, [target.deptId]);
    if (refused) throw fieldError('roleIds', 'user.roleNotAssignable', { name: refused.roleName ?? String(refused.roleId) });
  }

  async function assertUnique(body: { userName: string; email: string }, exceptUserId?: number): Promise<void> {
    for (const field of ['userName', 'email'] as UserUnique[]) {
      if (await repo.isTaken(field, body[field], exceptUserId)) throw fieldError(field, uniqueMessages[field], { value: body[field] });
    }
  }

  /** Disabling ends the user's sessions in the same step: enabled again before their next request, an old token must stay dead. */
  const endSessionsIfDisabled = (tx: Executor, userId: number, status: string) =>
    status === STATUS_DISABLED ? createSessionRepository(tx, config.sessionTtlMinutes).revokeOthers(userId) : undefined;

  return {
    assertTargets,
    assertDeptAssignable,
    list: (user: CurrentUser, query: UserListQuery) => repo.list(query, userScopeOf(user)),
    assignableRoles: async (user: CurrentUser): Promise<RoleRow[]> => (await assignableRoles(db, user)).map(toRoleRow),

    /** A user in scope with its role ids; the super administrator can be looked at, not changed. */
    async get(user: CurrentUser, userId: number): Promise<{ data: UserRow; roleIds: number[] }> {
      await assertInScope(db, usersById, [userId], userScopeOf(user));
      const data = await repo.findById(userId);
      if (!data) throw notFound();
      return { data, roleIds: await repo.roleIdsOf(userId) };
    },

    async create(user: CurrentUser, body: CreateUserBody): Promise<number> {
      await assertDeptAssignable(user, body.deptId);
      await assertUnique(body);
      const roleIds = [...new Set(body.roleIds)];
      await assertRolesAssignable(user, [], roleIds, { deptId: body.deptId });
      await assertPasswordPolicy(body.password, body, 'password', await settings.get('passwordChars'));
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
      const moved = body.deptId !== current.deptId;
      if (moved) await assertDeptAssignable(user, body.deptId);
      await assertUnique(body, body.userId);
      const before = await repo.roleIdsOf(body.userId);
      const roleIds = [...new Set(body.roleIds)];
      await assertRolesAssignable(user, before, roleIds, { deptId: body.deptId, userId: body.userId, moved });
      if (body.userId === user.userId && body.status === STATUS_DISABLED) throw fieldError('status', 'user.cannotDisableSelf');
      const { roleIds: _r, userId, ...values } = body;
      await db.transaction(async (tx) => {
        const txRepo = createUserRepository(tx);
        await txRepo.update(userId, { ...values, updateBy: user.userName, updateTime: new Date() });
        await txRepo.replaceRoles(userId, roleIds);
        await endSessionsIfDisabled(tx, userId, body.status);
      });
    },

    async remove(user: CurrentUser, userIds: number[]): Promise<void> {
      if (userIds.includes(user.userId)) throw badRequest('user.cannotDeleteSelf');
      await assertTargets(user, userIds);
      await db.transaction(async (tx) => {
        await createUserRepository(tx).softDelete(userIds, user.userName);
        for (const userId of userIds) await createSessionRepository(tx, config.sessionTtlMinutes).revokeOthers(userId);
      });
    },

    /**
     * An administrator's reset: the user must choose a new password at next sign-in; their sessions
     * end. Never one's own: that needs no current password, so a stolen session would set one its
     * owner does not know and keep the account (the profile's change asks for the current one).
     */
    async resetPassword(user: CurrentUser, userId: number, password: string): Promise<void> {
      if (userId === user.userId) throw forbidden('user.cannotResetOwnPassword');
      await assertTargets(user, [userId]);
      const target = await repo.findById(userId);
      if (!target) throw notFound();
      await assertPasswordPolicy(password, target, 'password', await settings.get('passwordChars'));
      const hash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await createUserRepository(tx).update(userId, {
          password: hash,
          mustChangePwd: true,
          pwdUpdateDate: new Date(),
          updateBy: user.userName,
          updateTime: new Date(),
        });
        await createSessionRepository(tx, config.sessionTtlMinutes).revokeOthers(userId);
        await createPasswordGuard(tx).clear(target.userName);
      });
    },

    async changeStatus(user: CurrentUser, userId: number, status: string): Promise<void> {
      await assertTargets(user, [userId]);
      if (userId === user.userId && status === STATUS_DISABLED) throw badRequest('user.cannotDisableSelf');
      await db.transaction(async (tx) => {
        await createUserRepository(tx).update(userId, { status, updateBy: user.userName, updateTime: new Date() });
        await endSessionsIfDisabled(tx, userId, status);
      });
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
      const target = await repo.findById(userId);
      if (!target) throw notFound();
      await assertRolesAssignable(user, await repo.roleIdsOf(userId), unique, { deptId: target.deptId, userId });
      await db.transaction((tx) => createUserRepository(tx).replaceRoles(userId, unique));
    },
  };
}
