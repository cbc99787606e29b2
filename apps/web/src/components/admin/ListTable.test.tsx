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
