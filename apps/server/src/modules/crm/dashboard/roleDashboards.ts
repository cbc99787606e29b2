import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Executor } from '../../../db/client';
import { DEL_FLAG_PRESENT, STATUS_NORMAL } from '../../../db/schema/columns';
import { crmDashboard } from '../../../db/schema/crmReport';
import { sysRole } from '../../../db/schema/organisation';
import { fieldError } from '../../../lib/errors';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';

/** Dashboards every holder of a role can open: the built-in ones and the shared ones (a private one would be a 404 for them). */
const forEveryone = or(isNotNull(crmDashboard.builtInKey), eq(crmDashboard.shared, true));

/** The dashboards a role may land on, for the role dialog's select. */
export async function roleDashboardChoices(db: Executor, lang: Language): Promise<Array<{ id: number; name: string }>> {
  const rows = await db.select({ id: crmDashboard.id, name: crmDashboard.name, nameZh: crmDashboard.nameZh }).from(crmDashboard).where(forEveryone).orderBy(sql`${crmDashboard.builtInKey} is null`, asc(crmDashboard.id));
  return rows.map((r) => ({ id: r.id, name: lang === 'zh' && r.nameZh ? r.nameZh : r.name }));
}

/** A role's landing dashboard must be one its holders can all open. */
export async function assertRoleDashboard(db: Executor, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const [row] = await db.select({ id: crmDashboard.id }).from(crmDashboard).where(and(eq(crmDashboard.id, id), forEveryone));
  if (!row) throw fieldError('defaultDashboardId', 'dashboard.notForRoles');
}

/**
 * The dashboard the signed-in user lands on at `/` (SPEC §2's second reading): the first of their
 * roles (by role order) that has one still open to everyone — none without the permission to see
 * dashboards, nor while they must first replace their password (the dashboard's calls would be
 * refused behind the prompt). Its widgets still run in the user's own data scope.
 */
export async function landingDashboardOf(db: Executor, user: CurrentUser): Promise<number | null> {
  if (user.mustChangePwd || !user.roles.length || !hasPermission(user, PERMISSIONS.dashboard.list)) return null;
  const [row] = await db
    .select({ id: crmDashboard.id })
    .from(sysRole)
    .innerJoin(crmDashboard, eq(crmDashboard.id, sysRole.defaultDashboardId))
    .where(and(inArray(sysRole.roleId, user.roles.map((r) => r.roleId)), eq(sysRole.delFlag, DEL_FLAG_PRESENT), eq(sysRole.status, STATUS_NORMAL), forEveryone))
    .orderBy(asc(sysRole.roleSort), asc(sysRole.roleId))
    .limit(1);
  return row?.id ?? null;
}
