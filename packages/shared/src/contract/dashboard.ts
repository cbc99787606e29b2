import { z } from 'zod';
import { requiredText, stringValue } from '../validation';
import { jsonId } from './common';
import { reportNarrowing, type ReportMeta, type ReportResult } from './report';

/** Wire contract of dashboards (docs/reports.md, "Dashboards"). */
export const WIDGET_KINDS = ['chart', 'figure', 'table'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** Grid columns of a dashboard (a widget's x + w ≤ this). */
export const DASHBOARD_COLUMNS = 12;
export const MAX_WIDGETS = 12;
/** A "short table" widget shows this many rows. */
export const WIDGET_TABLE_ROWS = 5;

/** Periods a single-figure widget may show, each compared with the one before (this quarter vs last). */
export const FIGURE_PERIODS = ['thisWeek', 'thisMonth', 'thisQuarter', 'thisYear'] as const;
export type FigurePeriod = (typeof FIGURE_PERIODS)[number];

export const dashboardWidget = z.strictObject({
  reportId: jsonId,
  kind: z.enum(WIDGET_KINDS),
  /** A figure's own period when the dashboard has no date range. */
  period: z.enum(FIGURE_PERIODS).optional(),
  title: stringValue().trim().max(100).optional(),
  x: z.number().int().min(0).max(DASHBOARD_COLUMNS - 1),
  y: z.number().int().min(0).max(1000),
  w: z.number().int().min(1).max(DASHBOARD_COLUMNS),
  h: z.number().int().min(1).max(12),
});
export type DashboardWidget = z.infer<typeof dashboardWidget>;

export const createDashboardBody = z.object({
  name: requiredText(100),
  shared: z.boolean().default(false),
  widgets: z.array(dashboardWidget).max(MAX_WIDGETS),
});
export const updateDashboardBody = createDashboardBody.extend({ id: jsonId });
export type CreateDashboardBody = z.input<typeof createDashboardBody>;

export const dashboardDataQuery = z.object(reportNarrowing);

export type DashboardMeta = { id: number; name: string; ownerId: number | null; shared: boolean; builtIn: boolean; canEdit: boolean; widgets: DashboardWidget[] };

/**
 * One widget's data: its report and result (a figure also the previous period's, to compare), or
 * why it cannot show (a report deleted, no longer shared, or naming a deleted field).
 */
export type WidgetData = { report: ReportMeta | null; result: ReportResult | null; previous: ReportResult | null; range: { from: string; to: string } | null; error: string | null };
export type DashboardData = { dashboard: DashboardMeta; widgets: WidgetData[] };
