import type { RecordEventChange, RecordEventKind } from '@orbit/shared/contract/automation';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Executor } from '../../../db/client';
import { sql } from 'drizzle-orm';
import { insertRows } from '../../../db/jsonInsert';
import { rowsOf } from '../engine/query/sql';
import { crmRecordEvent } from '../../../db/schema/automation';
import type { CurrentUser } from '../../auth/currentUser';
import type { HistoryEntry } from '../engine/history/recordHistory';

/** The field whose change is a `stageChanged` event (the opportunities' pipeline). */
export const STAGE_FIELD = 'stage';

/** History actions that carry a changed field's old and new value. */
const CHANGES = new Set(['update', 'transfer', 'convert', 'merge']);

/** What a record's entries of one write amount to: the strongest kind wins (a create's defaults are not "updates"). */
function kindOf(entries: HistoryEntry[]): RecordEventKind | undefined {
  const actions = new Set(entries.map((e) => e.action));
  if (actions.has('create')) return 'created';
  if (actions.has('delete') || actions.has('mergedInto')) return 'deleted';
  if (actions.has('restore')) return 'restored';
  if (actions.has('convert')) return 'converted';
  if (entries.some((e) => e.field === STAGE_FIELD && CHANGES.has(e.action))) return 'stageChanged';
  if (entries.some((e) => CHANGES.has(e.action))) return 'updated';
  // A duplicate's reason alone changes nothing a rule or a webhook watches.
  return undefined;
}

/**
 * The outbox: one event per record of a write, inserted in the write's own transaction (called by
 * recordHistory.write), so that an event exists exactly when its change committed. A rule's change
 * carries the rule and its depth (CurrentUser.automation).
 */
export async function writeRecordEvents(tx: Executor, module: CrmModule, user: CurrentUser, entries: HistoryEntry[]): Promise<void> {
  // Nobody listens to this module's changes: no event (an import of 100,000 rows writes none, and
  // the worker has nothing to go through). A rule or webhook applies to changes after it is saved.
  if (!(await hasListeners(tx, module))) return;
  const byRecord = new Map<number, HistoryEntry[]>();
  for (const entry of entries) byRecord.set(entry.recordId, [...(byRecord.get(entry.recordId) ?? []), entry]);
  const rows: Array<typeof crmRecordEvent.$inferInsert> = [];
  for (const [recordId, own] of byRecord) {
    const kind = kindOf(own);
    if (!kind) continue;
    const changed: RecordEventChange[] = own
      .filter((e) => e.field && CHANGES.has(e.action))
      .map((e) => ({ field: e.field!, oldValue: e.oldValue ?? null, newValue: e.newValue ?? null }));
    rows.push({ module, recordId, kind, changed, userId: user.userId, depth: user.automation?.depth ?? 0, ruleId: user.automation?.ruleId ?? null });
  }
  // As JSON (one parameter): an import's batch of thousands stays one statement.
  await insertRows(tx, crmRecordEvent, rows);
}

/** Whether an active workflow rule or webhook watches the module (two reads of small indexed tables). */
async function hasListeners(tx: Executor, module: CrmModule): Promise<boolean> {
  const [row] = await rowsOf<{ listened: boolean }>(
    tx,
    sql`select exists (select 1 from crm_workflow_rule where module = ${module} and active) or exists (select 1 from sys_webhook where module = ${module} and active) as listened`,
  );
  return row?.listened === true;
}
