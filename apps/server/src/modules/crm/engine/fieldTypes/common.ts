import { sql, type SQL } from 'drizzle-orm';
import { index, type IndexBuilder } from 'drizzle-orm/pg-core';
import type { FilterOperator } from '@orbit/shared/crm/fieldTypes';
import { BadFilterValue } from './fieldType';

/** The data-scope columns every module table has (lib/dataScope.ts). */
const SCOPE_COLUMNS = ['dept_id', 'owner_id'];

/**
 * The usual index of a sortable / filterable column, partial on present rows:
 * - `column nulls first, id`: read forwards it is the list's ascending sort, backwards its
 *   descending one (empty values count as the smallest: first going up, last going down; see
 *   recordsService's `orderBy`), with the `id` tie-break — so every sort stops after a page;
 * - then the data-scope columns, so that a sales manager's or a rep's filtered total is counted
 *   from the index alone (an index-only scan) and out-of-scope rows are skipped before the table
 *   is read.
 */
export function columnIndex(table: string, column: string, col: (name: string) => SQL, present: SQL): IndexBuilder {
  const scope = SCOPE_COLUMNS.filter((c) => c !== column).map(col);
  return index(`${table}_${column}_idx`).on(sql`${col(column)} nulls first`, col('id'), ...scope).where(present);
}

/**
 * The index a board's counts read (engine/board/boardTotals.ts): `(column, dept_id, owner_id)` on
 * present rows. Without the unique `id` its keys repeat — a few dozen distinct ones in a million rows
 * of a picklist — so PostgreSQL stores each once with the list of its rows (btree deduplication): a
 * million rows' index is a few MB, against some 55 MB for `columnIndex`. The grouped count of an
 * administrator, a manager (department) or a rep (owner) is an index-only scan of it, where the
 * planner would otherwise read the whole table of a narrow module (tasks).
 */
export function boardIndex(table: string, column: string, col: (name: string) => SQL, present: SQL): IndexBuilder {
  return index(`${table}_${column}_board_idx`).on(col(column), ...SCOPE_COLUMNS.map(col)).where(present);
}

/**
 * Operators every single-column type shares once its value is converted: equality, exclusion
 * (which keeps the empty rows, as "not X" does for a person), lists and emptiness.
 */
export function choiceCondition(c: SQL, op: FilterOperator, value: unknown, convert: (v: unknown) => unknown): SQL {
  switch (op) {
    case 'eq':
      return sql`${c} = ${convert(value)}`;
    case 'ne':
      return sql`(${c} is null or ${c} <> ${convert(value)})`;
    case 'in':
      return sql`${c} in ${listOf(value, convert)}`;
    case 'notIn':
      return sql`(${c} is null or ${c} not in ${listOf(value, convert)})`;
    default:
      return emptiness(c, op);
  }
}

/** "Is empty" / "is not empty" of a one-column field; any other operator is not the field's. */
export function emptiness(c: SQL, op: FilterOperator): SQL {
  if (op === 'empty') return sql`${c} is null`;
  if (op === 'notEmpty') return sql`${c} is not null`;
  throw new BadFilterValue();
}

/** A non-empty list of converted values, as `($1, $2, …)`. */
export function listOf(value: unknown, convert: (v: unknown) => unknown): unknown[] {
  if (!Array.isArray(value) || value.length === 0) throw new BadFilterValue();
  return value.map(convert);
}

/** An id as a filter value. */
export function idValue(value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (!Number.isSafeInteger(n) || (n as number) <= 0) throw new BadFilterValue();
  return n as number;
}

/** A short text as a filter value. */
/** The longest text a filter compares. */
export const KEY_MAX = 255;

export function textValue(value: unknown, max = KEY_MAX): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) throw new BadFilterValue();
  return value;
}

/** `%`, `_` and `\` of a user's text matched literally by LIKE. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `escapeLike` in SQL, of a value known only there (a column of a batch's values). */
export const escapeLikeSql = (text: SQL): SQL => sql`replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
