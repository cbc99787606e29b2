import { describe, expect, it } from 'vitest';
import type { DashboardWidget } from '@orbit/shared/contract/dashboard';
import { layoutProblem } from '@orbit/shared/crm/dashboardLayout';
import { draftOf, layoutReducer, savedOf } from './layoutReducer';

const widget = (x: number, y: number, w: number, h: number, kind: DashboardWidget['kind'] = 'chart'): DashboardWidget => ({ reportId: 1, kind, x, y, w, h });
const cells = (draft: ReturnType<typeof draftOf>) => draft.map(({ x, y, w, h }) => [x, y, w, h]);

describe('layoutReducer', () => {
  const start = draftOf([widget(0, 0, 6, 4), widget(6, 0, 6, 4), widget(0, 4, 12, 3, 'table')]);

  it('moves a widget onto another: the covered one goes below it, and those beneath it after', () => {
    const next = layoutReducer(start, { type: 'place', key: 1, x: 3, y: 2, w: 6, h: 4 });
    // The first one was above (rows 0–3) and overlaps rows 2–5: it goes below the moved one, the table below it.
    expect(cells(next)).toEqual([[0, 6, 6, 4], [3, 2, 6, 4], [0, 10, 12, 3]]);
    expect(layoutProblem(next)).toBeNull();
  });

  it('keeps a widget inside the 12 columns and its size within bounds', () => {
    expect(cells(layoutReducer(start, { type: 'move', key: 1, dx: 5, dy: -3 }))[1]).toEqual([6, 0, 6, 4]);
    expect(cells(layoutReducer(start, { type: 'resize', key: 0, dw: -10, dh: 20 }))[0]).toEqual([0, 0, 1, 12]);
    // Wider past the edge: it moves left to fit.
    const wide = layoutReducer(start, { type: 'resize', key: 1, dw: 2, dh: 0 });
    expect(cells(wide)[1]).toEqual([4, 0, 8, 4]);
    expect(layoutProblem(wide)).toBeNull();
  });

  it('leaves gaps and untouched widgets where they are (no compaction)', () => {
    const next = layoutReducer(start, { type: 'move', key: 2, dx: 0, dy: 3 });
    expect(cells(next)).toEqual([[0, 0, 6, 4], [6, 0, 6, 4], [0, 7, 12, 3]]);
  });

  it('growing a widget down pushes the one below; removing and changing the display keep the rest', () => {
    const taller = layoutReducer(start, { type: 'resize', key: 0, dw: 0, dh: 2 });
    expect(cells(taller)).toEqual([[0, 0, 6, 6], [6, 0, 6, 4], [0, 6, 12, 3]]);
    const removed = layoutReducer(taller, { type: 'remove', key: 1 });
    expect(removed.map((d) => d.key)).toEqual([0, 2]);
    const figure = layoutReducer(removed, { type: 'kind', key: 2, kind: 'figure' });
    expect(savedOf(figure)).toEqual([widget(0, 0, 6, 6), widget(0, 6, 12, 3, 'figure')]);
  });

  it('reset brings back the saved layout (Cancel)', () => {
    const moved = layoutReducer(start, { type: 'move', key: 0, dx: 2, dy: 1 });
    expect(layoutReducer(moved, { type: 'reset', widgets: savedOf(start) })).toEqual(start);
  });
});

describe('kindsFor', () => {
  it('offers a chart only for a report with one, a figure only for one with something to total', async () => {
    const { kindsFor } = await import('./widgetKinds');
    const def = (extra: object) => ({ definition: { module: 'opportunities', columns: [], format: 'tabular', ...extra } }) as never;
    expect(kindsFor(def({}), 'table')).toEqual(['table']);
    expect(kindsFor(def({ format: 'summary', chart: { type: 'bar', aggregate: 0 } }), 'table')).toEqual(['chart', 'figure', 'table']);
    expect(kindsFor(def({ aggregates: [{ fn: 'count' }] }), 'table')).toEqual(['figure', 'table']);
    expect(kindsFor(null, 'chart')).toEqual(['chart']);
  });
});
