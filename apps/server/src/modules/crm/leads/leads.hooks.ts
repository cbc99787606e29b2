import { sql } from 'drizzle-orm';
import type { ModuleHooks } from '../engine/moduleHooks';

export const leadsHooks: ModuleHooks = {
  /** A converted lead is history: it keeps its links to what it became and changes no more. */
  lockedReason: (record) => (record.convertedAt ? 'lead.convertedReadOnly' : undefined),
  /** A lead purged from the recycle bin leaves the campaigns it was a member of. */
  beforePurge: async (tx, ids) => void (await tx.execute(sql`delete from crm_campaign_member where lead_id in ${ids}`)),
};
