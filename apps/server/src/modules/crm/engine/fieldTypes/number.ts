import { sql } from 'drizzle-orm';
import { numeric } from 'drizzle-orm/pg-core';
import { CURRENCY_DECIMALS, NUMBER_PRECISION, type FieldType } from '@orbit/shared/crm/fieldTypes';
import { checkFieldValue, numberText } from '@orbit/shared/crm/fieldValue';
import type { FieldDef } from '../metadata/fieldDef';
import { choiceCondition, columnIndex } from './common';
import { BadFilterValue, asRange, type ServerFieldType } from './fieldType';

export const decimalsOf = (field: { type: FieldType; decimals?: number | null }) =>
  field.type === 'currency' ? CURRENCY_DECIMALS : field.type === 'percent' ? (field.decimals ?? 2) : (field.decimals ?? 0);

/** A checked value as the decimal text bound for a numeric column (a number or percent is exact within its 15 digits). */
const decimalOf = (value: unknown) => (typeof value === 'number' ? (numberText(value) ?? String(value)) : String(value));

/** A filter operand checked like a stored value of the field (its digits too), bound as numeric text. */
function operand(field: FieldDef, value: unknown): string {
  const checked = checkFieldValue({ type: field.type, required: true, decimals: field.decimals }, value);
  if (!checked.ok) throw new BadFilterValue();
  return decimalOf(checked.value);
}

/**
 * Numbers, currency and percent: `numeric(18, decimals)` columns, never JS floats. Currency
 * travels as decimal text; numbers and percents as JSON numbers.
 */
export const numberType: ServerFieldType = {
  columns: (column, field) => ({ [column]: numeric(column, { precision: NUMBER_PRECISION, scale: decimalsOf(field) }) }),
  indexes: (table, column, _field, col, present) => [columnIndex(table, column, col, present)],
  customColumn: { sqlType: (field) => `numeric(${NUMBER_PRECISION}, ${decimalsOf(field)})`, indexes: () => ['btree'] },
  storedColumns: (column) => [column],
  read(row, column) {
    const raw = row[column];
    return raw === null || raw === undefined ? null : String(raw);
  },
  write: (value, column) => ({ [column]: value === null ? null : decimalOf(value) }),
  condition(col, column, op, value, field) {
    const c = col(column);
    const num = (v: unknown) => sql`${operand(field, v)}::numeric`;
    switch (op) {
      case 'gt':
        return sql`${c} > ${num(value)}`;
      case 'gte':
        return sql`${c} >= ${num(value)}`;
      case 'lt':
        return sql`${c} < ${num(value)}`;
      case 'lte':
        return sql`${c} <= ${num(value)}`;
      case 'between': {
        const [from, to] = asRange(value);
        if (from == null) return sql`${c} <= ${num(to)}`;
        if (to == null) return sql`${c} >= ${num(from)}`;
        return sql`${c} between ${num(from)} and ${num(to)}`;
      }
      case 'eq':
      case 'ne':
      case 'empty':
      case 'notEmpty':
        return choiceCondition(c, op, value, num);
      default:
        throw new BadFilterValue();
    }
  },
  sortKey: (col, column) => col(column),
};

/** Numbers and percents read back as JSON numbers; currency stays decimal text. */
export const plainNumberType: ServerFieldType = {
  ...numberType,
  read(row, column) {
    const raw = row[column];
    return raw === null || raw === undefined ? null : Number(raw);
  },
};
