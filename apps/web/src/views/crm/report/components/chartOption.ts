import type { ReportResult, ReportSummaryRow } from '@orbit/shared/contract/report';
import type { ChartType } from '@orbit/shared/crm/report';

type Key = string | number | boolean | null;
export type ChartLabels = { keyText: (groupIndex: number, key: Key) => string };

/** A point of the chart: its label and value, and the group keys it stands for (to open the matching records). */
export type ChartPoint = { name: string; value: number; keys: Key[]; rollup: boolean[] };

/**
 * The rows a chart draws: the first group's level (deeper groups rolled up), and for a matrix
 * each first row group × first column group cell.
 */
function level(result: ReportResult, row: ReportSummaryRow, wanted: number[]): boolean {
  return result.groups.every((_, i) => row.rollup[i] === !wanted.includes(i));
}

/**
 * The ECharts option of a report's chart (pure: the chart component only draws it). A funnel is
 * drawn only when its bands narrow in the groups' order; otherwise its shape (an hourglass, a
 * diamond) would misstate the figures, and the same bars are drawn side-on instead.
 */
export function chartOption(result: ReportResult, asked: ChartType, aggregate: number, labels: ChartLabels) {
  const rowGroup = result.groups.findIndex((g) => g.axis === 'row');
  const colGroup = result.groups.findIndex((g) => g.axis === 'column');
  const num = (row: ReportSummaryRow) => Number(row.values[aggregate] ?? 0);
  const categoryRows = result.summary.filter((r) => level(result, r, [rowGroup]));
  const points: ChartPoint[] = categoryRows.map((r) => ({ name: labels.keyText(rowGroup, r.keys[rowGroup] ?? null), value: num(r), keys: r.keys, rollup: r.rollup }));
  const seriesName = result.aggregates[aggregate]?.label ?? '';
  const narrows = points.every((p, i) => i === 0 || p.value <= points[i - 1]!.value);
  const type: ChartType = asked === 'funnel' && (!narrows || colGroup >= 0) ? 'bar' : asked;
  const tooltip = { trigger: type === 'pie' || type === 'funnel' ? 'item' : 'axis' };

  if (type === 'pie' || type === 'funnel') {
    const data = points.map((p) => ({ name: p.name, value: p.value }));
    const series =
      type === 'pie'
        ? { type: 'pie', name: seriesName, radius: ['35%', '65%'], data }
        : // In the groups' order: a pipeline's stages as they run, not by size.
          { type: 'funnel', name: seriesName, sort: 'none', left: '10%', width: '80%', label: { position: 'inside' }, data };
    return { option: { tooltip, legend: { type: 'scroll', bottom: 0 }, series: [series] }, points: [points] };
  }

  const categories = points.map((p) => p.name);
  let series: Array<Record<string, unknown>>;
  let pointsBySeries: ChartPoint[][];
  if (colGroup >= 0) {
    const columnKeys = result.summary.filter((r) => level(result, r, [colGroup])).map((r) => r.keys[colGroup] ?? null);
    const cells = result.summary.filter((r) => level(result, r, [rowGroup, colGroup]));
    pointsBySeries = columnKeys.map((ck) =>
      categoryRows.map((cr) => {
        const cell = cells.find((c) => c.keys[rowGroup] === cr.keys[rowGroup] && c.keys[colGroup] === ck);
        return { name: labels.keyText(colGroup, ck), value: cell ? num(cell) : 0, keys: cell?.keys ?? cr.keys, rollup: cell?.rollup ?? cr.rollup };
      }),
    );
    series = columnKeys.map((ck, i) => ({ type: type === 'line' ? 'line' : 'bar', name: labels.keyText(colGroup, ck), stack: type === 'line' ? undefined : 'total', data: pointsBySeries[i]!.map((p) => p.value) }));
  } else {
    pointsBySeries = [points];
    series = [{ type: type === 'line' ? 'line' : 'bar', name: seriesName, data: points.map((p) => p.value) }];
  }
  const categoryAxis = { type: 'category', data: categories, axisLabel: { interval: 0, hideOverlap: true } };
  const horizontal = type === 'bar';
  // Side-on, the value axis's last label ("2,500,000") is centred on the grid's right edge and was cut
  // by the card: it ends there instead; in a narrow card labels that would overlap are left out.
  const valueAxis = horizontal ? { type: 'value', axisLabel: { alignMaxLabel: 'right', hideOverlap: true } } : { type: 'value' };
  return {
    option: {
      tooltip,
      legend: series.length > 1 ? { type: 'scroll', bottom: 0 } : undefined,
      grid: { left: 16, right: 24, top: 16, bottom: series.length > 1 ? 40 : 16, containLabel: true },
      xAxis: horizontal ? valueAxis : categoryAxis,
      yAxis: horizontal ? { ...categoryAxis, inverse: true } : valueAxis,
      series,
    },
    points: pointsBySeries,
  };
}
