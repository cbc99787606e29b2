import { sql } from 'drizzle-orm';
import { index, text } from 'drizzle-orm/pg-core';
import { listOf, textValue } from './common';
import { BadFilterValue, type ServerFieldType } from './fieldType';

/** Several values of a dictionary: `text[]` (empty, never null) with a GIN index for the overlap and containment operators. */
export const multipicklistType: ServerFieldType = {
  columns: (column) => ({ [column]: text(column).array().notNull().default(sql`'{}'::text[]`) }),
  indexes: (table, column, _field, col, present) => [index(`${table}_${column}_gin_idx`).using('gin', col(column)).where(present)],
  customColumn: { sqlType: () => "text[] not null default '{}'::text[]", indexes: () => ['gin'] },
  storedColumns: (column) => [column],
  read: (row, column) => (Array.isArray(row[column]) ? (row[column] as string[]) : []),
  write: (value, column) => ({ [column]: Array.isArray(value) ? value : [] }),
  condition(col, column, op, value) {
    const c = col(column);
    const array = () => sql`array[${sql.join(listOf(value, (v) => sql`${textValue(v, 100)}`) as never[], sql`, `)}]::text[]`;
    switch (op) {
      case 'includesAny':
        return sql`${c} && ${array()}`;
      case 'includesAll':
        return sql`${c} @> ${array()}`;
      case 'excludesAny':
        return sql`not (${c} && ${array()})`;
      case 'empty':
        return sql`cardinality(${c}) = 0`;
      case 'notEmpty':
        return sql`cardinality(${c}) > 0`;
      default:
        throw new BadFilterValue();
    }
  },
};
