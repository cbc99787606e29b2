import { sql } from 'drizzle-orm';
import type { RecordEventChange, WorkflowTrigger } from '@orbit/shared/contract/automation';
import type { FilterNode } from '@orbit/shared/crm/filter';
import type { Executor } from '../../../db/client';
import { compileFilter } from '../engine/query/filterCompiler';
import { rowsOf, tableOf } from '../engine/query/sql';
import type { ModuleDef } from '../engine/metadata/moduleDef';

const UPDATES = new Set(['updated', 'stageChanged']);

/** A changed value equal to a trigger's value (as sent in a rule: a picklist's code, a number, a checkbox). */
function sameValue(value: unknown, wanted: string | number | boolean): boolean {
  if (value === null || value === undefined || typeof value === 'object') return false;
  return String(value) === String(wanted);
}

/** Whether an event of `kind` with `changed` fields starts a rule with `trigger` (a date trigger never: the date scan runs those). */
export function triggerMatches(trigger: WorkflowTrigger, kind: string, changed: RecordEventChange[]): boolean {
  switch (trigger.kind) {
    case 'created':
      return kind === 'created';
    case 'updated':
      return UPDATES.has(kind);
    case 'fieldChanged':
      return UPDATES.has(kind) && changed.some((c) => c.field === trigger.field && (trigger.value === undefined || sameValue(c.newValue, trigger.value)));
    case 'dateReached':
      return false;
  }
}

/**
 * Of `recordIds`, those whose records meet a rule's conditions now, by the list filters' own
 * compiler (same fields, operators and checks as a list's filter): one statement for a batch of
 * events. A deleted record is still read: a rule may watch deletions.
 */
export async function recordsMeeting(tx: Executor, def: ModuleDef, recordIds: number[], conditions: FilterNode | null): Promise<Set<number>> {
  if (!recordIds.length) return new Set();
  const where = conditions ? compileFilter(conditions, def, 'en') : undefined;
  const ids = sql`array[${sql.join(recordIds.map((id) => sql`${id}`), sql`, `)}]::bigint[]`;
  const rows = await rowsOf<{ id: string | number }>(tx, sql`select id from ${tableOf(def.table)} where id = any(${ids})${where ? sql` and ${where}` : sql``}`);
  return new Set(rows.map((r) => Number(r.id)));
}
