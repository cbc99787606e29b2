import { sql } from 'drizzle-orm';
import type { ApprovalFieldSet, ApprovalProcess, ApprovalStep } from '@orbit/shared/crm/approvals';
import type { FilterNode } from '@orbit/shared/crm/filterTree';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Executor } from '../../../../db/client';
import { rowsOf } from '../query/sql';

type Row = Record<string, unknown>;
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

export function toApprovalProcess(row: Row): ApprovalProcess {
  return {
    id: Number(row.id),
    module: row.module as CrmModule,
    name: String(row.name),
    active: row.active === true || row.active === 't',
    entryFilter: row.entry_filter === null || row.entry_filter === undefined ? null : json<FilterNode>(row.entry_filter),
    whenField: (row.when_field as string | null) ?? null,
    whenValue: (row.when_value as string | null) ?? null,
    steps: json<ApprovalStep[]>(row.steps),
    onApprove: json<ApprovalFieldSet[]>(row.on_approve),
    onReject: json<ApprovalFieldSet[]>(row.on_reject),
    notify: row.notify === true || row.notify === 't',
  };
}

/** A module's approval processes (all, or the active ones), in the order they were made. */
export async function approvalProcessesOf(db: Executor, module: CrmModule, activeOnly = false): Promise<ApprovalProcess[]> {
  const rows = await rowsOf(
    db,
    sql`select * from crm_approval_process where module = ${module}${activeOnly ? sql` and active` : sql``} order by id`,
  );
  return rows.map(toApprovalProcess);
}
