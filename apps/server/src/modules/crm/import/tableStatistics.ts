import { sql } from 'drizzle-orm';
import type { DuplicateRule } from '@orbit/shared/contract/duplicates';
import type { Db, Executor } from '../../../db/client';
import { KEY_TYPES } from '../engine/fieldTypes/text';
import { rowsOf, tableOf } from '../engine/query/sql';
import type { ImportPlan } from './importPlan';

/** Changes since the last analysis beyond which the planner's picture of a table is redone: half of it, and at least this many rows. */
const STALE_ROWS = 500;

/**
 * The statistics target of the import's own analyses (PostgreSQL's default is 100: a sample of
 * 30,000 rows, the whole table while it is small). The lookups need only to know the table's size
 * and that an index is worth reading; a tenth of the sample tells that at a fifth of the cost
 * (bench/import.ts), and autovacuum analyses the grown table at the full target afterwards.
 */
const IMPORT_STATISTICS_TARGET = 10;

/**
 * Analyses a module's table when the planner's statistics of it are missing or stale — a table
 * just filled by the seed or grown by this import. An import looks every row's duplicate key up by
 * an index; without statistics the planner takes the tables for empty, any index for as good as
 * another, and scans a whole index per key (what autovacuum would fix, but only a minute later).
 * Bulk loaders analyse after loading for the same reason.
 */
export async function analyseIfStale(db: Db, table: string): Promise<void> {
  const [stats] = await rowsOf<{ changed: unknown; live: unknown; analysed: unknown }>(
    db,
    sql`select n_mod_since_analyze as changed, n_live_tup as live, coalesce(last_analyze, last_autoanalyze) is not null as analysed
      from pg_stat_user_tables where relid = ${table}::regclass`,
  );
  if (!stats) return;
  if (stats.analysed && Number(stats.changed) <= Math.max(STALE_ROWS, Number(stats.live) / 2)) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local default_statistics_target = ${sql.raw(String(IMPORT_STATISTICS_TARGET))}`);
    await tx.execute(sql`analyze ${tableOf(table)}`);
  });
}

/**
 * Whether the import's lookups of each row go through a trigram index: a duplicate rule whose every
 * condition is one (a `fuzzy` or `emailDomain` match; any other condition has a btree the planner
 * takes first), or a duplicate key of plain text (found by ILIKE). Only then are the pending lists
 * worth flushing after each batch (flushPendingIndexEntries): otherwise the inserts flush them
 * themselves when they fill, as a bulk load does, in larger and cheaper steps.
 */
export function probesTrigramIndexes(plan: ImportPlan, rules: DuplicateRule[]): boolean {
  if (plan.duplicate && !KEY_TYPES.has(plan.duplicate.column.field.type)) return true;
  return rules.some((rule) => rule.conditions.every((c) => c.match === 'fuzzy' || c.match === 'emailDomain'));
}

/**
 * Moves the entries of rows just written from the GIN indexes' pending lists into the indexes
 * proper (`gin_clean_pending_list`, in bulk, as vacuum would). Every trigram lookup reads the
 * whole pending list, so an import's duplicate checks through a trigram index would otherwise cost
 * more with every batch it wrote (docs/decisions.md, "Trigram lookups while importing").
 */
export async function flushPendingIndexEntries(db: Executor, table: string): Promise<void> {
  await db.execute(
    sql`select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
      where i.indrelid = ${table}::regclass and am.amname = 'gin'`,
  );
}
