import { text } from 'drizzle-orm/pg-core';
import { boardIndex, choiceCondition, columnIndex, textValue } from './common';
import type { ServerFieldType } from './fieldType';

/** One value of a dictionary: `text` holding the value (not the label), so labels can be renamed and translated. */
export const picklistType: ServerFieldType = {
  columns: (column) => ({ [column]: text(column) }),
  // A filterable picklist is one a board can group by (isBoardField): its counts read the second index.
  indexes: (table, column, field, col, present) => [columnIndex(table, column, col, present), ...(field.filterable === false ? [] : [boardIndex(table, column, col, present)])],
  customColumn: { sqlType: () => 'text', indexes: () => ['btree', 'board'] },
  storedColumns: (column) => [column],
  read: (row, column) => (row[column] as string | null) ?? null,
  write: (value, column) => ({ [column]: value }),
  condition: (col, column, op, value) => choiceCondition(col(column), op, value, (v) => textValue(v, 100)),
  sortKey: (col, column) => col(column),
};
