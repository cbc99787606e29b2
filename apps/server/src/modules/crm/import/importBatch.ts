import { sql } from 'drizzle-orm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { translate } from '@orbit/shared/messages';
import type { Db, Executor } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { KEY_MAX, escapeLike } from '../engine/fieldTypes/common';
import { KEY_TYPES, keyMatch } from '../engine/fieldTypes/text';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { labelOf } from '../engine/query/filterCompiler';
import { recordAccess } from '../engine/query/recordAccess';
import { PRESENT, col, rowsOf, tableOf } from '../engine/query/sql';
import { createRecordsService } from '../engine/records/recordsService';
import { createWriteCache } from '../engine/records/writeCache';
import { createCellReader } from './cellValues';
import type { ImportPlan } from './importPlan';
import { cellText, type DataRow } from './importSheet';
import { KeySet } from './keySet';

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

/** A row read: its body, the cells that could not be read (and their fields), its duplicate key as written. */
type ReadRow = { body: Record<string, unknown>; problems: string[]; unread: Set<string>; key: string };

/**
 * Imports (or, in a dry run, checks) rows a batch at a time for one plan: reads the cells as the
 * form's values, finds each row's duplicate (one query for the batch), and hands the records to
 * the engine — `createManyIn` (one insert for the batch's new records) and `updateTrackedIn` to
 * write, `checkWriteIn` to check — so that every row passes exactly the form's rules under the
 * caller's scope, with the batch's answers from the database asked once (records/writeCache.ts).
 * Rows that fail say why, by field, in the caller's language.
 */
