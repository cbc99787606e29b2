import { and, eq } from 'drizzle-orm';
import type { UpdateProfileBody } from '@orbit/shared/contract/user';
import { normaliseEmail } from '@orbit/shared/patterns';
import { isCurrency } from '@orbit/shared/crm/money';
import type { Db } from '../../../db/client';
import { DEL_FLAG_PRESENT, STATUS_NORMAL } from '../../../db/schema/columns';
import { sysRole, sysUser, sysUserRole } from '../../../db/schema/organisation';
import { fieldError, unauthorized } from '../../../lib/errors';
import { createUserRepository } from '../user/user.repository';
import { displayCurrencyChoices } from '../../crm/money/displayCurrency';

/** The signed-in user's own details. Every function takes the session's user id, never a client-sent one. */
export function createProfileService(db: Db) {
  const users = createUserRepository(db);

  return {
    async get(userId: number) {
      const user = await users.findById(userId);
      const [own] = await db.select({ introduction: sysUser.introduction, displayCurrency: sysUser.displayCurrency }).from(sysUser).where(eq(sysUser.userId, userId));
      if (!user || !own) throw unauthorized();
      // The introduction and the display currency are the profile's own: the user list and the administrators' dialog do not carry them.
      const data = { ...user, introduction: own.introduction, displayCurrency: isCurrency(own.displayCurrency) ? own.displayCurrency : null };
      const roles = await db
        .select({ roleName: sysRole.roleName })
        .from(sysUserRole)
        .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
        .where(and(eq(sysUserRole.userId, userId), eq(sysRole.delFlag, DEL_FLAG_PRESENT), eq(sysRole.status, STATUS_NORMAL)));
      return { data, roleGroup: roles.map((r) => r.roleName).join(','), postGroup: '', displayCurrencies: await displayCurrencyChoices(db) };
    },

    /**
     * Nickname, phone, sex, introduction and display currency: nothing here is unique, so the answer says nothing about
     * other users. An e-mail address other than the current one is refused, not ignored: it changes
     * only with a code sent to the new address (emailChange.service.ts).
     */
    async update(userId: number, userName: string, body: UpdateProfileBody): Promise<void> {
      const { email, ...details } = body;
      // A currency to read totals in must be one they can be converted to: refused, nothing written, otherwise.
      if (details.displayCurrency && !(await displayCurrencyChoices(db)).includes(details.displayCurrency)) throw fieldError('displayCurrency', 'money.displayCurrencyInvalid');
      if (email !== undefined && email !== null) {
        const current = await users.findById(userId);
        if (!current) throw unauthorized();
        if (email !== normaliseEmail(current.email)) throw fieldError('email', 'profile.emailByCode');
      }
      await users.update(userId, { ...details, updateBy: userName, updateTime: new Date() });
    },

    /** Sets the avatar and returns the previous value (so its file can be removed). */
    async setAvatar(userId: number, avatar: string): Promise<string> {
      const [before] = await db.select({ avatar: sysUser.avatar }).from(sysUser).where(eq(sysUser.userId, userId));
      await db
        .update(sysUser)
        .set({ avatar, updateTime: new Date() })
        .where(eq(sysUser.userId, userId));
      return before?.avatar ?? '';
    },
  };
}
