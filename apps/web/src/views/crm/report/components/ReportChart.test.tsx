import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportResult } from '@orbit/shared/contract/report';
import ReportChart from './ReportChart';

const chart = vi.hoisted(() => ({ setOption: vi.fn(), on: vi.fn(), resize: vi.fn(), dispose: vi.fn(), getWidth: () => 300, getHeight: () => 200 }));
vi.mock('./echartsSetup', () => ({ init: () => chart }));

/** The ResizeObserver the chart made: its callback, called as the browser would with a size. */
let observed: ((entries: Array<{ contentRect: { width: number; height: number } }>) => void) | undefined;
class FakeResizeObserver {
  constructor(callback: typeof observed) {
    observed = callback;
  }
  observe() {}
  disconnect() {}
}

const result: ReportResult = {
  format: 'summary',
  columns: [],
  rows: [],
  total: 3,
  truncated: false,
  lookups: {},
  groups: [{ ref: 'stage', label: 'Stage', bucket: null, axis: 'row' }],
  aggregates: [{ key: 'a0', fn: 'count', ref: null, label: 'Count' }],
  summary: [
    { keys: ['a'], rollup: [false], values: [1] },
    { keys: ['b'], rollup: [false], values: [2] },
    { keys: [null], rollup: [true], values: [3] },
  ],
};

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.clearAllMocks();
});
afterEach(() => vi.unstubAllGlobals());

describe('ReportChart', () => {
  it('draws once at its size, and again only when its box changes size', async () => {
    render(<ReportChart result={result} type="column" aggregate={0} labels={{ keyText: (_: number, key: unknown) => String(key) }} />);
    await waitFor(() => expect(chart.setOption).toHaveBeenCalledTimes(1));
    // The first observation reports the size it was drawn at (fractions rounded as the chart reads its box).
    observed!([{ contentRect: { width: 300.4, height: 200 } }]);
    expect(chart.resize).not.toHaveBeenCalled();
    observed!([{ contentRect: { width: 420, height: 200 } }]);
    expect(chart.resize).toHaveBeenCalledTimes(1);
  });
});
