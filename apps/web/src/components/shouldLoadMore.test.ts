import { describe, expect, it } from 'vitest';
import { shouldLoadMore } from './shouldLoadMore';

const list = (scrollTop: number) => ({ scrollTop, clientHeight: 256, scrollHeight: 1000 });

describe('shouldLoadMore', () => {
  it('loads the next page at the end of the list', () => {
    expect(shouldLoadMore(list(744), { loaded: 30, total: 100, loading: false })).toBe(true);
    expect(shouldLoadMore(list(730), { loaded: 30, total: 100, loading: false })).toBe(true);
  });
  it('waits while the user is still above the end', () => {
    expect(shouldLoadMore(list(400), { loaded: 30, total: 100, loading: false })).toBe(false);
  });
  it('stops when everything is loaded or a page is on its way', () => {
    expect(shouldLoadMore(list(744), { loaded: 100, total: 100, loading: false })).toBe(false);
    expect(shouldLoadMore(list(744), { loaded: 30, total: 100, loading: true })).toBe(false);
  });
});
