import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../../db/client';

/** A column of the module's table as a quoted identifier (names come from metadata, never from a request). */
export const col = (name: string): SQL => sql`${sql.identifier(name)}`;

export const tableOf = (table: string): SQL => sql`${sql.identifier(table)}`;

/** The rows of a raw statement, on PGlite and node-postgres alike. */
export async function rowsOf<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** Present (not deleted) rows: every index of a module table is partial on this. */
export const PRESENT = sql`deleted_at is null`;