export function createBatchImporter(db: Db, meta: MetadataStore, plan: ImportPlan) {
  const { def, caller, duplicate } = plan;
  const records = createRecordsService(db, plan.module);
  const cells = createCellReader(meta, caller, plan.timezoneOffset);
  /** Duplicate keys (lower case) of the rows this pass created (a dry run: would create), as hashes: never the rows' strings, which would keep the reader's chunks alive. */
  const created = new KeySet();

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

  // Every message of the row: at most one a mapped column (IMPORT_MAX_COLUMNS) and the row's own.
  const fail = (messages: string[]): RowOutcome => ({ action: 'fail', messages });

  /** A row the engine or the database refused; any other error stops the batch. */
  function refused(error: unknown, row: ReadRow): RowOutcome {
    if (error instanceof AppError) return fail([...row.problems, ...messagesOf(error, row.unread)]);
    if (isRefusedValue(error)) return fail([...row.problems, translate(caller.lang, 'import.rowFailed')]);
    throw error;
  }

  /** The row as a record body (empty cells left out: a create gets the defaults, an update keeps the value), and what could not be read. */
  async function readRow(db: Executor, row: DataRow): Promise<ReadRow> {
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
    const keyCell = duplicate ? (row.cells[duplicate.column.index] ?? null) : null;
    return { body, problems, unread, key: keyCell === null ? '' : cellText(keyCell) };
  }

  /**
   * For each key (by its lower case), the present records within the caller's scope whose duplicate
   * field equals it (case-insensitively: by the `lower` index of an e-mail, phone or web address,
   * else by the field's trigram index), at most 3 — in one statement, the keys joined laterally
   * (one index lookup each; a union of one branch per key costs more to plan than to run).
   */
  async function matching(db: Executor, keys: string[]): Promise<Map<string, Array<{ id: number; version: number }>>> {
    const found = new Map(keys.map((key) => [key.toLowerCase(), [] as Array<{ id: number; version: number }>]));
    const field = duplicate!.column.field;
    // A key longer than a filter value may be matches nothing, as with the list filter's "equals".
    const asked = keys.flatMap((key, n) => (key.length <= KEY_MAX ? [{ n, key, pattern: escapeLike(key) }] : []));
    if (!asked.length) return found;
    const scope = recordAccess(caller.user, def.module, 'read');
    const equal = KEY_TYPES.has(field.type) ? keyMatch(col(field.column), sql`k.key`) : sql`${col(field.column)} ilike k.pattern`;
    // No `order by id`: with it the planner may walk the primary key until three match — the whole table for a new key.
    const rows = await rowsOf<{ n: unknown; id: unknown; version: unknown }>(
      db,
      sql`select k.n, r.id, r.version from json_to_recordset(${JSON.stringify(asked)}::json) as k(n int, key text, pattern text)
        cross join lateral (select id, version from ${tableOf(def.table)} where ${PRESENT} and ${equal}${scope ? sql` and ${scope}` : sql``} limit 3) r`,
    );
    for (const r of rows) found.get(keys[Number(r.n)]!.toLowerCase())!.push({ id: Number(r.id), version: Number(r.version) });
    return found;
  }

  /**
   * One batch of rows, answered in their order. `write`: create or update them (each update in a
   * savepoint of `db`, the new records together — see createManyIn — so that a refused row leaves
   * nothing behind and the batch goes on); otherwise only check them.
   */
  async function importBatch(db: Db, rows: DataRow[], write: boolean): Promise<RowOutcome[]> {
    const cache = createWriteCache();
    const read: ReadRow[] = [];
    for (const row of rows) read.push(await readRow(db, row));
    const keys = [...new Map(read.filter((r) => r.key).map((r) => [r.key.toLowerCase(), r.key])).values()];
    const matches = duplicate && keys.length ? await matching(db, keys) : new Map<string, Array<{ id: number; version: number }>>();
    // Where a row will be created is known only row by row; the rows of an update ask again (by their id).
    if (!write) await records.prepareDuplicateGuardIn(db, caller, read.map((r) => r.body), cache);
    const outcomes: RowOutcome[] = [];
    /** New records of this batch not yet written, with the key they take. */
    let pending: Array<{ at: number; row: ReadRow; body: Record<string, unknown>; seenKey: string }> = [];
    /** The keys `pending` takes (asked for every row: a scan of `pending` was quadratic in the batch). */
    const pendingKeys = new Set<string>();

    async function writePending() {
      const answers = await records.createManyIn(db, caller, pending.map((p) => p.body), cache, plan.rules, pending.map(() => plan.assign));
      for (const [i, { at, row, seenKey }] of pending.entries()) {
        const answer = answers[i]!;
        if ('id' in answer) {
          outcomes[at] = { action: 'create', recordId: answer.id };
          if (seenKey) created.add(seenKey);
        } else outcomes[at] = refused(answer.error, row);
      }
      pending = [];
      pendingKeys.clear();
    }

    for (const [at, row] of read.entries()) {
      const seenKey = row.key.toLowerCase();
      let target: { id: number; version: number } | undefined;
      if (duplicate && row.key) {
        // A row whose key an earlier row of the batch takes: that one is written first, then looked for.
        if (pendingKeys.has(seenKey)) {
          await writePending();
          matches.set(seenKey, (await matching(db, [row.key])).get(seenKey)!);
        }
        const found = matches.get(seenKey) ?? [];
        const seen = created.has(seenKey);
        if (duplicate.policy === 'skip' && (found.length || seen)) {
          outcomes[at] = { action: 'skip' };
          continue;
        }
        if (found.length > 1) {
          const params = { count: found.length > 2 ? '3+' : String(found.length), field: labelOf(duplicate.column.field, caller.lang), value: row.key };
          outcomes[at] = fail([translate(caller.lang, 'import.duplicateAmbiguous', params), ...row.problems]);
          continue;
        }
        target = found[0];
        // A record an earlier row of this file created (a dry run has not): it is what this row updates.
        if (!target && seen) {
          outcomes[at] = write ? fail([translate(caller.lang, 'record.notFound')]) : row.problems.length ? fail(row.problems) : { action: 'update', recordId: null, before: null, version: null };
          continue;
        }
      }

      const full = target ? row.body : { ...row.body, ownerId: plan.ownerId, ...(plan.recordTypeId !== null ? { recordTypeId: plan.recordTypeId } : {}) };
      try {
        if (row.problems.length) {
          // The engine's messages for the other cells come with those of the names that matched nothing
          // (not its "required" for the cells left out because of them).
          await records.checkWriteIn(db, caller, full, target?.id, cache, plan.rules);
          outcomes[at] = fail(row.problems);
        } else if (!write) {
          const changes = await records.checkWriteIn(db, caller, full, target?.id, cache, plan.rules);
          if (target) outcomes[at] = changes ? { action: 'update', recordId: target.id, before: null, version: null } : { action: 'skip' };
          else {
            if (duplicate && row.key) created.add(seenKey);
            outcomes[at] = { action: 'create', recordId: null };
          }
        } else if (target) {
          const { id, version } = target;
          outcomes[at] = await db.transaction(async (savepoint) => {
            const changed = await records.updateTrackedIn(savepoint, caller, { ...full, id, version });
            return changed ? { action: 'update', recordId: id, before: changed.before, version: changed.version } : { action: 'skip' };
          });
        } else if (duplicate && row.key) {
          pending.push({ at, row, body: full, seenKey });
          pendingKeys.add(seenKey);
        } else pending.push({ at, row, body: full, seenKey: '' });
      } catch (error) {
        outcomes[at] = refused(error, row);
      }
    }
    if (pending.length) await writePending();
    return outcomes;
  }

  return { importBatch };
}
