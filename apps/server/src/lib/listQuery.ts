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

export function orderByOf<K extends string>(
  columns: Record<K, PgColumn>,
  query: { orderByColumn?: K; isAsc?: string },
  fallback: SQL | PgColumn,
): Array<SQL | PgColumn> {
  if (!query.orderByColumn) return [fallback];
  const column = columns[query.orderByColumn];
  const direction = query.isAsc === 'desc' || query.isAsc === 'descending' ? desc : asc;
  return [direction(column), fallback];
}

type DateRange = { 'params[beginTime]'?: string; 'params[endTime]'?: string; beginTime?: string; endTime?: string };

/** created-between: begin day inclusive, end day inclusive (up to the start of the next day). */
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
