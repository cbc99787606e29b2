import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareCrmTests, signInOlivia } from '../test/crmFixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import MenuSearch from './MenuSearch';
import { RECORD_SEARCH_DELAY_MS } from './routes/useRecordSearch';

const api = vi.hoisted(() => ({ searchRecords: vi.fn() }));
vi.mock('../api/crmSearch', () => api);
const userRecords = vi.hoisted(() => ({ getRecentRecords: vi.fn(), getFavourites: vi.fn() }));
vi.mock('../api/userRecords', () => userRecords);

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function openPalette() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/home']}>
      <MenuSearch />
      <Where />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByTestId('menu-search'));
  return screen.getByRole('combobox');
}
const type = (input: HTMLElement, text: string) => fireEvent.change(input, { target: { value: text } });
const pause = () => new Promise((resolve) => setTimeout(resolve, RECORD_SEARCH_DELAY_MS + 150));
const groupTitles = () => [...document.querySelectorAll('.ant-select-item-group')].map((g) => g.textContent);
const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  userRecords.getRecentRecords.mockResolvedValue({ code: 200, data: [] });
  userRecords.getFavourites.mockResolvedValue({ code: 200, data: [] });
  api.searchRecords.mockResolvedValue({
    code: 200,
    data: [
      { module: 'account', id: 3, label: 'Ashdown Holdings', detail: '', rank: 0, details: [{ label: 'Owner', value: 'Olivia Park' }] },
      { module: 'leads', id: 7, label: 'Ava Ashdown', detail: 'Quillfeather Ltd · ava@quillfeather.example', rank: 2, details: [] },
    ],
  });
});

describe('the search palette', () => {
  it('offers the favourites and recently viewed records before anything is typed, and opens one', async () => {
    const at = '2026-12-01T09:00:00.000Z';
    userRecords.getFavourites.mockResolvedValue({ code: 200, data: [{ module: 'account', id: 3, name: 'Ashdown Holdings', at }] });
    userRecords.getRecentRecords.mockResolvedValue({
      code: 200,
      data: [
        { module: 'leads', id: 7, name: 'Ava Ashdown', at },
        { module: 'account', id: 3, name: 'Ashdown Holdings', at },
      ],
    });
    openPalette();
    await waitFor(() => expect(groupTitles()).toEqual(['Favourites', 'Recently viewed']));
    expect(optionTexts()).toEqual(['Ashdown Holdings · Accounts', 'Ava Ashdown · Leads']);
    fireEvent.click(screen.getByText('Ava Ashdown'));
    expect(screen.getByTestId('location').textContent).toBe('/Leads/leads-detail?flag=detail&id=7');
  });

  it('asks the server for records once typing pauses, from two characters on', async () => {
    const input = openPalette();
    type(input, 'A');
    await pause();
    expect(api.searchRecords).not.toHaveBeenCalled();
    type(input, 'As');
    type(input, 'Ash');
    type(input, 'Ashd');
    await waitFor(() => expect(api.searchRecords).toHaveBeenCalledTimes(1));
    expect(api.searchRecords).toHaveBeenCalledWith('Ashd');
  });

  it('lists the records in the server\'s rank order with their key details, then "see all results", and opens a record', async () => {
    const input = openPalette();
    type(input, 'Ashdown');
    await waitFor(() => expect(groupTitles()).toEqual(['Records']));
    expect(optionTexts()).toEqual([
      'Ashdown Holdings · AccountsOwner: Olivia Park',
      'Ava Ashdown · LeadsQuillfeather Ltd · ava@quillfeather.example',
      'See all results',
    ]);
    fireEvent.click(screen.getByText('Ava Ashdown'));
    expect(screen.getByTestId('location').textContent).toBe('/Leads/leads-detail?flag=detail&id=7');
  });

  it('"see all results" opens the results page for what was typed', async () => {
    const input = openPalette();
    type(input, 'Ashdown');
    await waitFor(() => expect(optionTexts()).toContain('See all results'));
    fireEvent.click(screen.getByText('See all results'));
    expect(screen.getByTestId('location').textContent).toBe('/search/results?q=Ashdown');
  });

  it('still finds pages by a misspelt title, first, with no heading when no record matches', async () => {
    api.searchRecords.mockResolvedValue({ code: 200, data: [] });
    const input = openPalette();
    type(input, 'Leds');
    await waitFor(() => expect(optionTexts()).toContain('Leads'));
    await pause();
    expect(groupTitles()).toEqual([]);
    api.searchRecords.mockResolvedValue({ code: 200, data: [{ module: 'leads', id: 9, label: 'Leda Stone', detail: '', rank: 1, details: [] }] });
    type(input, 'Leda');
    // The best record first (Enter opens it), the pages after the records.
    await waitFor(() => expect(groupTitles()).toEqual(['Records', 'Pages']));
    expect(optionTexts()[0]).toBe('Leda Stone · Leads');
  });

  it('does not search records for a user who may list none of them', async () => {
    signInOlivia(['system:user:list']);
    const input = openPalette();
    type(input, 'Ashdown');
    await pause();
    expect(api.searchRecords).not.toHaveBeenCalled();
  });
});
