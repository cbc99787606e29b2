import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoadMoreSelect, { type LoadMorePage } from './LoadMoreSelect';

afterEach(cleanup);

/** A server of 25 accounts, ten a page, filtered by keyword. */
const accounts = Array.from({ length: 25 }, (_, i) => `Account ${i + 1}`);
const server = vi.fn(async ({ pageNum, pageSize, keyword }: { pageNum: number; pageSize: number; keyword: string }): Promise<LoadMorePage> => {
  const hits = accounts.filter((a) => a.includes(keyword));
  return { total: hits.length, options: hits.slice((pageNum - 1) * pageSize, pageNum * pageSize).map((a) => ({ value: a, label: a })) };
});

const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
const scrollToEnd = () => fireEvent.scroll(document.querySelector('.ant-select-dropdown-list-holder')!);

describe('LoadMoreSelect', () => {
  it('loads the next page when scrolled to the end, keeps it when the parent re-renders, and stops at the total', async () => {
    const view = (n: number) => <LoadMoreSelect open fetchPage={(q) => server(q)} virtual={false} placeholder={`render ${n}`} />;
    const { rerender } = render(view(1));
    await waitFor(() => expect(optionTexts()).toHaveLength(10));
    expect(server).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, keyword: '' });

    scrollToEnd();
    await waitFor(() => expect(optionTexts()).toHaveLength(20));
    expect(optionTexts()[10]).toBe('Account 11');

    // A new inline fetchPage on every render must not send the list back to page 1.
    rerender(view(2));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(optionTexts()).toHaveLength(20);

    scrollToEnd();
    await waitFor(() => expect(optionTexts()).toHaveLength(25));
    const calls = server.mock.calls.length;
    scrollToEnd();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(server.mock.calls.length).toBe(calls);
  });

  it('searches on the server from the first page again', async () => {
    server.mockClear();
    render(<LoadMoreSelect open fetchPage={server} virtual={false} />);
    await waitFor(() => expect(optionTexts()).toHaveLength(10));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '2' } });
    await waitFor(() => expect(server).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, keyword: '2' }));
    await waitFor(() => expect(optionTexts()).toEqual(['Account 2', 'Account 12', 'Account 20', 'Account 21', 'Account 22', 'Account 23', 'Account 24', 'Account 25']));
  });

  it('asks for nothing until it is first opened, then shows a spinner until the first page is in', async () => {
    server.mockClear();
    let answer!: () => void;
    const slow = vi.fn((q: { pageNum: number; pageSize: number; keyword: string }) => new Promise<LoadMorePage>((resolve) => (answer = () => void server(q).then(resolve))));
    render(<LoadMoreSelect fetchPage={slow} virtual={false} />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(slow).not.toHaveBeenCalled();

    fireEvent.mouseDown(document.querySelector('.ant-select')!);
    await waitFor(() => expect(slow).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10, keyword: '' }));
    expect(document.querySelector('.ant-select-dropdown .ant-spin')).not.toBeNull();
    expect(document.querySelector('.ant-select-dropdown .ant-empty')).toBeNull();
    answer();
    await waitFor(() => expect(optionTexts()).toHaveLength(10));
    expect(slow).toHaveBeenCalledTimes(1);
  });
});
