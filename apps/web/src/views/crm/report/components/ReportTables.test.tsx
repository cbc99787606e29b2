import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportResult } from '@orbit/shared/contract/report';
import { loadAllTexts } from '../../../../i18n/i18n';
import { chartOption } from './chartOption';
import { SummaryTable } from './ReportTables';

const labels = { keyText: (_: number, key: unknown) => (key === null ? '' : `Stage ${String(key)}`), aggregateText: (_: number, v: unknown) => String(v), language: 'en' as const, ready: true };

beforeAll(async () => {
  await loadAllTexts();
});

describe('a summary and its chart', () => {
  it("list the groups in the same order, the server's (stages as the pipeline runs), the grand total last", () => {
    const stages = ['prospecting', 'qualification', 'needs_analysis', 'proposal', 'negotiation'];
    const result: ReportResult = {
      format: 'summary',
      columns: [],
      rows: [],
      total: 15,
      truncated: false,
      lookups: {},
      groups: [{ ref: 'stage', label: 'Stage', bucket: null, axis: 'row' }],
      aggregates: [{ key: 'a0', fn: 'count', ref: null, label: 'Count' }],
      summary: [...stages.map((k, i) => ({ keys: [k], rollup: [false], values: [5 - i] })), { keys: [null], rollup: [true], values: [15] }],
    };
    const { container } = render(<SummaryTable result={result} labels={labels} />);
    const firstCells = [...container.querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.querySelector('td')!.textContent);
    expect(firstCells).toEqual([...stages.map((k) => `Stage ${k}`), 'Grand total']);
    const [funnel] = chartOption(result, 'funnel', 0, labels).option.series as Array<{ data: Array<{ name: string }> }>;
    expect(funnel!.data.map((d) => d.name)).toEqual(firstCells.slice(0, -1));
  });
});
