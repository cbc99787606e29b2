import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

/**
 * Purge hooks (ModuleHooks.beforePurge): roles die with their opportunity or their contact when it
 * leaves the recycle bin for good. While it is in the bin they are kept, hidden (contactRoles.ts joins
 * on present records), so a restore brings them back.
 */
export const purgeRolesOfOpportunities = async (tx: Executor, ids: number[]): Promise<void> =>
  void (await tx.execute(sql`delete from crm_opportunity_contact_role where opportunity_id in ${ids}`));

export const purgeRolesOfContacts = async (tx: Executor, ids: number[]): Promise<void> =>
  void (await tx.execute(sql`delete from crm_opportunity_contact_role where contact_id in ${ids}`));
