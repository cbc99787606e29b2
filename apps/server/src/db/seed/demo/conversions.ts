import { sql } from 'drizzle-orm';
import type { Executor } from '../../client';
import type { DemoContext } from './context';
import { changedRow, type DemoHistory } from './history';
import type { Conversion, DemoOpportunity } from './opportunities';

/** Marks the converted leads as converted into their account and opportunity, in one statement; answers their 'convert' history. */
export async function convertLeads(tx: Executor, ctx: DemoContext, conversions: Conversion[], opportunities: DemoOpportunity[]): Promise<DemoHistory[]> {
  if (!conversions.length) return [];
  const values = conversions.map(
    (c) =>
      sql`(${c.lead.id}::bigint, ${c.account.id}::bigint, ${opportunities[c.opportunityIndex]!.id}::bigint, ${c.at.toISOString()}::timestamptz, ${c.lead.ownerId}::bigint)`,
  );
  await tx.execute(sql`
    update crm_lead l set status = 'converted', converted_account_id = v.account_id, converted_opportunity_id = v.opportunity_id,
      converted_at = v.at, update_by = v.user_id, update_time = v.at, version = l.version + 1
    from (values ${sql.join(values, sql`, `)}) as v(id, account_id, opportunity_id, at, user_id)
    where l.id = v.id`);
  return conversions.map((c) => changedRow(ctx, 'leads', c.lead.id, { action: 'convert', field: 'status', from: c.lead.status, to: 'converted', userId: c.lead.ownerId, at: c.at }));
}
