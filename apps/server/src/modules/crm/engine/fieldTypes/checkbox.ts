import { sql } from 'drizzle-orm';
import { boolean } from 'drizzle-orm/pg-core';
import { columnIndex } from './common';
import { BadFilterValue, type ServerFieldType } from './fieldType';

/** Yes/no: `boolean not null`, false when not set. */
export const checkboxType: ServerFieldType = {
  columns: (column) => ({ [column]: boolean(column).notNull().default(false) }),
  indexes: (table, column, _field, col, present) => [columnIndex(table, column, col, present)],
  customColumn: { sqlType: () => 'boolean not null default false', indexes: () => ['btree'] },
  storedColumns: (column) => [column],
  read: (row, column) => row[column] === true,
  write: (value, column) => ({ [column]: value === true }),
  condition(col, column, op, value) {
    if (op !== 'eq' || typeof value !== 'boolean') throw new BadFilterValue();
    return sql`${col(column)} = ${value}`;
  },
  sortKey: (col, column) => col(column),
};
