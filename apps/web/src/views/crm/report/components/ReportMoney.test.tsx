import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReportResult } from '@orbit/shared/contract/report';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { opportunityMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import ReportView from './ReportView';

/**
 * A report over amounts of several currencies (issue 33): its figures are in the organisation
 * currency and say they were converted; each detail row shows its amount in its record's currency.
 */
const result = (extra: Partial<ReportResult> = {}): ReportResult => ({
  format: 'tabular',
  columns: [
    { ref: 'name', label: 'Opportunity Name' },
    { ref: 'amount', label: 'Amount' },
  ],
  groups: [],
  aggregates: [{ key: 'a0', fn: 'sum', ref: 'amount', label: 'Sum of Amount' }],
  // 1,000.10 € × 1.10 + 50.55 US$ = 1,150.66 US$
  summary: [{ keys: [], rollup: [], values: ['1150.66'] }],
  rows: [
    { id: 1, name: 'Euro deal', amount: '1000.10', currency: 'EUR' },
    { id: 2, name: 'Dollar deal', amount: '50.55', currency: 'USD' },
  ],
  total: 2,
  truncated: false,
  lookups: {},
  currency: 'USD',
  converted: true,
  ...extra,
});

prepareCrmTests();
afterEach(async () => {
  await loadAllTexts();
  await changeLanguage('en');
});

describe('a report of mixed currencies', () => {
  it('shows each row’s amount in its own currency and the total converted to the organisation’s, saying so', async () => {
    signInOlivia();
    renderCrm(<ReportView result={result()} chart={null} meta={opportunityMeta} related={undefined} />);
    const rows = within(await screen.findByTestId('report-rows'));
    expect(rows.getByText('€1,000.10')).toBeTruthy();
    expect(rows.getByText('$50.55')).toBeTruthy();
    expect(screen.getByText('$1,150.66')).toBeTruthy();
    expect(screen.getByTestId('report-converted').textContent).toBe('converted to USD');
  });

  it('in Chinese: euros stay euros, dollars US$ with cents, and the note is translated', async () => {
    signInOlivia();
    await changeLanguage('zh');
    renderCrm(<ReportView result={result()} chart={null} meta={opportunityMeta} related={undefined} />);
    const rows = within(await screen.findByTestId('report-rows'));
    expect(rows.getByText('€1,000.10')).toBeTruthy();
    expect(rows.getByText('US$50.55')).toBeTruthy();
    expect(screen.getByText('US$1,150.66')).toBeTruthy();
    expect(screen.getByTestId('report-converted').textContent).toBe('已折算为 USD');
  });

  it('says nothing of conversion when every amount was in the organisation currency', async () => {
    signInOlivia();
    renderCrm(<ReportView result={result({ converted: undefined })} chart={null} meta={opportunityMeta} related={undefined} />);
    await screen.findByTestId('report-rows');
    expect(screen.queryByTestId('report-converted')).toBeNull();
  });
});
