/**
 * The field types of the records engine and what each allows in a filter and a sort. The server's
 * type registry (column, index, SQL of each operator) and the web's (display, input, filter
 * widget) each hold one file per type; this list is what both agree on.
 */
export const FIELD_TYPES = [
  'text',
  'textarea',
  /** Long text with formatting: HTML, cleaned by the server's sanitiser whatever path it came in by. */
  'richtext',
  'number',
  'currency',
  'percent',
  'date',
  'datetime',
  'checkbox',
  'picklist',
  'multipicklist',
  'phone',
  'email',
  'url',
  'lookup',
  /** A record of one of several modules (a task's "related to"): `{ module, id }`. */
  'relatedRecord',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'contains',
  'notContains',
  'startsWith',
  'in',
  'notIn',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'before',
  'after',
  'relative',
  'includesAny',
  'includesAll',
  'excludesAny',
  'empty',
  'notEmpty',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

const TEXT_OPS: FilterOperator[] = ['eq', 'ne', 'contains', 'notContains', 'startsWith', 'in', 'empty', 'notEmpty'];
const NUMBER_OPS: FilterOperator[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'empty', 'notEmpty'];
const DATE_OPS: FilterOperator[] = ['eq', 'before', 'after', 'between', 'relative', 'empty', 'notEmpty'];
const CHOICE_OPS: FilterOperator[] = ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty'];

/** Operators each type offers, in the order a filter builder lists them. */
export const OPERATORS_BY_TYPE: Record<FieldType, readonly FilterOperator[]> = {
  text: TEXT_OPS,
  textarea: ['contains', 'notContains', 'empty', 'notEmpty'],
  richtext: ['contains', 'notContains', 'empty', 'notEmpty'],
  phone: TEXT_OPS,
  email: TEXT_OPS,
  url: TEXT_OPS,
  number: NUMBER_OPS,
  currency: NUMBER_OPS,
  percent: NUMBER_OPS,
  date: DATE_OPS,
  datetime: DATE_OPS,
  checkbox: ['eq'],
  picklist: CHOICE_OPS,
  multipicklist: ['includesAny', 'includesAll', 'excludesAny', 'empty', 'notEmpty'],
  lookup: CHOICE_OPS,
  relatedRecord: ['eq', 'empty', 'notEmpty'],
};

/** Long text, plain or formatted: no sort, no btree, a trigram index when filterable. */
export const LONG_TEXT_TYPES: ReadonlySet<FieldType> = new Set(['textarea', 'richtext']);

/** Types a list can sort by (long text, multi-value and polymorphic values have no useful order). */
export const SORTABLE_TYPES: ReadonlySet<FieldType> = new Set(FIELD_TYPES.filter((t) => !LONG_TEXT_TYPES.has(t) && t !== 'multipicklist' && t !== 'relatedRecord'));

/** What the value of an operator looks like: one value, a list, a [from, to] pair, a relative-date name, or none. */
export type OperandShape = 'one' | 'list' | 'range' | 'relative' | 'none';
export function operandShape(op: FilterOperator): OperandShape {
  switch (op) {
    case 'in':
    case 'notIn':
    case 'includesAny':
    case 'includesAll':
    case 'excludesAny':
      return 'list';
    case 'between':
      return 'range';
    case 'relative':
      return 'relative';
    case 'empty':
    case 'notEmpty':
      return 'none';
    default:
      return 'one';
  }
}

/** Text-like types: stored as text, validated by their own format. */
export const TEXT_TYPES: ReadonlySet<FieldType> = new Set(['text', 'textarea', 'richtext', 'phone', 'email', 'url']);
/** Types whose largest length is a setting of the field. */
export const LENGTH_TYPES: ReadonlySet<FieldType> = new Set(['text', 'textarea', 'richtext']);
export const NUMERIC_TYPES: ReadonlySet<FieldType> = new Set(['number', 'currency', 'percent']);

/** Default and largest lengths (double-width characters count 2, SPEC §5). */
export const TEXT_MAX_LENGTH = 255;
export const TEXTAREA_MAX_LENGTH = 32_000;
/** Digits a number may have in all (numeric(18, d) columns: 18 − d before the decimal point). */
export const NUMBER_PRECISION = 18;
/**
 * Digits a number or percent may have in all: they travel as JSON numbers (IEEE doubles), which
 * carry any decimal of 15 significant digits exactly — one more and 99999999999999999 comes back
 * as 100000000000000000. Money travels as decimal text and has the column's 18.
 */
export const EXACT_NUMBER_DIGITS = 15;
export const CURRENCY_DECIMALS = 2;
/** Values a multi-picklist may hold, and ids an "in" filter or a mass action may name. */
export const MAX_LIST_VALUES = 100;
/** Calendar dates outside these years are refused (typing slips such as 0202 or 20260). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

/**
 * Types one value may be set on for many records at once (a status, a rating, a campaign, a close
 * date, a budget, an industry…). Neither the fields that make a record's name nor unique fields
 * may: one value for many records would make them all alike, or fail on the second.
 */
const MASS_EDITABLE_TYPES: ReadonlySet<FieldType> = new Set(['picklist', 'checkbox', 'lookup', 'date', 'datetime', 'number', 'currency', 'percent', 'text', 'phone', 'email', 'url']);

export function isMassEditable(field: { name: string; type: FieldType; system: boolean; readOnly: boolean; unique: boolean }, nameFields: readonly string[]): boolean {
  return !field.system && !field.readOnly && !field.unique && !nameFields.includes(field.name) && MASS_EDITABLE_TYPES.has(field.type);
}
