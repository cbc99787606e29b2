import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leadsMeta } from '../../../../test/crmFixtures';
import { recordsKey, useRecordListController } from './useRecordListController';

const api = vi.hoisted(() => ({ listRecords: vi.fn() }));
vi.mock('../../../../api/crm', () => api);

beforeEach(() => {
  api.listRecords.mockReset();
  api.listRecords.mockResolvedValue({ code: 200, msg: '', total: 2, rows: [], lookups: {} });
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>;
}
const renderController = () => renderHook(() => useRecordListController('leads', leadsMeta), { wrapper });
const lastCall = () => api.listRecords.mock.lastCall![1] as Record<string, unknown>;

describe('useRecordListController', () => {
  it('after a write in one module, fetches the other modules’ cached lists again too (a restored account brings back its opportunities)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData([recordsKey('opportunity'), 'board'], { rows: [] });
    client.setQueryData(['crm-meta', 'opportunity'], { fields: [] });
    const { result } = renderHook(() => useRecordListController('leads', leadsMeta), {
      wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await act(() => result.current.refresh());
    expect(client.getQueryState([recordsKey('opportunity'), 'board'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['crm-meta', 'opportunity'])?.isInvalidated).toBe(false);
  });

  it('shows the first view: its columns, no filter, all records, newest first, 20 rows a page', async () => {
    const { result } = renderController();
    await waitFor(() => expect(api.listRecords).toHaveBeenCalled());
    expect(api.listRecords.mock.lastCall![0]).toBe('leads');
    expect(lastCall()).toMatchObject({ pageNum: 1, pageSize: 20, owner: 'all', filter: null, fields: ['lastName', 'firstName', 'company', 'status'] });
    expect(lastCall().orderByColumn).toBeUndefined();
    expect(result.current.view?.id).toBe(101);
    expect(result.current.modified).toBe(false);
  });

  it('applies a chosen view\'s columns, sort, filter and owner scope', async () => {
    const { result } = renderController();
    act(() => result.current.selectView(102));
    await waitFor(() => expect(lastCall()).toMatchObject({ fields: ['lastName', 'company', 'rating'] }));
    expect(lastCall()).toMatchObject({ orderByColumn: 'company', isAsc: 'asc', owner: 'mine', filter: { field: 'rating', op: 'eq', value: 'hot' } });
    expect(result.current.modified).toBe(false);
  });

  it('changes the owner scope and notices the view was changed; saving takes the settings on screen', async () => {
    const { result } = renderController();
    act(() => result.current.setOwner('team'));
    await waitFor(() => expect(lastCall()).toMatchObject({ owner: 'team' }));
    expect(result.current.modified).toBe(true);
    act(() => result.current.setColumns(['lastName', 'email']));
    act(() => result.current.list.applySort({ orderByColumn: 'lastName', isAsc: 'asc' }));
    expect(result.current.viewBody('Team leads', true)).toEqual({
      name: 'Team leads',
      shared: true,
      columns: ['lastName', 'email'],
      sortField: 'lastName',
      sortOrder: 'asc',
      filter: null,
      ownerScope: 'team',
    });
  });

  it('asks for the next page after the end of the page before (keyset), and for page 1 by number', async () => {
    api.listRecords.mockImplementation(async (_module: string, params: { pageNum: number }) => ({
      code: 200, msg: '', total: 100_000, totalCapped: true, rows: [], lookups: {}, nextCursor: `end-of-${params.pageNum}`,
    }));
    const { result } = renderController();
    await waitFor(() => expect(result.current.list.data?.nextCursor).toBe('end-of-1'));
    expect(lastCall().after).toBeUndefined();
    act(() => result.current.list.goToPage(2));
    await waitFor(() => expect(lastCall()).toMatchObject({ pageNum: 2, after: 'end-of-1' }));
    act(() => result.current.list.goToPage(3));
    await waitFor(() => expect(lastCall()).toMatchObject({ pageNum: 3, after: 'end-of-2' }));
    // A jump far ahead has no page before it read: by number.
    act(() => result.current.list.goToPage(40));
    await waitFor(() => expect(lastCall()).toMatchObject({ pageNum: 40 }));
    expect(lastCall().after).toBeUndefined();
  });

  it('counts all on request without leaving the page, and a new search counts up to the threshold again', async () => {
    const { result } = renderController();
    act(() => result.current.list.goToPage(3));
    await waitFor(() => expect(lastCall()).toMatchObject({ pageNum: 3 }));
    act(() => result.current.countAll());
    await waitFor(() => expect(lastCall()).toMatchObject({ pageNum: 3, exactCount: true }));
    act(() => result.current.setQuery('acme'));
    await waitFor(() => expect(lastCall()).toMatchObject({ q: 'acme', pageNum: 1 }));
    expect(lastCall().exactCount).toBeUndefined();
  });

  it('drops the selection and goes back to page 1 on a new search', async () => {
    const { result } = renderController();
    act(() => result.current.list.setSelectedRowKeys([3, 4]));
    expect(result.current.selectedIds).toEqual([3, 4]);
    act(() => result.current.setQuery('acme'));
    expect(result.current.selectedIds).toEqual([]);
    await waitFor(() => expect(lastCall()).toMatchObject({ q: 'acme', pageNum: 1 }));
  });

  it('does not take a view\'s filter with its keys in another order for a change', () => {
    const meta = { ...leadsMeta, listViews: [{ ...leadsMeta.listViews[1]!, filter: { value: 'hot', op: 'eq', field: 'rating' } as never }] };
    const { result } = renderHook(() => useRecordListController('leads', meta), { wrapper });
    act(() => result.current.setFilter({ field: 'rating', op: 'eq', value: 'hot' }));
    expect(result.current.modified).toBe(false);
  });

  it('applies a filter from the builder on top of the view\'s settings', async () => {
    const { result } = renderController();
    act(() => result.current.selectView(102));
    act(() => result.current.setFilter({ and: [{ field: 'rating', op: 'eq', value: 'hot' }, { field: 'company', op: 'startsWith', value: 'A' }] }));
    await waitFor(() => expect(lastCall()).toMatchObject({ filter: { and: [{ field: 'rating', op: 'eq', value: 'hot' }, { field: 'company', op: 'startsWith', value: 'A' }] }, owner: 'mine' }));
    expect(result.current.modified).toBe(true);
  });
});
