import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WidgetData } from '@orbit/shared/contract/dashboard';
import type { ReportResult } from '@orbit/shared/contract/report';
import { dictApi, leadsMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import DashboardWidget, { figureFontSize } from './DashboardWidget';

const api = vi.hoisted(() => ({ getModuleMeta: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

/** Leads by status, a summary: its group keys are codes ('new', 'qualified') until the dictionary names them. */
const result = {
  format: 'summary',
  columns: [],
  groups: [{ ref: 'status', label: 'Lead Status', bucket: null, axis: 'row' }],
  aggregates: [{ key: 'a0', fn: 'count', ref: null, label: 'Record Count' }],
  summary: [
    { keys: ['new'], rollup: [false], values: [4] },
    { keys: ['qualified'], rollup: [false], values: [2] },
    { keys: [null], rollup: [true], values: [6] },
  ],
  rows: [],
  total: 6,
  truncated: false,
  lookups: {},
} as unknown as ReportResult;
const data = {
  report: { id: 3, name: 'Leads by status', module: 'leads', definition: { module: 'leads', format: 'summary', columns: [], groupRows: [{ field: 'status' }] } },
  result,
  previous: null,
  range: null,
  error: null,
} as unknown as WidgetData;
const widget = { reportId: 3, kind: 'table' as const, x: 0, y: 0, w: 6, h: 4 };

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
});

describe('DashboardWidget', () => {
  it('shows a placeholder until the labels of its figures are in, never the codes', async () => {
    let answer!: (value: unknown) => void;
    api.getModuleMeta.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderCrm(<DashboardWidget widget={widget} data={data} />);
    const card = screen.getByTestId('widget-table');
    expect(within(card).getByTestId('widget-loading').getAttribute('aria-busy')).toBe('true');
    expect(within(card).queryByText('new')).toBeNull();
    expect(within(card).queryByText('qualified')).toBeNull();

    answer({ code: 200, data: leadsMeta });
    expect(await within(card).findByText('Qualified')).toBeTruthy();
    expect(within(card).getByText('New')).toBeTruthy();
    expect(within(card).queryByTestId('widget-loading')).toBeNull();
  });

  it('a figure shrinks with its card rather than being cut: its size follows its length, between 14 and 24 px', async () => {
    api.getModuleMeta.mockResolvedValue({ code: 200, data: leadsMeta });
    renderCrm(<DashboardWidget widget={{ ...widget, kind: 'figure' }} data={data} />);
    const body = await screen.findByTestId('figure-body');
    expect(body.style.containerType).toBe('inline-size');
    const content = body.querySelector<HTMLElement>('.ant-statistic-content')!;
    expect(content.textContent).toBe('6');
    expect(content.style.whiteSpace).toBe('nowrap');
    // jsdom drops a size in `cqi` (the e2e's screenshots show it drawn); the size asked for:
    expect(figureFontSize('6')).toBe('clamp(14px, calc(100cqi / 0.6), 24px)');
    // "US$1,137,000.00": 15 characters of ~0.6 em — 24 px only where the card is at least 216 px wide.
    expect(figureFontSize('US$1,137,000.00')).toBe('clamp(14px, calc(100cqi / 9.0), 24px)');
  });
});
