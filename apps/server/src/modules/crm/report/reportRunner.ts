import type { Language } from '@orbit/shared/constants';
import { REPORT_PREVIEW_LIMIT } from '@orbit/shared/constants';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { ReportResult, ReportSummaryRow } from '@orbit/shared/contract/report';
import type { Currency } from '@orbit/shared/crm/money';
import type { Executor } from '../../../db/client';
import type { CurrentUser } from '../../auth/currentUser';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { lookupLabels } from '../engine/records/lookupLabels';
import { displayCurrencyOf } from '../money/displayCurrency';
import { rowsOf } from '../engine/query/sql';
import type { ResolvedRef, ResolvedReport } from './reportCheck';
import { detailQuery, readDetailRow, summaryQuery, type ReportNarrowing } from './reportCompiler';

/** Grouped rows a full run answers at most (a report grouped by a near-unique field is cut, and says so). */
export const MAX_SUMMARY_ROWS = 2000;

/**
 * `detail: false` skips the detail rows; `figures: false` the grouped statement (an export's later pages: `total` is then 0);
 * `currency`: the viewer's display currency when the caller has read it already (a dashboard, once for all its widgets).
 */
export type RunOptions = { preview: true } | { preview: false; pageNum: number; pageSize: number; narrowing?: ReportNarrowing; detail?: boolean; figures?: boolean; currency?: Currency };

/** A group key as the wire carries it: lookups as ids, numbers as decimal text, dates as 'YYYY-MM-DD'. */
function keyOf(ref: ResolvedRef, raw: unknown): string | number | boolean | null {
  if (raw === null || raw === undefined) return null;
  if (ref.field.type === 'lookup') return Number(raw);
  if (ref.field.type === 'checkbox') return raw === true || raw === 't' || raw === 'true';
  return String(raw);
}

/**
 * Runs a checked report for a viewer: its figures (one grouped statement) and its detail rows (one
 * paged statement with the total), in parallel, with the display names of every lookup they hold.
 * A preview (SPEC §9) is made of the first REPORT_PREVIEW_LIMIT records: its detail rows and its
 * figures are theirs, so that it stays quick however many records the report will count once saved.
 */
export async function runReport(db: Executor, meta: MetadataStore, report: ResolvedReport, user: CurrentUser, lang: Language, options: RunOptions): Promise<ReportResult> {
  const narrowing = options.preview ? {} : (options.narrowing ?? {});
  const summaryLimit = options.preview ? REPORT_PREVIEW_LIMIT : MAX_SUMMARY_ROWS;
  // A preview asks one record more than it shows: whether there are more.
  const page = options.preview ? { limit: REPORT_PREVIEW_LIMIT + 1, offset: 0 } : { limit: options.pageSize, offset: (options.pageNum - 1) * options.pageSize };
  const wantsDetail = options.preview || options.detail !== false;
  const wantsFigures = options.preview || options.figures !== false;

  // The figures always run: they carry the number of records (a tabular report's without groups is
  // one row of aggregates, or of the count alone).
  const [summaryRows, detailRows] = await Promise.all([
    wantsFigures ? rowsOf(db, summaryQuery(report, user, lang, narrowing, summaryLimit + 1, options.preview ? REPORT_PREVIEW_LIMIT : undefined)) : Promise.resolve([]),
    wantsDetail ? rowsOf(db, detailQuery(report, user, lang, narrowing, page)) : Promise.resolve([]),
  ]);
  const hasFigures = report.definition.format !== 'tabular' || report.aggregates.length > 0;

  const summary: ReportSummaryRow[] = (hasFigures ? summaryRows.slice(0, summaryLimit) : []).map((row) => ({
    keys: report.groups.map((g, i) => keyOf(g, row[`k${i}`])),
    rollup: report.groups.map((_, i) => Number(row[`g${i}`]) === 1),
    values: report.aggregates.map((a) => {
      const v = row[a.key];
      if (v === null || v === undefined) return null;
      return a.fn === 'count' ? Number(v) : String(v);
    }),
  }));
  const rows = (options.preview ? detailRows.slice(0, REPORT_PREVIEW_LIMIT) : detailRows).map((row) => readDetailRow(report, row));
  const total = Number(summaryRows[0]?.records ?? 0);
  const converted = summaryRows.some((row) => row.converted === true || row.converted === 't');

  // Display names of lookups in the groups and the detail rows, one query per kind of target.
  const refs = [...report.columns, ...report.groups];
  const pseudoFields = refs.map((r) => ({ ...r.field, name: r.ref }));
  const pseudoRecords = [
    ...rows,
    ...summary.map((s) => Object.fromEntries(report.groups.map((g, i) => [g.ref, s.keys[i]]))),
  ] as unknown as CrmRecord[];
  const lookups = await lookupLabels(db, meta, user, pseudoRecords, pseudoFields, lang);

  return {
    format: report.definition.format,
    columns: report.columns.map((c) => ({ ref: c.ref, label: c.label })),
    groups: report.groups.map((g) => ({ ref: g.ref, label: g.label, bucket: g.bucket, axis: g.axis })),
    aggregates: report.aggregates.map((a) => ({ key: a.key, fn: a.fn, ref: a.ref?.ref ?? null, label: a.label })),
    summary,
    rows,
    total,
    truncated: summaryRows.length > summaryLimit || (options.preview && detailRows.length > REPORT_PREVIEW_LIMIT),
    lookups,
    // The currency its money figures are in: the viewer's display currency (summaryQuery converts to it).
    currency: (!options.preview && options.currency) || (await displayCurrencyOf(db, user.userId)).display,
    ...(converted ? { converted: true } : {}),
  };
}
