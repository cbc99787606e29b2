import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAllTexts } from '../../i18n/i18n';
import ListTable from './ListTable';
import type { ListController } from './useListController';

type Row = { id: number; name: string };

beforeAll(async () => {
  await loadAllTexts();
});
afterEach(cleanup);

/** A list controller as useListController returns it, with the parts the table reads. */
function fakeList(patch: Partial<ListController<object, Row>> = {}): ListController<object, Row> {
  return {
    rows: [
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Bo' },
    ],
    total: 42,
    isLoading: false,
    isError: false,
    refetch: vi.fn(),
    selectedRowKeys: [],
    setSelectedRowKeys: vi.fn(),
    pagination: { current: 1, pageSize: 10, total: 42, showSizeChanger: true, pageSizeOptions: ['10', '20', '50', '100'] },
    handleTableChange: vi.fn(),
    ...patch,
  } as unknown as ListController<object, Row>;
}

const columns = [{ title: 'Name', dataIndex: 'name', key: 'name' }];

describe('ListTable', () => {
  it('shows the page of rows with the total in the pager', () => {
    render(<ListTable list={fakeList()} rowKey="id" columns={columns} />);
    expect(screen.getByText('Ada')).toBeTruthy();
    expect(screen.getByText('Bo')).toBeTruthy();
    expect(screen.getByText('42 in total')).toBeTruthy();
    expect(document.querySelectorAll('.ant-table-selection-column')).toHaveLength(0);
  });

  it('says "More than" a capped total and asks for the exact count with one click', async () => {
    const onCountAll = vi.fn();
    const capped = { pagination: { current: 1, pageSize: 10, total: 10_000 }, data: { code: 200, msg: '', total: 10_000, rows: [], totalCapped: true } };
    render(<ListTable list={fakeList(capped as never)} rowKey="id" columns={columns} onCountAll={onCountAll} />);
    expect(screen.getByText('More than 10,000')).toBeTruthy();
    fireEvent.click(screen.getByTestId('list-count-all'));
    expect(onCountAll).toHaveBeenCalledTimes(1);
  });

  it('shows placeholder rows, not the empty text, until the first page is in; the empty text once it is', () => {
    const empty = { emptyText: 'No leads yet' };
    const { unmount } = render(<ListTable list={fakeList({ rows: [], total: 0, isLoading: true, isFirstLoad: true })} rowKey="id" columns={columns} locale={empty} />);
    expect(screen.getByTestId('loading-rows').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('No leads yet')).toBeNull();
    expect(screen.queryByText('No data')).toBeNull();
    unmount();
    render(<ListTable list={fakeList({ rows: [], total: 0 })} rowKey="id" columns={columns} locale={empty} />);
    expect(screen.getByText('No leads yet')).toBeTruthy();
    expect(screen.queryByTestId('loading-rows')).toBeNull();
  });

  it('binds the check boxes to the list selection, with extra options such as disabled rows', () => {
    const list = fakeList({ selectedRowKeys: [2] });
    render(<ListTable list={list} rowKey="id" columns={columns} selectable={{ getCheckboxProps: (r: Row) => ({ disabled: r.id === 1 }) }} />);
    const boxes = [...document.querySelectorAll<HTMLInputElement>('tbody input[type=checkbox]')];
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [false, true],
      [true, false],
    ]);
    act(() => fireEvent.click(boxes[1]!));
    expect(list.setSelectedRowKeys).toHaveBeenCalledWith([], [], expect.anything());
  });

  it('shows the error state with a retry instead of the table when the list cannot be loaded', async () => {
    const list = fakeList({ isError: true, rows: [] });
    render(<ListTable list={list} rowKey="id" columns={columns} />);
    expect(document.querySelector('.ant-table')).toBeNull();
    // The error view loads on demand (LoadError.tsx).
    const retry = await screen.findByTestId('retry', {}, { timeout: 10_000 });
    act(() => fireEvent.click(retry));
    expect(list.refetch).toHaveBeenCalledOnce();
  });
});
