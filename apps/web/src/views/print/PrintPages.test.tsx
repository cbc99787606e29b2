import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/queryClient';
import { RequestError } from '../../api/request';
import { printModuleOf, printPath } from '../../app/printRoutes';
import { dictApi, leadRecord, metaOf, prepareCrmTests, signInOlivia } from '../../test/crmFixtures';
import { listAddressQuery, type ListSettings } from '../crm/engine/list/listAddress';
import PrintDetailPage from './PrintDetailPage';
import PrintIndexPage from './PrintIndexPage';

const api = vi.hoisted(() => ({ getModuleMeta: vi.fn(), listRecords: vi.fn(), getRecord: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../api/crm', () => api);
vi.mock('../../api/system/dict', () => dictApi);

function renderAt(address: string) {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/Leads/print-leads-index" element={<PrintIndexPage />} />
        <Route path="/Leads/print-leads-detail" element={<PrintDetailPage />} />
        <Route path="/account/print-account-index" element={<PrintIndexPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const hotLeads: ListSettings = {
  q: 'ac',
  owner: 'mine',
  filter: { field: 'rating', op: 'eq', value: 'hot' },
  columns: ['lastName', 'company', 'rating'],
  orderByColumn: 'company',
  isAsc: 'asc',
  viewId: 102,
};
const rows = [leadRecord({ lastName: 'Park', company: 'Acme', rating: 'hot' }), leadRecord({ id: 8, lastName: 'Lee', company: 'Acorn', rating: 'hot' })];

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  // The print views bring the app's own cache: each test starts from an empty one.
  queryClient.clear();
  signInOlivia();
  api.getModuleMeta.mockImplementation(metaOf);
  api.listRecords.mockResolvedValue({ code: 200, total: 2, rows, lookups: {} });
});

describe('the leads list print view', () => {
  it('prints the list as the list page showed it: its view, filter, search, sort, owner scope and columns', async () => {
    renderAt(`/Leads/print-leads-index?${listAddressQuery(hotLeads)}`);
    const table = await screen.findByTestId('print-table');
    expect(api.listRecords).toHaveBeenCalledWith('leads', {
      pageNum: 1,
      pageSize: 500,
      q: 'ac',
      owner: 'mine',
      filter: { field: 'rating', op: 'eq', value: 'hot' },
      fields: ['lastName', 'company', 'rating'],
      orderByColumn: 'company',
      isAsc: 'asc',
    });
    expect(screen.getByTestId('print-title').textContent).toBe('Leads · Hot Leads');
    expect(screen.getByTestId('print-facts').textContent).toBe('Whose records: Mine·Search: "ac"·Filtered·Sorted by Company, ascending·2 records');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Last Name', 'Company', 'Rating']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(await within(table).findAllByText('Hot')).toHaveLength(2);
    expect(screen.queryByTestId('print-truncated')).toBeNull();
    expect(document.title).toBe('Orbit CRM - Leads');
  });

  it('says so when the list holds more records than a print does', async () => {
    api.listRecords.mockResolvedValue({ code: 200, total: 1234, rows, lookups: {} });
    renderAt(`/Leads/print-leads-index?${listAddressQuery({ ...hotLeads, q: 'more' })}`);
    expect((await screen.findByTestId('print-truncated')).textContent).toBe('Only the first 2 of 1234 records are printed. Narrow the filter to print the rest.');
  });

  it('prints on the press of its button', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderAt('/Leads/print-leads-index?owner=all');
    await screen.findByTestId('print-table');
    fireEvent.click(screen.getByTestId('print-button'));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says what is wrong: an address tampered with, a filter the server refuses, a request that failed', async () => {
    const { unmount } = renderAt('/Leads/print-leads-index?owner=everyone');
    expect((await screen.findByTestId('print-unavailable')).textContent).toContain('The address of this print view is incomplete. Open it again from the list.');
    expect(api.listRecords).not.toHaveBeenCalled();
    unmount();

    api.listRecords.mockRejectedValue(new RequestError('Unknown field nickname', 400));
    const second = renderAt('/Leads/print-leads-index?owner=team');
    expect((await screen.findByTestId('print-unavailable')).textContent).toContain('Unknown field nickname');
    second.unmount();

    api.listRecords.mockRejectedValueOnce(new RequestError('Internal error', 500)).mockResolvedValue({ code: 200, total: 0, rows: [], lookups: {} });
    renderAt('/Leads/print-leads-index?owner=all&q=zzz');
    fireEvent.click(await screen.findByTestId('retry'));
    expect(await screen.findByText('No records match the search or filter')).toBeTruthy();
  });
});

describe('every module has the same print views', () => {
  it('prints the list of the module its address names', async () => {
    api.listRecords.mockResolvedValue({ code: 200, total: 0, rows: [], lookups: {} });
    renderAt('/account/print-account-index?owner=all');
    await waitFor(() => expect(api.listRecords).toHaveBeenCalledWith('account', expect.objectContaining({ owner: 'all' })));
    await waitFor(() => expect(document.title).toBe('Orbit CRM - Accounts'));
    expect(api.listRecords).not.toHaveBeenCalledWith('leads', expect.anything());
  });

  it('has an address beside each module\'s own pages, the leads\' as SPEC §2 names them', () => {
    expect(printPath('leads', 'index')).toBe('/Leads/print-leads-index');
    expect(printPath('leads', 'detail')).toBe('/Leads/print-leads-detail');
    expect(printPath('opportunity', 'detail')).toBe('/opportunity/print-opportunity-detail');
    expect(printModuleOf('/task/print-task-index')).toBe('task');
    expect(printModuleOf('/task/task-index')).toBeUndefined();
  });
});

describe('the lead detail print view', () => {
  it('prints the lead\'s name, states, key facts and the sections of its layout', async () => {
    api.getRecord.mockResolvedValue({ code: 200, data: leadRecord({ status: 'qualified' }), lookups: { user: { 5: 'Olivia Park' } }, locked: null });
    renderAt('/Leads/print-leads-detail?id=7');
    expect((await screen.findByTestId('record-name')).textContent).toBe('Olivia Park');
    expect(api.getRecord).toHaveBeenCalledWith('leads', 7);
    expect(screen.getByTestId('section-main')).toBeTruthy();
    expect(screen.getByTestId('section-system')).toBeTruthy();
    expect((await screen.findAllByText('Qualified')).length).toBeGreaterThan(0);
    // Paper is not edited: no pencils, no actions.
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(document.title).toBe('Orbit CRM - Olivia Park');
  });

  it('says the lead is not there for an id that is missing, out of reach or not an id', async () => {
    api.getRecord.mockRejectedValue(new RequestError('The record does not exist or you have no access to it', 404));
    const { unmount } = renderAt('/Leads/print-leads-detail?id=999');
    expect((await screen.findByTestId('print-unavailable')).textContent).toContain('The record does not exist or you have no access to it');
    unmount();
    renderAt('/Leads/print-leads-detail?id=abc');
    expect((await screen.findByTestId('print-unavailable')).textContent).toContain('The record does not exist or you have no access to it');
  });
});
