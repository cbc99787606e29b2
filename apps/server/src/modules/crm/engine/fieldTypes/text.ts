import { sql, type SQL } from 'drizzle-orm';
import { index, text } from 'drizzle-orm/pg-core';
import { cleanRichText } from '../../../../lib/richText';
import { LONG_TEXT_TYPES, type FilterOperator } from '@orbit/shared/crm/fieldTypes';
import { columnIndex, emptiness, escapeLike, listOf, textValue } from './common';
import type { ServerFieldType } from './fieldType';

/**
 * Types whose value identifies a record (an e-mail, a phone number, a web address): a btree on
 * `lower(column)` finds one by its value (keyMatch) in a lookup or two whatever the table's size or
 * statistics — an import matches every row's duplicate key that way. The trigram index answers
 * the same question, but its cost grows with what was written since the table was last analysed
 * and vacuumed, which is exactly an import's situation.
 */
export const KEY_TYPES: ReadonlySet<string> = new Set(['email', 'phone', 'url']);

/** Equality of a KEY_TYPES column with a value, case-insensitively, as its `lower` index answers it. */
export const keyMatch = (column: SQL, value: SQL | string): SQL => sql`lower(${column}) = lower(${value})`;

/**
 * A phone number's digits alone (`+86 138-0000 0000` → `8613800000000`): a phone field has a btree
 * on it, by which a duplicate rule's "phone" match finds a number however it was written.
 */
export const phoneDigits = (column: SQL): SQL => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

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
    if (!LONG_TEXT_TYPES.has(field.type)) out.push(columnIndex(table, column, col, present));
    if (field.filterable !== false) out.push(index(`${table}_${column}_trgm_idx`).using('gin', sql`${col(column)} gin_trgm_ops`).where(present));
    if (KEY_TYPES.has(field.type)) out.push(index(`${table}_${column}_lower_idx`).on(sql`lower(${col(column)})`).where(present));
    if (field.type === 'phone') out.push(index(`${table}_${column}_digits_idx`).on(phoneDigits(col(column))).where(present));
    return out;
  },
  customColumn: {
    sqlType: () => 'text',
    indexes: (field) => [...(LONG_TEXT_TYPES.has(field.type) ? [] : ['btree' as const]), 'trgm' as const, ...(KEY_TYPES.has(field.type) ? ['lower' as const] : []), ...(field.type === 'phone' ? ['digits' as const] : [])],
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

/** Rich text: long text whose HTML is cleaned before it is stored (empty once cleaned: no value). */
export const richtextType: ServerFieldType = { ...textareaType, normalise: (value) => (typeof value === 'string' ? cleanRichText(value) || null : value) };
