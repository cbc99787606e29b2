import { and, count, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { notFound } from './errors';
import { toCount } from './listQuery';

/** A table whose rows are addressed by id: its id column and what makes a row present (not soft-deleted). */
export type ScopedTable = { table: PgTable; id: PgColumn; present?: SQL };

/** Whether every one of `ids` exists and passes the caller's data scope (`scope` from dataScopeFilter). */
export async function allInScope(db: Executor, target: ScopedTable, ids: readonly number[], scope: SQL | undefined): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (!unique.length) return true;
  const rows = await db.select({ count: count() }).from(target.table).where(and(inArray(target.id, unique), target.present, scope));
  return toCount(rows) === unique.length;
}

/**
 * Every id a request addresses must exist and be in the caller's data scope. An id outside the
 * scope answers exactly as one that does not exist (404 'common.notFound'): a different answer
 * would tell the caller which ids exist beyond their reach.
 */
export async function assertInScope(db: Executor, target: ScopedTable, ids: readonly number[], scope: SQL | undefined): Promise<void> {
  if (!(await allInScope(db, target, ids, scope))) throw notFound();
}
