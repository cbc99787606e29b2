import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAllTexts } from '../../i18n/i18n';
import { useAdminListController } from './useAdminListController';

type Row = { id: number; name: string };
const rows: Row[] = [
  { id: 1, name: 'alpha' },
  { id: 2, name: 'beta' },
  { id: 3, name: 'gamma' },
];

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated: unknown[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey);
  });
  const fetchPage = vi.fn(async () => ({ code: 200, msg: '', total: rows.length, rows }));
  const deleteRows = vi.fn(async () => ({}));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AntdApp>{children}</AntdApp>
    </QueryClientProvider>
  );
  const hook = renderHook(
    () =>
      useAdminListController<{ name?: string }, Row, { row?: Row }>({
        queryKey: 'test-rows',
        fetchPage,
        initialFilters: {},
        idOf: (r) => r.id,
        deleteRows,
        confirmDeleteKey: 'config.confirmDelete',
        nameOf: (r) => r.name,
        alsoRefresh: [['bell'], ['dict', 'x']],
      }),
    { wrapper },
  );
  return { ...hook, fetchPage, deleteRows, invalidated };
}

beforeAll(async () => {
  await loadAllTexts();
});

describe('useAdminListController', () => {
  it('opens and closes the dialog, and gives the ticked rows of the page shown', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(3));
    expect(result.current.dialog).toBeNull();
    act(() => result.current.open({ row: rows[1] }));
    expect(result.current.dialog).toEqual({ row: rows[1] });
    act(() => result.current.close());
    expect(result.current.dialog).toBeNull();

    expect(result.current.selected).toEqual([]);
    act(() => result.current.list.setSelectedRowKeys([3, 1, 99]));
    expect(result.current.selected).toEqual([rows[0], rows[2]]);
  });

  it('asks before deleting, naming the rows; then deletes by id, clears the ticks and refreshes the list and the other queries, in order', async () => {
    const { result, deleteRows, invalidated } = setup();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(3));
    act(() => result.current.list.setSelectedRowKeys([1, 3]));

    act(() => result.current.remove(result.current.selected));
    expect(await screen.findByText('Delete the settings alpha, gamma?')).toBeTruthy();
    expect(deleteRows).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(invalidated).toEqual([['test-rows'], ['bell'], ['dict', 'x']]));
    expect(deleteRows).toHaveBeenCalledWith([1, 3]);
    expect(result.current.selected).toEqual([]);
  });

  it('asks nothing when no row is given', async () => {
    const { result, deleteRows } = setup();
    await waitFor(() => expect(result.current.list.rows).toHaveLength(3));
    act(() => result.current.remove([]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deleteRows).not.toHaveBeenCalled();
  });
});
