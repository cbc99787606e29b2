import { sql } from 'drizzle-orm';
import type { ModuleHooks } from '../engine/moduleHooks';

/** A campaign purged from the recycle bin takes its member list with it. */
export const campaignHooks: ModuleHooks = {
  beforePurge: async (tx, ids) => void (await tx.execute(sql`delete from crm_campaign_member where campaign_id in ${ids}`)),
};
