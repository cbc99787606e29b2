import { sql } from 'drizzle-orm';
import { index, text } from 'drizzle-orm/pg-core';
import type { FilterOperator } from '@orbit/shared/crm/fieldTypes';
import { columnIndex, emptiness, escapeLike, listOf, textValue } from './common';
import type { ServerFieldType } from './fieldType';

/**
 * Text-like fields (text, textarea, phone, email, url): `text` columns, compared
 * case-insensitively. ILIKE serves equality, "starts with" and "contains" alike from one trigram
 * index; the btree (column, id) serves the sort and "is empty". Long text (textarea) is not sorted.
 */
export const textType: ServerFieldType = {
  columns: (column) => ({ [column]: text(column) }),
  indexes(table, column, field, col, present) {
    const out = [];
    // The btree serves the sort and "is empty"; a filterable long text needs only the trigram.
    if (field.type !== 'textarea') out.push(columnIndex(table, column, col, present));
    if (field.filterable !== false) out.push(index(`${table}_${column}_trgm_idx`).using('gin', sql`${col(column)} gin_trgm_ops`).where(present));
    return out;
  },
  customColumn: {
    sqlType: () => 'text',
    indexes: (field) => [...(field.type === 'textarea' ? [] : ['btree' as const]), 'trgm' as const],
  },
  storedColumns: (column) => [column],
  read: (row, column) => (row[column] as string | null) ?? null,
  write: (value, column) => ({ [column]: value }),
  condition(col, column, op: FilterOperator, value) {
    const c = col(column);
    const like = (pattern: string) => sql`${c} ilike ${pattern}`;
    switch (op) {
      case 'eq':
        return like(escapeLike(textValue(value)));
      case 'ne':
        return sql`(${c} is null or not ${like(escapeLike(textValue(value)))})`;
      case 'contains':
        return like(`%${escapeLike(textValue(value))}%`);
      case 'notContains':
        return sql`(${c} is null or not ${like(`%${escapeLike(textValue(value))}%`)})`;
      case 'startsWith':
        return like(`${escapeLike(textValue(value))}%`);
      case 'in': {
        const patterns = listOf(value, (v) => escapeLike(textValue(v))) as string[];
        return sql`(${sql.join(patterns.map(like), sql` or `)})`;
      }
      default:
        return emptiness(c, op);
    }
  },
  sortKey: (col, column) => col(column),
};

/** Long text: the same storage and operators, no sort. */
export const textareaType: ServerFieldType = { ...textType, sortKey: undefined };
