import { sql } from 'drizzle-orm';
import type { ModuleHooks } from '../engine/moduleHooks';
import { moveCampaignMemberships } from './campaignMemberships';

/**
 * A campaign purged from the recycle bin takes its member list with it. Leads or contacts merged
 * into another hand it their memberships; one the survivor (or another merged record) already has
 * in that campaign is dropped, not doubled (campaignMemberships.ts).
 */
export const campaignHooks: ModuleHooks = {
  beforePurge: async (tx, ids) => void (await tx.execute(sql`delete from crm_campaign_member where campaign_id in ${ids}`)),
  mergeLinks: {
    leads: async ({ tx }, survivorId, mergedIds) => void (await moveCampaignMemberships(tx, 'leads', survivorId, mergedIds)),
    contact: async ({ tx }, survivorId, mergedIds) => void (await moveCampaignMemberships(tx, 'contact', survivorId, mergedIds)),
  },
};
