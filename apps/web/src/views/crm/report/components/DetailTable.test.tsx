import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportResult } from '@orbit/shared/contract/report';
import { dictApi, leadsMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import { DetailTable } from './ReportTables';

vi.mock('../../../../api/system/dict', () => dictApi);

prepareCrmTests();
beforeEach(() => signInOlivia());

describe("a report's detail rows", () => {
  it('open their records from the first column, a real link', async () => {
    const result: ReportResult = {
      format: 'tabular',
      columns: [
        { ref: 'lastName', label: 'Last Name' },
        { ref: 'company', label: 'Company' },
      ],
      rows: [
        { id: 7, lastName: 'Park', company: 'Acme' },
        { id: 8, lastName: 'Wang', company: 'Fjord' },
      ],
      total: 2,
      truncated: false,
      lookups: {},
      groups: [],
      aggregates: [],
      summary: [],
    } as unknown as ReportResult;
    renderCrm(<DetailTable result={result} meta={leadsMeta} related={undefined} />);
    const rows = await screen.findByTestId('report-rows');
    const links = within(rows).getAllByTestId('report-row-link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Park', '/Leads/leads-detail?flag=detail&id=7'],
      ['Wang', '/Leads/leads-detail?flag=detail&id=8'],
    ]);
    // Only the first column links.
    expect(within(rows).getByText('Acme').closest('a')).toBeNull();
  });
});
