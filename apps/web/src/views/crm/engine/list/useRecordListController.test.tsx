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

  it('shows the first view: its columns, no filter, all records, newest first', async () => {
    const { result } = renderController();
    await waitFor(() => expect(api.listRecords).toHaveBeenCalled());
    expect(api.listRecords.mock.lastCall![0]).toBe('leads');
    expect(lastCall()).toMatchObject({ pageNum: 1, pageSize: 10, owner: 'all', filter: null, fields: ['lastName', 'firstName', 'company', 'status'] });
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
