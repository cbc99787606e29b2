import { eq } from 'drizzle-orm';
import { PASSWORD_AGE_HINT_DAYS } from '@orbit/shared/constants';
import type { SessionUser } from '@orbit/shared/contract/auth';
import type { Currency } from '@orbit/shared/crm/money';
import type { Executor } from '../../db/client';
import { sysDept } from '../../db/schema/organisation';
import { landingDashboardOf } from '../crm/dashboard/roleDashboards';
import type { CurrentUser } from './currentUser';
import { findUserById, type UserRow } from './user.lookup';

const DAY_MS = 86_400_000;

/**
 * Suggest a change when the password is older than the hint age (the setting
 * sys.account.passwordValidateDays, PASSWORD_AGE_HINT_DAYS by default; 0 never), unless postponed
 * within that age.
 */
export function isPasswordExpired(user: Pick<UserRow, 'pwdUpdateDate' | 'pwdHintPostponedAt'>, now = Date.now(), ageDays = PASSWORD_AGE_HINT_DAYS): boolean {
  if (ageDays <= 0) return false;
  const limit = ageDays * DAY_MS;
  if (now - user.pwdUpdateDate.getTime() < limit) return false;
  return !user.pwdHintPostponedAt || now - user.pwdHintPostponedAt.getTime() >= limit;
}

/** The `/getInfo` answer for the signed-in user; `rules` are the settings in force it tells the client. */
export async function buildUserInfo(db: Executor, current: CurrentUser, rules: { passwordAgeDays: number; passwordChars: string; organisationCurrency: Currency }) {
  const user = await findUserById(db, current.userId);
  if (!user) return undefined;
  const [dept] = user.deptId
    ? await db.select({ deptId: sysDept.deptId, deptName: sysDept.deptName }).from(sysDept).where(eq(sysDept.deptId, user.deptId))
    : [];
  const sessionUser: SessionUser = {
    userId: user.userId,
    userName: user.userName,
    nickName: user.nickName,
    email: user.email,
    phonenumber: user.phonenumber,
    sex: user.sex,
    avatar: user.avatar,
    introduction: user.introduction,
    deptId: user.deptId,
    dept: dept ?? null,
    loginDate: user.loginDate?.toISOString() ?? null,
    createTime: user.createTime.toISOString(),
  };
  // A signed-in user without roles still needs a non-empty list, or the client would reload forever.
  const roles = current.isAdmin ? ['admin'] : current.roles.length ? current.roles.map((r) => r.roleKey) : ['ROLE_DEFAULT'];
  return {
    // SPEC §7 reads these at the top level (vue-element-admin's getInfo): the name shown, avatar, introduction.
    name: user.nickName || user.userName,
    avatar: user.avatar,
    introduction: user.introduction,
    user: sessionUser,
    roles,
    permissions: [...current.permissions],
    isAdmin: current.isAdmin,
    isDefaultModifyPwd: user.mustChangePwd,
    isPasswordExpired: isPasswordExpired(user, Date.now(), rules.passwordAgeDays),
    // RuoYi's clients read the password character rule from here (to check new passwords themselves).
    pwdChrtype: rules.passwordChars,
    defaultDashboardId: await landingDashboardOf(db, current),
    organisationCurrency: rules.organisationCurrency,
  };
}
