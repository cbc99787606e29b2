import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';
import { isDateTime } from '@orbit/shared/crm/fieldValue';
import { columnIndex, emptiness } from './common';
import { dayOperand, relativeOperand } from './date';
import { asRange, type ServerFieldType } from './fieldType';

/** The first instant of a calendar day in the server's time zone (`plusDays` later). */
export function dayStart(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + plusDays);
}

/** A filter operand with a time is that instant; a bare day is that day (from its first instant). */
function instantOrDay(value: unknown): { at: Date; day?: string } {
  if (typeof value === 'string' && value.length > 10 && isDateTime(value)) return { at: new Date(value.replace(' ', 'T')) };
  const day = dayOperand(value);
  return { at: dayStart(day), day };
}

/**
 * Date-times: `timestamptz` columns. A filter on a day means the whole day in the server's time
 * zone: "on 2026-11-23" is [that midnight, the next).
 */
export const datetimeType: ServerFieldType = {
  columns: (column) => ({ [column]: timestamp(column, { withTimezone: true, mode: 'date' }) }),
  indexes: (table, column, _field, col, present) => [columnIndex(table, column, col, present)],
  customColumn: { sqlType: () => 'timestamp with time zone', indexes: () => ['btree'] },
  storedColumns: (column) => [column],
  read(row, column) {
    const raw = row[column];
    if (raw === null || raw === undefined) return null;
    return (raw instanceof Date ? raw : new Date(String(raw))).toISOString();
  },
  write: (value, column) => ({ [column]: value === null ? null : new Date(value as string) }),
  condition(col, column, op, value) {
    const c = col(column);
    switch (op) {
      case 'eq': {
        const day = dayOperand(value);
        return sql`${c} >= ${dayStart(day)} and ${c} < ${dayStart(day, 1)}`;
      }
      case 'before':
        return sql`${c} < ${instantOrDay(value).at}`;
      case 'after': {
        const { at, day } = instantOrDay(value);
        return sql`${c} >= ${day ? dayStart(day, 1) : at}`;
      }
      case 'between': {
        const [from, to] = asRange(value);
        const parts = [];
        if (from != null) parts.push(sql`${c} >= ${dayStart(dayOperand(from))}`);
        if (to != null) parts.push(sql`${c} < ${dayStart(dayOperand(to), 1)}`);
        return sql.join(parts, sql` and `);
      }
      case 'relative': {
        const { from, to } = relativeOperand(value);
        const parts = [];
        if (from !== null) parts.push(sql`${c} >= ${dayStart(from)}`);
        if (to !== null) parts.push(sql`${c} < ${dayStart(to)}`);
        return sql.join(parts, sql` and `);
      }
      default:
        return emptiness(c, op);
    }
  },
  sortKey: (col, column) => col(column),
};
