import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sortFromSorter, useListController } from './useListController';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>;
}

describe('sortFromSorter', () => {
  it('maps antd sorters to RuoYi sort parameters', () => {
    expect(sortFromSorter({ columnKey: 'createTime', order: 'descend' })).toEqual({ orderByColumn: 'createTime', isAsc: 'desc' });
    expect(sortFromSorter({ field: 'userName', order: 'ascend' })).toEqual({ orderByColumn: 'userName', isAsc: 'asc' });
    expect(sortFromSorter({ columnKey: 'userName', order: null })).toEqual({});
    expect(sortFromSorter(undefined)).toEqual({});
  });
});

describe('useListController', () => {
  it('fetches page 1, follows page, size and sort changes, and a new search starts again at page 1', async () => {
    const fetchPage = vi.fn(async () => ({ code: 200, msg: '', total: 42, rows: [{ id: 1 }] }));
    const { result } = renderHook(() => useListController<{ name?: string }, { id: number }>({ queryKey: 't', fetchPage, initialFilters: {} }), { wrapper });
    await waitFor(() => expect(result.current.total).toBe(42));
    expect(fetchPage).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10 });

    act(() => result.current.handleTableChange?.({ current: 3, pageSize: 10 }, {}, { columnKey: 'name', order: 'ascend' }, { action: 'sort', currentDataSource: [] }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ pageNum: 3, pageSize: 10, orderByColumn: 'name', isAsc: 'asc' }));
    expect(result.current.sortOrderOf('name')).toBe('ascend');
    expect(result.current.sortable('name')).toEqual({ key: 'name', dataIndex: 'name', sorter: true, sortOrder: 'ascend' });
    expect(result.current.sortable('other').sortOrder).toBeNull();

    // A new page size goes back to page 1.
    act(() => result.current.handleTableChange?.({ current: 3, pageSize: 50 }, {}, {}, { action: 'paginate', currentDataSource: [] }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 50 }));

    act(() => result.current.handleTableChange?.({ current: 2, pageSize: 50 }, {}, {}, { action: 'paginate', currentDataSource: [] }));
    act(() => {
      result.current.setSelectedRowKeys([1]);
      result.current.search({ name: 'al' });
    });
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ name: 'al', pageNum: 1, pageSize: 50 }));
    expect(result.current.selectedRowKeys).toEqual([]);
    expect(result.current.pagination.pageSizeOptions).toEqual(['10', '20', '50', '100']);
  });

  it('reports a failed first load as an error state', async () => {
    const fetchPage = vi.fn(async () => {
      throw new Error('down');
    });
    const { result } = renderHook(() => useListController({ queryKey: 'fail', fetchPage, initialFilters: {} }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});
