import { describe, expect, it } from 'vitest';
import type { ReportResult } from '@orbit/shared/contract/report';
import { chartOption } from './chartOption';
import { bucketText, valueText } from './reportLabels';

const base = { format: 'summary' as const, columns: [], rows: [], total: 0, truncated: false, lookups: {} };
const labels = { keyText: (_: number, key: unknown) => String(key) };

describe('report charts', () => {
  it('a summary draws its first group (deeper groups rolled up) with the chosen figure', () => {
    const result: ReportResult = {
      ...base,
      groups: [
        { ref: 'stage', label: 'Stage', bucket: null, axis: 'row' },
        { ref: 'closeDate', label: 'Close', bucket: 'quarter', axis: 'row' },
      ],
      aggregates: [{ key: 'a0', fn: 'count', ref: null, label: 'Count' }, { key: 'a1', fn: 'sum', ref: 'amount', label: 'Sum' }],
      summary: [
        { keys: ['a', '2026-01-01'], rollup: [false, false], values: [1, '10.00'] },
        { keys: ['a', null], rollup: [false, true], values: [1, '10.00'] },
        { keys: ['b', null], rollup: [false, true], values: [2, '30.50'] },
        { keys: [null, null], rollup: [true, true], values: [3, '40.50'] },
      ],
    };
    const { option, points } = chartOption(result, 'column', 1, labels);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['a', 'b'] });
    expect(option.series).toEqual([{ type: 'bar', name: 'Sum', data: [10, 30.5] }]);
    expect(points[0]![1]).toMatchObject({ keys: ['b', null], rollup: [false, true] });
    const pie = chartOption(result, 'pie', 0, labels);
    expect((pie.option.series as Array<{ data: unknown }>)[0]!.data).toEqual([{ name: 'a', value: 1 }, { name: 'b', value: 2 }]);
    // Bars lie along the category axis on the left.
    expect(chartOption(result, 'bar', 0, labels).option.yAxis).toMatchObject({ type: 'category', data: ['a', 'b'] });
  });

  it('a matrix draws one series per column group value, stacked, zero where a cell is empty', () => {
    const result: ReportResult = {
      ...base,
      format: 'matrix',
      groups: [
        { ref: 'ownerId', label: 'Owner', bucket: null, axis: 'row' },
        { ref: 'stage', label: 'Stage', bucket: null, axis: 'column' },
      ],
      aggregates: [{ key: 'a0', fn: 'count', ref: null, label: 'Count' }],
      summary: [
        { keys: [1, 'won'], rollup: [false, false], values: [2] },
        { keys: [1, null], rollup: [false, true], values: [2] },
        { keys: [2, 'lost'], rollup: [false, false], values: [1] },
        { keys: [2, null], rollup: [false, true], values: [1] },
        { keys: [null, 'won'], rollup: [true, false], values: [2] },
        { keys: [null, 'lost'], rollup: [true, false], values: [1] },
        { keys: [null, null], rollup: [true, true], values: [3] },
      ],
    };
    const { option } = chartOption(result, 'column', 0, labels);
    expect(option.series).toEqual([
      { type: 'bar', name: 'won', stack: 'total', data: [2, 0] },
      { type: 'bar', name: 'lost', stack: 'total', data: [0, 1] },
    ]);
  });

  const byStage = (stages: ReadonlyArray<readonly [string, number]>): ReportResult => ({
    ...base,
    groups: [{ ref: 'stage', label: 'Stage', bucket: null, axis: 'row' }],
    aggregates: [{ key: 'a0', fn: 'count', ref: null, label: 'Count' }],
    summary: [...stages.map(([k, n]) => ({ keys: [k], rollup: [false], values: [n] })), { keys: [null], rollup: [true], values: [stages.reduce((a, [, n]) => a + n, 0)] }],
  });

  it("a funnel keeps the groups in the order the server gave them (the stage dictionary's), not by size nor by name", () => {
    const stages = [['prospecting', 12], ['qualification', 9], ['needs_analysis', 9], ['proposal', 3], ['negotiation', 1]] as const;
    const { option, points } = chartOption(byStage(stages), 'funnel', 0, labels);
    const [series] = option.series as Array<{ type: string; sort: string; data: Array<{ name: string; value: number }> }>;
    // ECharts sorts a funnel's bands by value unless told not to.
    expect(series).toMatchObject({ type: 'funnel', sort: 'none' });
    expect(series!.data).toEqual(stages.map(([name, value]) => ({ name, value })));
    expect(points[0]!.map((p) => p.keys[0])).toEqual(stages.map(([k]) => k));
  });

  it('a funnel whose bands would widen again (an hourglass, a diamond) is drawn as bars, in the same order', () => {
    // As the pipeline-by-stage report answers: stages in dictionary order, the biggest band in the middle.
    const stages = [['prospecting', 4], ['qualification', 9], ['needs_analysis', 12], ['proposal', 3], ['negotiation', 1]] as const;
    const { option, points } = chartOption(byStage(stages), 'funnel', 0, labels);
    expect(option.series).toEqual([{ type: 'bar', name: 'Count', data: [4, 9, 12, 3, 1] }]);
    expect((option as { yAxis: { data: string[] } }).yAxis.data).toEqual(stages.map(([k]) => k));
    expect(points[0]!.map((p) => p.keys[0])).toEqual(stages.map(([k]) => k));
    // Side-on, the largest figure's label ends at the grid's edge rather than past the card's.
    expect(option.xAxis).toEqual({ type: 'value', axisLabel: { alignMaxLabel: 'right', hideOverlap: true } });
  });

  it('names date buckets and formats figures in the language', () => {
    expect(bucketText('2026-07-01', 'quarter', 'en')).toBe('2026 Q3');
    expect(bucketText('2026-07-01', 'month', 'zh')).toBe('2026年7月');
    expect(bucketText('2026-11-23', 'week', 'en')).toBe('Week of 2026-11-23');
    expect(valueText('1234.5', undefined, 'en')).toBe('1,234.5');
    expect(valueText(null, undefined, 'en')).toBe('—');
  });
});
