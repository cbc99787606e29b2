import { bigint } from 'drizzle-orm/pg-core';
import { choiceCondition, columnIndex, idValue } from './common';
import type { ServerFieldType } from './fieldType';

/**
 * A record of a module, a user, a department or a record type: a `bigint` id with its
 * (column, id) index — every lookup column is indexed (Twenty #20726: an unindexed relation column
 * meant 20–40 s scans).
 */
export const lookupType: ServerFieldType = {
  columns: (column) => ({ [column]: bigint(column, { mode: 'number' }) }),
  indexes: (table, column, _field, col, present) => [columnIndex(table, column, col, present)],
  customColumn: { sqlType: () => 'bigint', indexes: () => ['btree'] },
  storedColumns: (column) => [column],
  read(row, column) {
    const raw = row[column];
    return raw === null || raw === undefined ? null : Number(raw);
  },
  write: (value, column) => ({ [column]: value }),
  condition: (col, column, op, value) => choiceCondition(col(column), op, value, idValue),
  sortKey: (col, column) => col(column),
};
