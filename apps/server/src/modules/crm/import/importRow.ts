import { sql } from 'drizzle-orm';
import { IMPORT_MESSAGES_PER_ROW } from '@orbit/shared/contract/recordImport';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { translate } from '@orbit/shared/messages';
import type { Db, Executor } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { BadFilterValue } from '../engine/fieldTypes/fieldType';
import { FIELD_TYPE_REGISTRY } from '../engine/fieldTypes/registry';
import type { MetadataStore } from '../engine/metadata/metadataStore';
import { labelOf } from '../engine/query/filterCompiler';
import { recordScope } from '../engine/query/recordScope';
import { PRESENT, col, rowsOf, tableOf } from '../engine/query/sql';
import { createRecordsService } from '../engine/records/recordsService';
import { createCellReader } from './cellValues';
import type { ImportPlan } from './importPlan';
import { cellText, type DataRow } from './importSheet';

/** What a row did (a run) or would do (a dry run). */
export type RowOutcome =
  | { action: 'create'; recordId: number | null }
  /** A dry run knows neither what an update replaces nor, for a record an earlier row would create, its id. */
  | { action: 'update'; recordId: number | null; before: Record<string, FieldValue> | null; version: number | null }
  | { action: 'skip' }
  | { action: 'fail'; messages: string[] };

/** SQLSTATE classes of a value the database refused (22 data exception, 23 integrity): that row fails (or is kept, in a revert), the rest goes on. */
export function isRefusedValue(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^2[23]/.test(e.code)) return true;
  }
  return false;
}

/**
 * Imports (or, in a dry run, checks) rows one at a time for one plan: reads the cells as the
 * form's values, finds the row's duplicate, and hands the record to the engine — `createIn` /
 * `updateTrackedIn` to write, `checkWriteIn` to check — so that every row passes exactly the
 * form's rules under the caller's scope. Rows that fail say why, by field, in the caller's language.
 */
export function createRowImporter(db: Db, meta: MetadataStore, plan: ImportPlan) {
  const { def, caller, duplicate } = plan;
  const records = createRecordsService(db, plan.module);
  const cells = createCellReader(meta, caller, plan.timezoneOffset);
  /** Duplicate keys of the rows this pass created (a dry run: would create), with the record's id when written. */
  const created = new Map<string, number | null>();

  /** A refusal as the row's messages, "Field: message" (the field named once); `except`: fields already said to be wrong. */
  function messagesOf(error: AppError, except: Set<string>): string[] {
    if (!error.errors) return [translate(caller.lang, error.key, error.params)];
    return Object.entries(error.errors)
      .filter(([name]) => !except.has(name))
      .map(([name, message]) => {
      const field = def.byName.get(name);
      const label = field ? labelOf(field, caller.lang) : name;
        const text = typeof message === 'string' ? translate(caller.lang, message, { ...error.params, field: label }) : translate(caller.lang, message.key, message.params);
        return text.includes(label) ? text : `${label}: ${text}`;
      });
  }

  /** The row as a record body (empty cells left out: a create gets the defaults, an update keeps the value), and what could not be read. */
  async function bodyOf(db: Executor, row: DataRow) {
    const body: Record<string, unknown> = {};
    const problems: string[] = [];
    const unread = new Set<string>();
    for (const { index, field } of plan.columns) {
      const cell = row.cells[index] ?? null;
      if (cell === null) continue;
      const reading = await cells.read(db, field, cell);
      if ('problem' in reading) {
        problems.push(translate(caller.lang, reading.problem.key, reading.problem.params));
        unread.add(field.name);
      } else body[field.name] = reading.value;
    }
    return { body, problems, unread };
  }

  /** Present records within the caller's scope whose duplicate field equals `key` (case-insensitively, through the field's trigram index). */
  async function matching(db: Executor, key: string): Promise<Array<{ id: number; version: number }>> {
    const field = duplicate!.column.field;
    let condition;
    try {
      condition = FIELD_TYPE_REGISTRY[field.type].condition(col, field.column, 'eq', key, field);
    } catch (error) {
      if (error instanceof BadFilterValue) return []; // longer than any stored value may be
      throw error;
    }
    const scope = recordScope(caller.user);
    const rows = await rowsOf<{ id: unknown; version: unknown }>(
      db,
      sql`select id, version from ${tableOf(def.table)} where ${PRESENT} and ${condition}${scope ? sql` and ${scope}` : sql``} order by id limit 3`,
    );
    return rows.map((r) => ({ id: Number(r.id), version: Number(r.version) }));
  }

  const fail = (messages: string[]): RowOutcome => ({ action: 'fail', messages: messages.slice(0, IMPORT_MESSAGES_PER_ROW) });

  /**
   * One row. `write`: create or update it (in a savepoint of `db`, so that a refused row leaves
   * nothing behind and the batch goes on); otherwise only check it.
   */
  async function importRow(db: Db, row: DataRow, write: boolean): Promise<RowOutcome> {
    const { body, problems, unread } = await bodyOf(db, row);
    const keyCell = duplicate ? (row.cells[duplicate.column.index] ?? null) : null;
    const key = keyCell === null ? '' : cellText(keyCell);
    const seenKey = key.toLowerCase();

    let target: { id: number; version: number } | undefined;
    if (duplicate && key) {
      const matches = await matching(db, key);
      const seen = created.has(seenKey);
      if (duplicate.policy === 'skip' && (matches.length || seen)) return { action: 'skip' };
      if (matches.length > 1) {
        const params = { count: matches.length > 2 ? '3+' : String(matches.length), field: labelOf(duplicate.column.field, caller.lang), value: key };
        return fail([translate(caller.lang, 'import.duplicateAmbiguous', params), ...problems]);
      }
      target = matches[0];
      // A record an earlier row of this file created (a dry run has not): it is what this row updates.
      if (!target && seen && !write) return problems.length ? fail(problems) : { action: 'update', recordId: null, before: null, version: null };
      if (!target && seen) return fail([translate(caller.lang, 'record.notFound')]);
    }

    const full = target ? body : { ...body, ownerId: plan.ownerId, ...(plan.recordTypeId !== null ? { recordTypeId: plan.recordTypeId } : {}) };
    try {
      if (problems.length) {
        // The engine's messages for the other cells come with those of the names that matched nothing
        // (not its "required" for the cells left out because of them).
        await records.checkWriteIn(db, caller, full, target?.id);
        return fail(problems);
      }
      if (!write) {
        const changes = await records.checkWriteIn(db, caller, full, target?.id);
        if (target) return changes ? { action: 'update', recordId: target.id, before: null, version: null } : { action: 'skip' };
        created.set(seenKey, null);
        return { action: 'create', recordId: null };
      }
      return await db.transaction(async (savepoint) => {
        if (target) {
          const changed = await records.updateTrackedIn(savepoint, caller, { ...full, id: target.id, version: target.version });
          return changed ? { action: 'update', recordId: target.id, before: changed.before, version: changed.version } : { action: 'skip' };
        }
        const recordId = await records.createIn(savepoint, caller, full);
        if (duplicate && key) created.set(seenKey, recordId);
        return { action: 'create', recordId };
      });
    } catch (error) {
      if (error instanceof AppError) return fail([...problems, ...messagesOf(error, unread)]);
      if (isRefusedValue(error)) return fail([...problems, translate(caller.lang, 'import.rowFailed')]);
      throw error;
    }
  }

  return { importRow };
}
