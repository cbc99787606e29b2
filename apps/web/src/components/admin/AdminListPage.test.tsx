import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../test/crmFixtures';
import type { AdminColumn } from './adminColumns';
import AdminListPage, { type ListAction } from './AdminListPage';
import type { AdminFilter } from './AdminSearchForm';

vi.mock('../../api/system/dict', () => ({
  getDictValues: async () => ({ code: 200, data: [{ dictValue: '0', dictLabel: 'Succeeded', listClass: 'primary' }, { dictValue: '1', dictLabel: 'Failed', listClass: 'danger' }] }),
}));

type Entry = { entryId: number; userName: string; status: string; loginTime: string };
const rows: Entry[] = [
  { entryId: 7, userName: 'olivia.park', status: '0', loginTime: '2026-11-20T08:30:00' },
  { entryId: 8, userName: 'mia.chen', status: '1', loginTime: '2026-11-21T09:45:10' },
];
const api = { fetchPage: vi.fn(), deleteRows: vi.fn(), cleanAll: vi.fn(), greet: vi.fn() };

const filters: AdminFilter[] = [
  { kind: 'text', name: 'userName', label: 'logininfor.userName', width: 160 },
  { kind: 'select', name: 'status', label: 'logininfor.status', dict: 'sys_common_status', width: 130 },
  { kind: 'dateRange', name: 'loginTime', label: 'logininfor.loginTime' },
];
const columns: AdminColumn<Entry>[] = [
  { key: 'userName', title: 'logininfor.userName', sortable: true },
  { key: 'status', title: 'logininfor.status', show: { dict: 'sys_common_status' } },
  { key: 'loginTime', title: 'logininfor.loginTime', show: 'time' },
  { key: 'secret', title: 'logininfor.msg', hidden: true },
];
const greet: ListAction<Entry> = {
  label: 'logininfor.unlock',
  icon: null,
  permission: 'monitor:logininfor:unlock',
  rows: 'one',
  confirm: ([row]) => `Unlock ${row!.userName}?`,
  run: ([row]) => api.greet(row!.userName),
  doneKey: 'logininfor.unlocked',
};

const renderPage = () =>
  renderCrm(
    <AdminListPage
      testId="entries"
      queryKey="test-entries"
      fetchPage={api.fetchPage}
      rowKey="entryId"
      filters={filters}
      columns={columns}
      scrollX={900}
      remove={{ permission: 'monitor:logininfor:remove', deleteRows: api.deleteRows, confirmKey: 'logininfor.confirmDelete' }}
      clean={{ permission: 'monitor:logininfor:remove', cleanAll: api.cleanAll, confirmKey: 'logininfor.confirmClean' }}
      actions={[greet]}
      exportTo={{ url: '/monitor/logininfor/export', permission: 'monitor:logininfor:export', fileName: 'login_log' }}
    />,
  );

// A button's name carries its icon's too ("delete Delete").
const button = (name: string) => screen.getByRole('button', { name: new RegExp(`${name}$`) }) as HTMLButtonElement;
const confirmWith = async (question: string) => {
  const dialog = (await screen.findByText(question)).closest('.ant-modal') as HTMLElement;
  fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
};
const tick = (userName: string) => fireEvent.click(within(screen.getByText(userName).closest('tr')!).getByRole('checkbox'));

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia(['monitor:logininfor:list', 'monitor:logininfor:remove', 'monitor:logininfor:unlock']);
  api.fetchPage.mockResolvedValue({ code: 200, msg: '', total: 2, rows });
  api.deleteRows.mockResolvedValue({ code: 200 });
  api.cleanAll.mockResolvedValue({ code: 200 });
  api.greet.mockResolvedValue({ code: 200 });
});

describe('AdminListPage', () => {
  it('draws the columns it describes: times, dictionary tags, hidden ones left out', async () => {
    renderPage();
    const row = (await screen.findByText('mia.chen')).closest('tr')!;
    expect(row.textContent).toContain('2026-11-21 09:45:10');
    expect(within(row).getByText('Failed').className).toContain('ant-tag-error');
    expect(screen.queryByText('Message')).toBeNull();
    expect(screen.getByTestId('entries')).toBeTruthy();
    // No export permission, no export.
    expect(screen.queryByTestId('list-export')).toBeNull();
  });

  it('sorts a sortable column on the server, by its key', async () => {
    renderPage();
    await screen.findByText('mia.chen');
    fireEvent.click(screen.getByRole('columnheader', { name: /User name/ }));
    await waitFor(() => expect(api.fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ orderByColumn: 'userName', isAsc: 'asc' })));
  });

  it('searches by its filters (a date range goes as params, dateRange.test), and resets them', async () => {
    renderPage();
    await screen.findByText('mia.chen');
    fireEvent.change(screen.getByPlaceholderText('User name'), { target: { value: 'mia' } });
    fireEvent.click(button('Search'));
    await waitFor(() => expect(api.fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ userName: 'mia', pageNum: 1 })));
    expect(api.fetchPage.mock.lastCall![0]).not.toHaveProperty('loginTime');
    fireEvent.click(button('Reset'));
    await waitFor(() => expect(api.fetchPage.mock.lastCall![0]).not.toHaveProperty('userName'));
  });

  it('deletes the ticked rows after asking, by their ids, and loads the list again', async () => {
    renderPage();
    await screen.findByText('mia.chen');
    expect(button('Delete').disabled).toBe(true);
    tick('olivia.park');
    tick('mia.chen');
    fireEvent.click(button('Delete'));
    await confirmWith('Delete the 2 selected entries?');
    await waitFor(() => expect(api.deleteRows).toHaveBeenCalledWith([7, 8]));
    await waitFor(() => expect(api.fetchPage).toHaveBeenCalledTimes(2));
  });

  it('empties the whole list after asking, and runs the page’s own action on exactly one ticked row', async () => {
    renderPage();
    await screen.findByText('mia.chen');
    fireEvent.click(button('Clean'));
    await confirmWith('Delete every entry of the login log?');
    await waitFor(() => expect(api.cleanAll).toHaveBeenCalled());

    expect(button('Unlock').disabled).toBe(true);
    tick('mia.chen');
    fireEvent.click(button('Unlock'));
    await confirmWith('Unlock mia.chen?');
    await waitFor(() => expect(api.greet).toHaveBeenCalledWith('mia.chen'));
    tick('olivia.park');
    expect(button('Unlock').disabled).toBe(true);
  });

  it('offers no action, and no check boxes, without the permissions', async () => {
    signInOlivia(['monitor:logininfor:list']);
    renderPage();
    await screen.findByText('mia.chen');
    expect(screen.queryByRole('button', { name: /Delete$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Clean$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Unlock$/ })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('shows the error state with a retry when the list cannot be loaded', async () => {
    api.fetchPage.mockRejectedValueOnce(new Error('offline'));
    renderPage();
    fireEvent.click(await screen.findByTestId('retry'));
    expect(await screen.findByText('mia.chen')).toBeTruthy();
  });
});
