import { sql, type SQL } from 'drizzle-orm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { badRequest } from '../../../../lib/errors';

/**
 * The lock of a record awaiting approval (issue 34), the same for every module: a column the
 * engine's lock statement (records/moduleRecords.ts `lockAll`) and the record read select beside
 * the fields — no statement of its own — read from the pending request's partial unique index.
 */
export const APPROVAL_PENDING = 'approval_pending__';

export const approvalPendingColumn = (module: CrmModule, table: string): SQL =>
  sql`exists(select 1 from crm_approval_request q where q.module = ${module} and q.record_id = ${sql.identifier(table)}.id and q.status = 'pending') as ${sql.identifier(APPROVAL_PENDING)}`;

export const isApprovalPending = (row: Record<string, unknown>): boolean => row[APPROVAL_PENDING] === true || row[APPROVAL_PENDING] === 't';

/** Refuses a write to rows of which one awaits approval. */
export function assertNoPendingApproval(rows: Array<Record<string, unknown>>): void {
  if (rows.some(isApprovalPending)) throw badRequest('approval.recordLocked');
}
