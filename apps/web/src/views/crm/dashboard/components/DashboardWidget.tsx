import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Empty, Result, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DashboardWidget as Widget, WidgetData } from '@orbit/shared/contract/dashboard';
import LoadingRows from '../../../../components/LoadingRows';
import { useMenuModel } from '../../../../layout/routes/useMenuModel';
import type { ChartPoint } from '../../report/components/chartOption';
import ReportChart from '../../report/components/ReportChart';
import { DetailTable, SummaryTable } from '../../report/components/ReportTables';
import { useResultLabels } from '../../report/components/reportLabels';
import { segmentFilter } from '../../report/components/segmentFilter';
import { useReportMeta } from '../../report/components/useReportMeta';
import { ROW_HEIGHT } from './gridMetrics';
import ConvertedNote from '../../../../components/money/ConvertedNote';
import { asCurrency } from '../../../../utils/formatCurrency';

/** A figure's largest size (antd's Statistic) and the smallest it shrinks to in a narrow card. */
const FIGURE_MAX_PX = 24;
const FIGURE_MIN_PX = 14;

/**
 * The figure's font size: as large as the card's width lets the whole text show (a digit is about
 * 0.6 em wide), so that "US$1,137,000.00" in a quarter of a 1000 px screen is smaller, not cut.
 * The card's body is a size container (`cqi`: a hundredth of its width).
 */
export const figureFontSize = (text: string) => `clamp(${FIGURE_MIN_PX}px, calc(100cqi / ${(Math.max(text.length, 1) * 0.6).toFixed(1)}), ${FIGURE_MAX_PX}px)`;

/** The change of a figure from the previous period, as a fraction (null without a previous value). */
export function change(current: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/** What a widget shows while its figures or their labels load: a placeholder, never a blank card. */
export function WidgetLoading() {
  return <LoadingRows rows={4} data-testid="widget-loading" />;
}

/**
 * One widget of a dashboard: its report as a chart (a segment opens the matching records), a single
 * figure compared with the previous period, or a short table — or why it cannot show.
 */
export default function DashboardWidget({ widget, data }: { widget: Widget; data: WidgetData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menu = useMenuModel();
  const report = data.report;
  const def = report?.definition;
  const { meta, related, loading } = useReportMeta(def);
  const labels = useResultLabels(data.result ?? undefined, meta, related, loading);
  const bodyHeight = widget.h * ROW_HEIGHT - 58;

  const listPath = def ? menu.pages.find((p) => p.component === `crm/${def.module}/index`)?.fullPath : undefined;
  const openSegment = (point: ChartPoint) => {
    if (!def || !listPath || !data.result) return;
    const filter = segmentFilter(def, data.result.groups, point.keys, point.rollup);
    if (filter) void navigate(`${listPath}?filter=${encodeURIComponent(JSON.stringify(filter))}`);
  };

  const title = report ? (
    // A real link: the keyboard reaches it and it opens in a new tab.
    <Link to={`/report/report-detail?flag=detail&id=${report.id}`} style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {widget.title || report.name}
      {widget.kind === 'figure' && widget.period ? ` · ${t(`dashboard.period.${widget.period}`)}` : ''}
    </Link>
  ) : (
    t('dashboard.widget')
  );

  let body;
  if (data.error || !data.result) {
    body = <Result status="warning" subTitle={data.error ?? t('common.loadFailed')} style={{ padding: 8 }} />;
  } else if (!labels.ready) {
    // Its labels' metadata and dictionaries are still coming: drawn now, it would show codes and ids.
    body = <WidgetLoading />;
  } else if (widget.kind === 'figure') {
    const total = data.result.summary.find((r) => r.rollup.every(Boolean)) ?? data.result.summary.at(-1);
    const value = total?.values[0] ?? null;
    const before = data.previous?.summary.at(-1)?.values[0] ?? (data.previous ? 0 : null);
    const delta = change(Number(value ?? 0), before === null ? null : Number(before));
    const figure = labels.aggregateText(0, value);
    body = (
      <div data-testid="figure-body" style={{ containerType: 'inline-size' }}>
        <Statistic value={figure} title={data.result.aggregates[0]?.label} styles={{ content: { fontSize: figureFontSize(figure), whiteSpace: 'nowrap' } }} />
        {delta !== null && (
          <Typography.Text type={delta >= 0 ? 'success' : 'danger'} data-testid="widget-change">
            {delta >= 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(Math.round(delta * 100))}% {t('dashboard.vsPrevious', { value: labels.aggregateText(0, before) })}
          </Typography.Text>
        )}
        {delta === null && data.previous && <Typography.Text type="secondary">{t('dashboard.previousValue', { value: labels.aggregateText(0, before) })}</Typography.Text>}
      </div>
    );
  } else if (widget.kind === 'chart' && def?.chart && data.result.summary.length) {
    body = <ReportChart result={data.result} type={def.chart.type} aggregate={def.chart.aggregate} labels={labels} height={bodyHeight} onSegment={openSegment} />;
  } else if (data.result.format !== 'tabular' && data.result.summary.length) {
    body = (
      <div style={{ height: bodyHeight, overflow: 'auto' }}>
        <SummaryTable result={data.result} labels={labels} />
      </div>
    );
  } else if (data.result.rows.length) {
    body = (
      <div style={{ height: bodyHeight, overflow: 'auto' }}>
        <DetailTable result={data.result} meta={meta} related={related} />
      </div>
    );
  } else {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.noRecords')} />;
  }

  return (
    <Card
      size="small"
      title={title}
      extra={data.result?.converted ? <ConvertedNote currency={asCurrency(data.result.currency)} testId="widget-converted" /> : undefined}
      style={{ height: '100%', overflow: 'hidden' }}
      data-testid={`widget-${widget.kind}`}
    >
      {body}
    </Card>
  );
}
