import { sql } from 'drizzle-orm';
import { date } from 'drizzle-orm/pg-core';
import { isCalendarDate } from '@orbit/shared/crm/fieldValue';
import { RELATIVE_DATES, resolveRelativeDate, type RelativeDate } from '@orbit/shared/crm/relativeDates';
import { columnIndex, emptiness } from './common';
import { BadFilterValue, asRange, type ServerFieldType } from './fieldType';

/** A calendar date filter operand ('YYYY-MM-DD'; a date-time's day is taken). */
export function dayOperand(value: unknown): string {
  const day = typeof value === 'string' ? value.slice(0, 10) : '';
  if (!isCalendarDate(day)) throw new BadFilterValue();
  return day;
}

export function relativeOperand(value: unknown) {
  if (typeof value !== 'string' || !(RELATIVE_DATES as readonly string[]).includes(value)) throw new BadFilterValue();
  return resolveRelativeDate(value as RelativeDate);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date read from either driver ('YYYY-MM-DD' text, or a Date at local midnight) as 'YYYY-MM-DD'. */
export function dayText(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Date) return `${raw.getFullYear()}-${pad(raw.getMonth() + 1)}-${pad(raw.getDate())}`;
  return String(raw).slice(0, 10);
}

/** Calendar dates: `date` columns; ranges are inclusive of both days. */
export const dateType: ServerFieldType = {
  columns: (column) => ({ [column]: date(column, { mode: 'string' }) }),
  indexes: (table, column, _field, col, present) => [columnIndex(table, column, col, present)],
  customColumn: { sqlType: () => 'date', indexes: () => ['btree'] },
  storedColumns: (column) => [column],
  read: (row, column) => dayText(row[column]),
  write: (value, column) => ({ [column]: value }),
  condition(col, column, op, value) {
    const c = col(column);
    const day = (v: unknown) => sql`${dayOperand(v)}::date`;
    switch (op) {
      case 'eq':
        return sql`${c} = ${day(value)}`;
      case 'before':
        return sql`${c} < ${day(value)}`;
      case 'after':
        return sql`${c} > ${day(value)}`;
      case 'between': {
        const [from, to] = asRange(value);
        if (from == null) return sql`${c} <= ${day(to)}`;
        if (to == null) return sql`${c} >= ${day(from)}`;
        return sql`${c} between ${day(from)} and ${day(to)}`;
      }
      case 'relative': {
        const { from, to } = relativeOperand(value);
        const parts = [];
        if (from !== null) parts.push(sql`${c} >= ${from}::date`);
        if (to !== null) parts.push(sql`${c} < ${to}::date`);
        return sql.join(parts, sql` and `);
      }
      default:
        return emptiness(c, op);
    }
  },
  sortKey: (col, column) => col(column),
};
