import { and, asc, desc, gte, lt, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Paging, sorting and date-range helpers shared by the list endpoints. Sorting maps a whitelisted
 * name (already checked by the zod schema) to a column; the direction is one of two keywords.
 */
export type PageParams = { pageNum: number; pageSize: number };

export function offsetOf({ pageNum, pageSize }: PageParams): number {
  return (pageNum - 1) * pageSize;
}

/**
 * ORDER BY of a list: unsorted, the default order (`tieBreak` columns, all in `unsorted`
 * direction); sorted, the chosen column and then the tie-break columns in the same direction, so
 * pages are stable and one index on (column, …tieBreak) serves both directions of every sort.
 */
export function orderByOf<K extends string>(
  columns: Record<K, PgColumn>,
  query: { orderByColumn?: K; isAsc?: string },
  tieBreak: PgColumn[],
  unsorted: 'asc' | 'desc',
): SQL[] {
  if (!query.orderByColumn) return tieBreak.map(unsorted === 'asc' ? asc : desc);
  const direction = query.isAsc === 'desc' || query.isAsc === 'descending' ? desc : asc;
  return [columns[query.orderByColumn], ...tieBreak].map((column) => direction(column));
}

type DateRange = { 'params[beginTime]'?: string; 'params[endTime]'?: string; beginTime?: string; endTime?: string };

/**
 * created-between: begin day inclusive, end day inclusive (up to the start of the next day). The
 * days were checked by the contract's `dateRangeQuery` (real days from EARLIEST_DAY to LATEST_DAY),
 * so both ends and the day after the end are dates PostgreSQL can compare with.
 */
export function dateRangeOf(column: AnyColumn, query: DateRange): SQL | undefined {
  const begin = query['params[beginTime]'] || query.beginTime;
  const end = query['params[endTime]'] || query.endTime;
  const conditions: SQL[] = [];
  const from = begin ? dayStart(begin) : undefined;
  const to = end ? dayStart(end) : undefined;
  if (from) conditions.push(gte(column, from));
  if (to) {
    to.setDate(to.getDate() + 1);
    conditions.push(lt(column, to));
  }
  return conditions.length ? and(...conditions) : undefined;
}

function dayStart(value: string): Date | undefined {
  const date = new Date(`${value.slice(0, 10)}T00:00:00`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `%text%` for ILIKE with the wildcards of the user's text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The total of a `count(*)` row as a number on both PGlite and node-postgres. */
export function toCount(rows: Array<{ count: number | string | bigint }>): number {
  return Number(rows[0]?.count ?? 0);
}
