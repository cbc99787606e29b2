import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../engine/query/sql';

/**
 * For a merge of contacts (registered as `opportunityHooks.mergeLinks.contact`, run in the merge's transaction): the
 * roles of the merged contacts move to the survivor. Where the survivor (or an earlier merged
 * contact) already has a role on the same opportunity, the extra row is dropped — but a primary
 * stays primary: the kept row takes the flag. Answers how many rows moved.
 */
export async function moveContactRoles(tx: Executor, survivorId: number, mergedIds: number[]): Promise<number> {
  const merged = mergedIds.filter((id) => id !== survivorId);
  if (!merged.length) return 0;
  const everyone = [survivorId, ...merged];
  // One row per opportunity among the people merged: the survivor's own first, then the merged ones in id order.
  const [answer] = await rowsOf<{ to_primary: unknown }>(
    tx,
    sql`
    with ranked as (
      select id, opportunity_id, is_primary,
             row_number() over (partition by opportunity_id order by (contact_id = ${survivorId}) desc, id) as n,
             bool_or(is_primary) over (partition by opportunity_id) as any_primary
      from crm_opportunity_contact_role where contact_id in ${everyone}
    ),
    dropped as (delete from crm_opportunity_contact_role r using ranked k where r.id = k.id and k.n > 1 returning r.id)
    select (select count(*) from dropped) as dropped,
           array(select id from ranked where n = 1 and any_primary and not is_primary) as to_primary`,
  );
  const toPrimary = (answer?.to_primary as Array<string | number> | null)?.map(Number) ?? [];
  // After the duplicates are gone, a primary dropped with them passes to the row kept.
  if (toPrimary.length) await tx.execute(sql`update crm_opportunity_contact_role set is_primary = true where id in ${toPrimary}`);
  const moved = await rowsOf(tx, sql`update crm_opportunity_contact_role set contact_id = ${survivorId}, update_time = now() where contact_id in ${merged} returning id`);
  return moved.length;
}
