import type { SQL } from 'drizzle-orm';
import type { IndexBuilder, PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import type { FieldType, FilterOperator } from '@orbit/shared/crm/fieldTypes';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { FieldDef } from '../metadata/fieldDef';
import type { FieldSeed } from '../fieldSeed';

/** btree `(column nulls first, id, dept_id, owner_id)` (see common.ts columnIndex), a board's `(column, dept_id, owner_id)` (boardIndex), trigram GIN, or plain GIN (arrays). */
export type CustomIndexKind = 'btree' | 'board' | 'trgm' | 'gin' | 'lower' | 'digits';

/** A filter value that does not suit its field: the compiler turns it into 'filter.badValue'. */
export class BadFilterValue extends Error {}

/**
 * Everything the server knows about one kind of field, in one place: its column(s) and indexes,
 * how a value is read from and written to the database, and the SQL of each filter operator.
 * The list, the forms' validation, history and (later) import, export and reports only call these.
 */
export type ServerFieldType = {
  /** Drizzle columns of a standard field, keyed by column name (a relatedRecord has two). */
  columns(column: string, field: FieldSeed): Record<string, PgColumnBuilderBase>;
  /** Indexes of a sortable or filterable field, each partial on present rows. */
  indexes(table: string, column: string, field: FieldSeed, col: (name: string) => SQL, present: SQL): IndexBuilder[];
  /**
   * A custom field's column, added by DDL at run time (engine/ddl/customColumns.ts): its SQL type
   * (with a constant default only, so adding it never rewrites the table) and the kinds of index
   * that serve its filters and sort. Absent: the type cannot be a custom field.
   */
  customColumn?: { sqlType(field: { type: FieldType; decimals?: number | null }): string; indexes(field: { type: FieldType; filterable: boolean }): CustomIndexKind[] };
  /** Database column names the field occupies. */
  storedColumns(column: string): string[];
  /** A row's value as the wire carries it. */
  read(row: Record<string, unknown>, column: string): FieldValue;
  /**
   * A checked value as it is stored, whatever path wrote it (form, inline edit, mass update,
   * import): rich text cleaned by the sanitiser. Absent: as checked.
   */
  normalise?(value: FieldValue): FieldValue;
  /** A checked value (see checkFieldValue) as column → bound value. */
  write(value: FieldValue, column: string): Record<string, unknown>;
  /** The SQL of a filter condition; `value` is still unchecked (throw BadFilterValue). */
  condition(col: (name: string) => SQL, column: string, op: FilterOperator, value: unknown, field: FieldDef): SQL;
  /** The expression a list sorts by (absent: not sortable). */
  sortKey?(col: (name: string) => SQL, column: string): SQL;
};

/** A `between` operand: [from, to], either end open (null) but not both. */
export const asRange = (value: unknown): [unknown, unknown] => {
  if (!Array.isArray(value) || value.length !== 2 || (value[0] == null && value[1] == null)) throw new BadFilterValue();
  return [value[0], value[1]];
};
