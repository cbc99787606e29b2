import { sql } from 'drizzle-orm';
import type { ModuleHooks } from '../engine/moduleHooks';

/**
 * A campaign purged from the recycle bin takes its member list with it. Leads merged into another
 * hand it their memberships; one the survivor (or another merged lead) already has in that campaign
 * is dropped, not doubled.
 */
export const campaignHooks: ModuleHooks = {
  beforePurge: async (tx, ids) => void (await tx.execute(sql`delete from crm_campaign_member where campaign_id in ${ids}`)),
  mergeLinks: {
    leads: async ({ tx }, survivorId, mergedIds) => {
      const all = [survivorId, ...mergedIds];
      // Keep, per campaign, the survivor's membership, else the earliest of the merged leads'.
      await tx.execute(sql`
        delete from crm_campaign_member m where m.lead_id in ${mergedIds} and exists (
          select 1 from crm_campaign_member k where k.campaign_id = m.campaign_id and k.lead_id in ${all}
            and (k.lead_id = ${survivorId} or (k.lead_id <> ${survivorId} and k.id < m.id)))`);
      await tx.execute(sql`update crm_campaign_member set lead_id = ${survivorId}, update_time = now() where lead_id in ${mergedIds}`);
    },
  },
};
