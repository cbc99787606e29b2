import { describe, expect, it } from 'vitest';
import { withoutEntries } from './hideEntries';
import type { MenuNode } from './menuModel';

const node = (key: string, children?: MenuNode[]): MenuNode => ({ key, name: key, title: key, icon: '', link: null, ...(children ? { children } : {}) });
const tree = [
  node('/dashboard'),
  node('/permission', [node('/permission/page'), node('/permission/directive'), node('/permission/role')]),
  node('/icon/index'),
  node('https://example.com'),
];
const keys = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.key, ...keys(n.children ?? [])]);

describe('withoutEntries', () => {
  it('keeps the tree as it is when nothing is hidden', () => {
    expect(withoutEntries(tree, new Set())).toBe(tree);
  });

  it('drops hidden pages and links, and keeps their directory while it has entries', () => {
    expect(keys(withoutEntries(tree, new Set(['/permission/page', 'https://example.com'])))).toEqual([
      '/dashboard',
      '/permission',
      '/permission/directive',
      '/permission/role',
      '/icon/index',
    ]);
  });

  it('draws a directory left with one page as that page’s link, under the directory’s name', () => {
    const left = withoutEntries(tree, new Set(['/permission/page', '/permission/role']));
    expect(left[1]).toEqual({ key: '/permission/directive', name: '/permission', title: '/permission', icon: '', link: null });
  });

  it('drops a hidden directory with its entries, and a directory left empty', () => {
    expect(keys(withoutEntries(tree, new Set(['/permission'])))).toEqual(['/dashboard', '/icon/index', 'https://example.com']);
    expect(keys(withoutEntries(tree, new Set(['/permission/page', '/permission/directive', '/permission/role'])))).toEqual(['/dashboard', '/icon/index', 'https://example.com']);
  });
});
