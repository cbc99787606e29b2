import { sql } from 'drizzle-orm';
import { CODE } from '@orbit/shared/constants';
import type { ApprovalProcess } from '@orbit/shared/crm/approvals';
import type { Language } from '@orbit/shared/constants';
import type { Executor } from '../../../../db/client';
import { AppError } from '../../../../lib/errors';
import type { FieldDef } from '../metadata/fieldDef';
import type { ModuleDef } from '../metadata/moduleDef';
import { compileFilter } from '../query/filterCompiler';
import { rowsOf, tableOf } from '../query/sql';
import { approvalProcessesOf } from './approvalProcessRows';

/**
 * The ids among `ids` that meet a process's entry conditions as the rows are now (inside the
 * caller's transaction, so a write's own changes count): the list filters' compiler, so the
 * conditions mean exactly what they mean in a list.
 */
export async function meetingEntry(tx: Executor, def: ModuleDef, process: ApprovalProcess, ids: number[], lang: Language, extra = sql`true`): Promise<number[]> {
  if (!ids.length) return [];
  const filter = process.entryFilter ? compileFilter(process.entryFilter, def, lang) : undefined;
  const rows = await rowsOf<{ id: unknown }>(
    tx,
    sql`select id from ${tableOf(def.table)} where deleted_at is null and id in ${ids} and ${extra}${filter ? sql` and ${filter}` : sql``}`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Refuses a write that moved records into a state an approval process guards — its "when" picklist
 * entering its value while the record meets its entry conditions (an opportunity over 100,000 moved
 * to Closed Won) — after the write, inside its transaction, so the refusal rolls it back. The answer
 * carries the process (`data.approvalProcessId`) so the page can offer submitting the record instead.
 * Only picklist changes can enter a guarded state, so other writes ask nothing more.
 */
export async function guardApprovalEntry(tx: Executor, def: ModuleDef, changed: FieldDef[], ids: number[], lang: Language): Promise<void> {
  const picklists = changed.filter((f) => f.type === 'picklist').map((f) => f.name);
  if (!picklists.length || !ids.length) return;
  const processes = (await approvalProcessesOf(tx, def.module, true)).filter((p) => p.whenField && picklists.includes(p.whenField) && p.whenValue !== null);
  for (const process of processes) {
    const field = def.byName.get(process.whenField!);
    if (!field) continue;
    const entered = await meetingEntry(tx, def, process, ids, lang, sql`${sql.identifier(field.column)} = ${process.whenValue}`);
    if (entered.length) {
      throw new AppError(CODE.badRequest, 'approval.required', { process: process.name }, undefined, { approvalProcessId: process.id, recordIds: entered });
    }
  }
}
