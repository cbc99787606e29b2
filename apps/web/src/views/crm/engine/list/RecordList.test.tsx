import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../../api/request';
import { dictApi, leadRecord, leadsMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import RecordList from './RecordList';

const api = vi.hoisted(() => ({
  getModuleMeta: vi.fn(),
  listRecords: vi.fn(),
  selectRecordTypes: vi.fn(),
  lookupUsers: vi.fn(),
  lookupRecords: vi.fn(),
  metaVersionSeen: { use: () => null },
}));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

const row = (id: number, firstName: string | null, lastName: string) => leadRecord({ id, firstName, lastName, status: 'qualified', version: 1 });

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  api.getModuleMeta.mockResolvedValue({ code: 200, data: leadsMeta });
  api.listRecords.mockResolvedValue({ code: 200, total: 2, rows: [row(7, 'Olivia', 'Park'), row(8, null, 'Wang')], lookups: {} });
  api.selectRecordTypes.mockResolvedValue({ code: 200, data: leadsMeta.recordTypes });
});

describe('RecordList', () => {
  it('lists the view\'s columns with the names linked to the detail pages and values drawn by type', async () => {
    renderCrm(<RecordList module="leads" />);
    const table = await screen.findByTestId('record-table');
    expect(await within(table).findByText('Park')).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(expect.arrayContaining(['Last Name', 'First Name', 'Company', 'Lead Status']));
    expect(within(table).getByText('Park').getAttribute('href')).toBe('/Leads/leads-detail?flag=detail&id=7');
    expect(within(table).getByText('Wang').getAttribute('href')).toBe('/Leads/leads-detail?flag=detail&id=8');
    expect((await within(table).findAllByText('Qualified')).length).toBe(2);
  });

  it('opens with the filter its address carries (a report segment clicked through), and ignores a broken one', async () => {
    const filter = { and: [{ field: 'status', op: 'eq', value: 'qualified' }, { field: 'createTime', op: 'between', value: ['2026-07-01', '2026-09-30'] }] };
    const { unmount } = renderWithProviders(
      <MemoryRouter initialEntries={[`/Leads/leads-index?filter=${encodeURIComponent(JSON.stringify(filter))}`]}>
        <RecordList module="leads" />
      </MemoryRouter>,
    );
    await screen.findByTestId('record-table');
    await waitFor(() => expect(api.listRecords).toHaveBeenCalled());
    expect(api.listRecords.mock.calls[0]![1].filter).toEqual(filter);
    unmount();
    api.listRecords.mockClear();
    renderWithProviders(
      <MemoryRouter initialEntries={['/Leads/leads-index?filter=%7Bnot-json']}>
        <RecordList module="leads" />
      </MemoryRouter>,
    );
    await screen.findByTestId('record-table');
    await waitFor(() => expect(api.listRecords).toHaveBeenCalled());
    expect(api.listRecords.mock.calls[0]![1].filter ?? null).toBeNull();
  });

  it('names the module\'s own searchable fields in its quick search', async () => {
    const searchable = new Set(['lastName', 'company', 'email']);
    api.getModuleMeta.mockResolvedValue({ code: 200, data: { ...leadsMeta, fields: leadsMeta.fields.map((f) => ({ ...f, searchable: searchable.has(f.name) })) } });
    renderCrm(<RecordList module="leads" />);
    expect((await screen.findByTestId('quick-search')).querySelector('input')?.getAttribute('placeholder')).toBe('Search Last Name, Company, or Email');
  });

  it('asks to select records first when a mass action has none (SPEC §5)', async () => {
    renderCrm(<RecordList module="leads" />);
    fireEvent.click(await screen.findByRole('button', { name: /Change owner/ }));
    expect(await screen.findByText('Please select at least one record and try again')).toBeTruthy();
  });

  it('asks for the record type first when the module has several, then opens the form of that type', async () => {
    renderCrm(<RecordList module="leads" />);
    fireEvent.click(await screen.findByTestId('record-new'));
    const picker = await screen.findByTestId('record-type-picker');
    expect(api.selectRecordTypes).toHaveBeenCalledWith('leads');
    fireEvent.click(within(picker).getByText('Partner'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('New Lead · Partner')).toBeTruthy();
  });

  it('shows a reader neither New nor the mass actions nor the recycle bin', async () => {
    signInOlivia(['crm:leads:list', 'crm:leads:query']);
    renderCrm(<RecordList module="leads" />);
    expect(await screen.findByText('Park')).toBeTruthy();
    expect(screen.queryByTestId('record-new')).toBeNull();
    expect(screen.queryByTestId('mass-actions')).toBeNull();
    expect(screen.queryByTestId('recycle-bin-button')).toBeNull();
  });

  it('says when nothing matches, and offers a retry when the list cannot be loaded', async () => {
    api.listRecords.mockResolvedValueOnce({ code: 200, total: 0, rows: [], lookups: {} });
    renderCrm(<RecordList module="leads" />);
    expect(await screen.findByText('No records yet')).toBeTruthy();
    cleanup();
    api.listRecords.mockRejectedValueOnce(new RequestError('down', 500, undefined, true));
    renderCrm(<RecordList module="leads" />);
    fireEvent.click(await screen.findByTestId('retry'));
    await waitFor(() => expect(screen.getByText('Park')).toBeTruthy());
  });
});
