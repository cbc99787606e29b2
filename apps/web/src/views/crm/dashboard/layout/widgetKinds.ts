import { WIDGET_KINDS, type WidgetKind } from '@orbit/shared/contract/dashboard';
import type { ReportMeta } from '@orbit/shared/contract/report';

/**
 * How a widget's report can be shown: a chart only when the report has one, a single figure only
 * when it has a figure to total (an aggregate, or groups to count), a short table always. A report
 * that cannot be read (deleted, not shared) keeps whatever it had.
 */
export function kindsFor(report: Pick<ReportMeta, 'definition'> | null | undefined, current: WidgetKind): WidgetKind[] {
  const def = report?.definition;
  if (!def) return [current];
  return WIDGET_KINDS.filter((kind) => kind === current || kind === 'table' || (kind === 'chart' ? !!def.chart : def.format !== 'tabular' || !!def.aggregates?.length));
}
