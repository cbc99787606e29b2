import { sql } from 'drizzle-orm';
import { CLOSED_WON } from '@orbit/shared/crm/opportunityStages';
import type { ApprovalFieldSet, ApprovalStep } from '@orbit/shared/crm/approvals';
import type { FilterNode } from '@orbit/shared/crm/filterTree';
import type { Executor } from '../../client';

/** Above this amount an opportunity needs its sales manager's approval before it is won (issue 34's example). */
export const DEMO_APPROVAL_AMOUNT = 100_000;
export const DEMO_APPROVAL_NAME = 'Large deal approval';

/**
 * The demo's approval process: an opportunity over 100,000 moved to Closed Won is refused and
 * offered for approval instead; its owner's manager (the sales manager leading the owner's
 * department) approves, which moves it to Closed Won.
 */
export async function seedApprovals(tx: Executor): Promise<void> {
  const entry: FilterNode = { field: 'amount', op: 'gt', value: DEMO_APPROVAL_AMOUNT };
  const steps: ApprovalStep[] = [{ kind: 'manager' }];
  const onApprove: ApprovalFieldSet[] = [{ field: 'stage', value: CLOSED_WON }];
  await tx.execute(sql`insert into crm_approval_process (module, name, active, entry_filter, when_field, when_value, steps, on_approve, on_reject, notify, create_by)
    values ('opportunity', ${DEMO_APPROVAL_NAME}, true, ${JSON.stringify(entry)}::jsonb, 'stage', ${CLOSED_WON}, ${JSON.stringify(steps)}::jsonb, ${JSON.stringify(onApprove)}::jsonb, '[]'::jsonb, true, 'seed')`);
}
