import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dictApi, leadRecord, leadsMeta, prepareCrmTests, signInOlivia } from '../../../../test/crmFixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import RecordList from './RecordList';

const api = vi.hoisted(() => ({
  getModuleMeta: vi.fn(),
  listRecords: vi.fn(),
  getBoard: vi.fn(),
  getBoardCards: vi.fn(),
  selectRecordTypes: vi.fn(),
  metaVersionSeen: { use: () => null },
}));
vi.mock('../../../../api/crm', () => api);
vi.mock('../../../../api/system/dict', () => dictApi);

const list = (address = '/Leads/leads-index') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[address]}>
      <RecordList module="leads" />
    </MemoryRouter>,
  );

/** The window as a phone's (390 px wide): every `max-width: 767.98px` query matches. */
function asPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: query.includes('max-width: 767.98px'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
}

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  localStorage.clear();
  signInOlivia();
  api.getModuleMeta.mockResolvedValue({ code: 200, data: leadsMeta });
  api.listRecords.mockResolvedValue({ code: 200, total: 1, rows: [leadRecord({ id: 7, status: 'new', rating: 'hot' })], lookups: {} });
  api.getBoard.mockImplementation(async (_module: string, params: { field: string }) => ({
    code: 200,
    data: { field: params.field, columns: [{ value: params.field === 'rating' ? 'hot' : 'new', count: 1, sums: {}, cards: [leadRecord({ id: 7, status: 'new', rating: 'hot' })] }] },
    lookups: {},
  }));
});
afterEach(() => vi.restoreAllMocks());

describe('a list page’s List / Board choice', () => {
  it('shows the board by the module’s default picklist, groups it by another chosen one, and remembers both per user and module', async () => {
    const { unmount } = list();
    await screen.findByTestId('record-table');
    fireEvent.click(within(screen.getByTestId('display-mode')).getByText('Board'));
    await screen.findByTestId('board-column-new');
    expect(api.getBoard).toHaveBeenLastCalledWith('leads', expect.objectContaining({ field: 'status' }));

    // Only picklists a list can filter on are offered (the fixture's status and rating).
    fireEvent.mouseDown(within(screen.getByTestId('board-group-by')).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Lead Status', 'Rating']);
    fireEvent.click(screen.getAllByText('Rating').at(-1)!);
    await screen.findByTestId('board-column-hot');
    expect(api.getBoard).toHaveBeenLastCalledWith('leads', expect.objectContaining({ field: 'rating' }));
    expect(JSON.parse(localStorage.getItem('crm-list-mode:5:leads')!)).toEqual({ mode: 'board', groupBy: 'rating' });
    unmount();

    // Opened again without anything in its address: the board by rating, as left.
    list();
    await screen.findByTestId('board-column-hot');
    fireEvent.click(within(screen.getByTestId('display-mode')).getByText('List'));
    await screen.findByTestId('record-table');
    expect(JSON.parse(localStorage.getItem('crm-list-mode:5:leads')!)).toEqual({ mode: 'list', groupBy: 'rating' });
  });

  it('follows its address over the remembered choice; an unknown group-by falls back to the default', async () => {
    localStorage.setItem('crm-list-mode:5:leads', JSON.stringify({ mode: 'list' }));
    list('/Leads/leads-index?mode=board&groupBy=lastName');
    await screen.findByTestId('board-column-new');
    expect(api.getBoard).toHaveBeenCalledWith('leads', expect.objectContaining({ field: 'status' }));
  });

  it('on a phone shows each record as a card with the list’s first columns', async () => {
    asPhone();
    list();
    const card = await screen.findByTestId('record-card-7');
    expect(screen.queryByTestId('record-table')).toBeNull();
    expect(within(card).getByText('Olivia Park').getAttribute('href')).toBe('/Leads/leads-detail?flag=detail&id=7');
    await waitFor(() => expect(within(card).getAllByRole('term').map((term) => term.textContent)).toEqual(['Company', 'Lead Status']));
    expect(within(card).getByText('Acme')).toBeTruthy();
    expect(screen.getByText('1 in total')).toBeTruthy();
  });
});
