import { text } from 'drizzle-orm/pg-core';
import { choiceCondition, columnIndex, textValue } from './common';
import type { ServerFieldType } from './fieldType';

/** One value of a dictionary: `text` holding the value (not the label), so labels can be renamed and translated. */
export const picklistType: ServerFieldType = {
  columns: (column) => ({ [column]: text(column) }),
  indexes: (table, column, _field, col, present) => [columnIndex(table, column, col, present)],
  customColumn: { sqlType: () => 'text', indexes: () => ['btree'] },
  storedColumns: (column) => [column],
  read: (row, column) => (row[column] as string | null) ?? null,
  write: (value, column) => ({ [column]: value }),
  condition: (col, column, op, value) => choiceCondition(col(column), op, value, (v) => textValue(v, 100)),
  sortKey: (col, column) => col(column),
};
