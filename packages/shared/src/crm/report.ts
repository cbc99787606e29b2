import { z } from 'zod';
import { oneOf } from '../validation';
import type { FieldType } from './fieldTypes';
import { FIELD_NAME_PATTERN, boundedFilter, type FilterNode } from './filter';
import { CRM_MODULES, type CrmModule } from './modules';
import { stringValue } from '../validation';

/**
 * A report definition (docs/reports.md): what a person builds in the report builder, stored as
 * JSON and compiled by the server to one SQL statement. Like the filter grammar it never carries
 * SQL: every field is a name checked against the module's metadata at save and at run time.
 *
 * A field reference is a field of the report's module (`amount`) or, through the report's
 * related lookup, a field of the module it points at (`accountId.industry`).
 */
export const REPORT_FORMATS = ['tabular', 'summary', 'matrix'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const DATE_BUCKETS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];

export const AGGREGATE_FUNCTIONS = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

export const CHART_TYPES = ['bar', 'column', 'line', 'pie', 'funnel'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Groupings of a summary report; a matrix has up to two on each axis. */
export const MAX_GROUPINGS = 3;
export const MAX_MATRIX_GROUPINGS = 2;
export const MAX_REPORT_COLUMNS = 30;
export const MAX_AGGREGATES = 6;

/** Types a report may group by (long text, multi-values and polymorphic values have no single group). */
export const GROUPABLE_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['text', 'phone', 'email', 'url', 'picklist', 'checkbox', 'lookup', 'date', 'datetime', 'number', 'currency', 'percent']);
/** Types sum / avg / min / max apply to (count counts rows). */
export const NUMERIC_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['number', 'currency', 'percent']);
export const DATE_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['date', 'datetime']);

const REF_PATTERN = new RegExp(`^${FIELD_NAME_PATTERN.source.slice(1, -1)}(\\.${FIELD_NAME_PATTERN.source.slice(1, -1)})?$`);
/** `amount` or `accountId.industry`. */
export const fieldRef = stringValue().regex(REF_PATTERN, { error: 'validation.invalidValue' });

export const reportGrouping = z.strictObject({
  field: fieldRef,
  /** Dates and date-times only (the compiler refuses it elsewhere); default month. */
  bucket: z.enum(DATE_BUCKETS).optional(),
});
export type ReportGrouping = z.infer<typeof reportGrouping>;

export const reportAggregate = z.strictObject({ fn: z.enum(AGGREGATE_FUNCTIONS), field: fieldRef.optional() });
export type ReportAggregate = z.infer<typeof reportAggregate>;

export const reportChart = z.strictObject({
  type: oneOf(CHART_TYPES),
  /** Which aggregate the chart draws (index into `aggregates`). */
  aggregate: z.number().int().min(0).max(MAX_AGGREGATES - 1).default(0),
});
export type ReportChart = z.infer<typeof reportChart>;

export const reportDefinition = z.strictObject({
  module: z.enum(CRM_MODULES),
  /** A lookup field of the module whose target's fields the report may use (`accountId`). */
  related: stringValue().regex(FIELD_NAME_PATTERN, { error: 'validation.invalidValue' }).nullish(),
  /** Display fields (the columns of the detail rows). */
  columns: z.array(fieldRef).max(MAX_REPORT_COLUMNS),
  /** Conditions on the module's records, and on the related record's fields (`related` module's grammar). */
  filter: boundedFilter.nullish(),
  relatedFilter: boundedFilter.nullish(),
  format: oneOf(REPORT_FORMATS),
  /** Summary: the groups; matrix: the row groups. */
  groupRows: z.array(reportGrouping).max(MAX_GROUPINGS).default([]),
  /** Matrix only: the column groups. */
  groupColumns: z.array(reportGrouping).max(MAX_MATRIX_GROUPINGS).default([]),
  aggregates: z.array(reportAggregate).max(MAX_AGGREGATES).default([]),
  sort: z.strictObject({ field: fieldRef, order: z.enum(['asc', 'desc']) }).nullish(),
  chart: reportChart.nullish(),
});
/** A definition as the builder writes it (defaults may be left out; filters are filter trees). */
export type ReportDefinition = Omit<z.input<typeof reportDefinition>, 'filter' | 'relatedFilter'> & { filter?: FilterNode | null; relatedFilter?: FilterNode | null };
export type CheckedReportDefinition = z.output<typeof reportDefinition>;

/** The lookup prefix and field name of a reference (`accountId.industry` → ['accountId', 'industry']). */
export function splitRef(ref: string): { via: string | null; field: string } {
  const dot = ref.indexOf('.');
  return dot < 0 ? { via: null, field: ref } : { via: ref.slice(0, dot), field: ref.slice(dot + 1) };
}

/** Every field reference a definition names, to check them all against the metadata. */
export function definitionRefs(def: Pick<CheckedReportDefinition, 'columns' | 'groupRows' | 'groupColumns' | 'aggregates' | 'sort'>): string[] {
  return [
    ...def.columns,
    ...def.groupRows.map((g) => g.field),
    ...def.groupColumns.map((g) => g.field),
    ...def.aggregates.flatMap((a) => (a.field ? [a.field] : [])),
    ...(def.sort ? [def.sort.field] : []),
  ];
}

/** The groupings of a definition in output order (rows, then columns). */
export const groupingsOf = (def: Pick<CheckedReportDefinition, 'format' | 'groupRows' | 'groupColumns'>): ReportGrouping[] =>
  def.format === 'tabular' ? [] : def.format === 'summary' ? def.groupRows : [...def.groupRows, ...def.groupColumns];

export type ReportModule = CrmModule;
export type { FilterNode };
