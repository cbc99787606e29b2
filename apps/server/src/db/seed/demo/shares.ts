import { sql } from 'drizzle-orm';
import type { Executor } from '../../client';
import type { DemoContext } from './context';
import type { DemoLead } from './leads';

/**
 * A few manual shares, so the Sharing panel and "shared with me" have something to show
 * (docs/architecture.md, "Sharing"): three of Noah's (Sales West) leads shared read-only with
 * Grace (Key Accounts East), two of Liam's shared read/write with her. Campaigns need none: their
 * module default is public read-only (migration 0033).
 */
export async function seedShares(tx: Executor, ctx: DemoContext, leads: DemoLead[]): Promise<void> {
  const grace = ctx.user('grace.hall');
  const shares = [
    ...leads.filter((l) => l.ownerId === ctx.user('noah.king').userId).slice(0, 3).map((l) => ({ lead: l, canWrite: false })),
    ...leads.filter((l) => l.ownerId === ctx.user('liam.brooks').userId).slice(0, 2).map((l) => ({ lead: l, canWrite: true })),
  ];
  if (!shares.length) return;
  const values = shares.map(({ lead, canWrite }) => sql`('leads', ${lead.id}, 'user', ${grace.userId}, ${canWrite}, ${lead.ownerId})`);
  await tx.execute(sql`insert into crm_record_share (module, record_id, recipient_kind, recipient_id, can_write, shared_by) values ${sql.join(values, sql`, `)}`);
}
