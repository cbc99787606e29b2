import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rowsOf, tableOf } from '../engine/query/sql';

/** Changes since the last analysis beyond which the planner's picture of a table is redone: half of it, and at least this many rows. */
const STALE_ROWS = 500;

/**
 * Analyses a module's table when the planner's statistics of it are missing or stale — a table
 * just filled by the seed or grown by this import. An import looks every row's duplicate key up by
 * an index; without statistics the planner takes the tables for empty, any index for as good as
 * another, and scans a whole index per key (what autovacuum would fix, but only a minute later).
 * Bulk loaders analyse after loading for the same reason.
 */
export async function analyseIfStale(db: Executor, table: string): Promise<void> {
  const [stats] = await rowsOf<{ changed: unknown; live: unknown; analysed: unknown }>(
    db,
    sql`select n_mod_since_analyze as changed, n_live_tup as live, coalesce(last_analyze, last_autoanalyze) is not null as analysed
      from pg_stat_user_tables where relid = ${table}::regclass`,
  );
  if (!stats) return;
  if (stats.analysed && Number(stats.changed) <= Math.max(STALE_ROWS, Number(stats.live) / 2)) return;
  await db.execute(sql`analyze ${tableOf(table)}`);
}

/**
 * Moves the entries of rows just written from the GIN indexes' pending lists into the indexes
 * proper (`gin_clean_pending_list`, in bulk, as vacuum would). Every trigram lookup reads the
 * whole pending list, so an import's duplicate checks — a trigram probe for each row — would
 * otherwise cost more with every batch it wrote (docs/decisions.md, "Trigram lookups while importing").
 */
export async function flushPendingIndexEntries(db: Executor, table: string): Promise<void> {
  await db.execute(
    sql`select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
      where i.indrelid = ${table}::regclass and am.amname = 'gin'`,
  );
}
