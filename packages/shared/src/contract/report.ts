import { z } from 'zod';
import { timezoneOffset } from './recordExport';
import type { AggregateFunction, CheckedReportDefinition, DateBucket, ReportFormat } from '../crm/report';
import { reportDefinition } from '../crm/report';
import { isCalendarDate } from '../crm/fieldValue';
import type { CrmModule } from '../crm/modules';
import { optionalText, requiredText, stringValue } from '../validation';
import { id, pageQuery } from './common';
import type { LookupLabels } from './crm';

/**
 * Wire contract of reports (docs/reports.md): saved report definitions, their preview while being
 * built (at most REPORT_PREVIEW_LIMIT rows, SPEC §9) and their full run with paged detail rows.
 */

export const REPORT_NAME_MAX = 100;

const sharing = {
  /** Shared with these roles and departments (a department includes those below it); private when both are empty or `shared` is false. */
  shared: z.boolean().default(false),
  shareRoles: z.array(id).max(100).default([]),
  shareDepts: z.array(id).max(100).default([]),
};

export const createReportBody = z.object({
  name: requiredText(REPORT_NAME_MAX),
  description: optionalText(500).default(''),
  /** Saved as a template of the user's own (copied to start new reports). */
  isTemplate: z.boolean().default(false),
  ...sharing,
  definition: reportDefinition,
});
export type CreateReportBody = z.input<typeof createReportBody>;

export const updateReportBody = createReportBody.extend({ id });
export type UpdateReportBody = z.input<typeof updateReportBody>;

export const copyReportBody = z.object({ id, name: requiredText(REPORT_NAME_MAX) });

export const previewReportBody = z.object({ definition: reportDefinition });

/** The dashboard-level narrowing a run may carry: a date range on the report's date field, owners. */
const calendarDay = stringValue().refine(isCalendarDate, { error: 'validation.invalidValue' });
export const reportNarrowing = {
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  owners: stringValue()
    .regex(/^\d{1,15}(,\d{1,15}){0,49}$/)
    .transform((s) => s.split(',').map(Number))
    .optional(),
};

export const runReportQuery = z.object({ ...pageQuery, ...reportNarrowing });

/** `POST /crm/report/{id}/export`: the report as run with these narrowings, to an xlsx file in the file centre. */
export const exportReportBody = z.object({ ...reportNarrowing, timezoneOffset });
export type ExportReportBody = z.input<typeof exportReportBody>;

export const reportListQuery = z.object({
  ...pageQuery,
  name: optionalText(REPORT_NAME_MAX).optional(),
  module: stringValue().max(30).optional(),
  /** `templates`: built-in and own templates; `reports`: everything else the caller may see. */
  kind: z.enum(['templates', 'reports', 'all']).default('all'),
});

export type ReportMeta = {
  id: number;
  name: string;
  description: string;
  module: CrmModule;
  ownerId: number | null;
  ownerName: string | null;
  isTemplate: boolean;
  /** A built-in template: copied, never changed ('fixed template cannot be modified'). */
  fixed: boolean;
  shared: boolean;
  shareRoles: number[];
  shareDepts: number[];
  definition: CheckedReportDefinition;
  canEdit: boolean;
  /** Why the report cannot run any more (a field it names was deleted), in the request's language; null when it can. */
  problem: string | null;
  createTime: string;
  updateTime: string | null;
};

export type ReportGroupMeta = { ref: string; label: string; bucket: DateBucket | null; axis: 'row' | 'column' };
export type ReportAggregateMeta = { key: string; fn: AggregateFunction; ref: string | null; label: string };
export type ReportColumnMeta = { ref: string; label: string };

/**
 * One row of a summary or matrix: the group values in `groups` order (a date bucket as the
 * first day 'YYYY-MM-DD' of its period), `rollup` the groups rolled up (subtotals and totals:
 * true where the row is a total over that group), and the aggregates in `aggregates` order —
 * counts as numbers, sums and the like as decimal strings (money never passes through a float).
 */
export type ReportSummaryRow = { keys: Array<string | number | boolean | null>; rollup: boolean[]; values: Array<string | number | null> };

export type ReportResult = {
  format: ReportFormat;
  columns: ReportColumnMeta[];
  groups: ReportGroupMeta[];
  aggregates: ReportAggregateMeta[];
  /** Summary and matrix: the grouped rows with their subtotals and totals (empty for tabular). */
  summary: ReportSummaryRow[];
  /** Detail rows (a page, or the first REPORT_PREVIEW_LIMIT in a preview), keyed by field reference, plus `id`. */
  rows: Array<Record<string, unknown>>;
  /** Detail rows in all. */
  total: number;
  /** A preview cut the rows at REPORT_PREVIEW_LIMIT. */
  truncated: boolean;
  lookups: LookupLabels;
  /** The reader's display currency (their choice, else the organisation's): the one the figures' money is in (issue 33; always sent, optional for answers from before). */
  currency?: string;
  /** The figures total amounts of several currencies, converted to `currency` at each record's date's rate; absent otherwise. */
  converted?: true;
};

/** Whom a report can be shared with. */
export type ReportShareTargets = { roles: Array<{ id: number; name: string }>; depts: Array<{ id: number; name: string; parentId: number }> };
