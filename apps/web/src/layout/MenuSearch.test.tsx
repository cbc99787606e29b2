import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareCrmTests, signInOlivia } from '../test/crmFixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { changeLanguage } from '../i18n/i18n';
import { keyboardOverlayStore } from '../store/keyboardOverlay';
import { usePageCommand } from './keys/pageCommands';
import MenuSearch from './MenuSearch';
import { PageContext } from './PageContext';
import type { MenuPage } from './routes/menuModel';
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
  keyboardOverlayStore.set(null);
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
    // The commands follow the records: the list is the user's before it is the product's.
    await waitFor(() => expect(groupTitles()).toEqual(['Favourites', 'Recently viewed', 'Commands']));
    expect(optionTexts().slice(0, 3)).toEqual(['Ashdown Holdings · Accounts', 'Ava Ashdown · Leads', 'New lead']);
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

/** A list page that offers `create`, as RecordList does, once it is mounted. */
function ListPage({ path, onCreate }: { path: string; onCreate: () => void }) {
  usePageCommand('create', onCreate);
  return <output>{path}</output>;
}
const pageAt = (fullPath: string) => ({ fullPath, name: 'LeadsIndex', title: 'Leads', component: 'crm/leads/index' }) as MenuPage;

describe('the palette\'s commands', () => {
  it('lists the commands that name what was typed first, under their heading, with their shortcut', async () => {
    api.searchRecords.mockResolvedValue({ code: 200, data: [] });
    const input = openPalette();
    type(input, 'go opp');
    await waitFor(() => expect(groupTitles()[0]).toBe('Commands'));
    expect(optionTexts()[0]).toBe('Go to opportunitiesGO');
    // Headings are antd's group rows: not options, so never picked by the arrows or Enter.
    expect(document.querySelectorAll('.ant-select-item-group.ant-select-item-option')).toHaveLength(0);
    fireEvent.click(screen.getByText('Go to opportunities'));
    expect(screen.getByTestId('location').textContent).toBe('/opportunity/opportunity-index');
  });

  it('"new lead" opens the leads list and, once the list is there, its new-record form', async () => {
    const input = openPalette();
    type(input, 'new lead');
    // Records the server finds come after the command that was named.
    await waitFor(() => expect(groupTitles().slice(0, 2)).toEqual(['Commands', 'Records']));
    expect(optionTexts()[0]).toBe('New lead');
    fireEvent.click(screen.getByText('New lead'));
    const path = screen.getByTestId('location').textContent!;
    expect(path).toBe('/Leads/leads-index');
    const onCreate = vi.fn();
    render(
      <PageContext.Provider value={pageAt(path)}>
        <ListPage path={path} onCreate={onCreate} />
      </PageContext.Provider>,
    );
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('finds a command by its Chinese name in English, and offers "new" only with the permission to add', async () => {
    // No records: the lists below are the commands alone, whenever the record search answers.
    api.searchRecords.mockResolvedValue({ code: 200, data: [] });
    const input = openPalette();
    type(input, '新建线索');
    await waitFor(() => expect(optionTexts()).toEqual(['New lead']));
    type(input, '');
    signInOlivia(['crm:leads:list', 'crm:opportunity:list', 'crm:opportunity:add'], ['leads', 'opportunity']);
    type(input, 'new');
    await waitFor(() => expect(optionTexts()).toEqual(['New opportunity']));
    type(input, 'go to');
    // Only the pages this menu has: no accounts, tasks, dashboard… here.
    await waitFor(() => expect(optionTexts()).toEqual(['Go to homeGH', 'Go to leadsGL', 'Go to opportunitiesGO']));
  });

  it('switches the language, and opens the shortcuts dialog', async () => {
    api.searchRecords.mockResolvedValue({ code: 200, data: [] });
    let input = openPalette();
    type(input, 'switch language');
    await waitFor(() => expect(optionTexts()).toEqual(['Switch language: 中文']));
    fireEvent.click(screen.getByText('Switch language: 中文'));
    await waitFor(() => expect(i18n.language).toBe('zh'));
    await act(() => changeLanguage('en'));
    fireEvent.click(screen.getByTestId('menu-search'));
    input = screen.getByRole('combobox');
    type(input, 'shortcuts');
    await waitFor(() => expect(optionTexts()).toEqual(['Keyboard shortcuts?']));
    fireEvent.click(screen.getByText('Keyboard shortcuts'));
    expect(keyboardOverlayStore.get()).toBe('shortcuts');
    act(() => keyboardOverlayStore.set(null));
  });
});
