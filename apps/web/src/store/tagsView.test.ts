import { beforeEach, describe, expect, it } from 'vitest';
import { addAffixViews, addView, closeAllViews, closeOtherViews, closeView, refreshView, resetViews, tagsStore } from './tagsView';

const view = (path: string, extra: Partial<{ affix: boolean; noCache: boolean; fullPath: string }> = {}) => ({
  path,
  fullPath: extra.fullPath ?? path,
  name: path,
  title: path,
  affix: extra.affix ?? false,
  noCache: extra.noCache ?? false,
});
const paths = () => tagsStore.get().map((v) => v.path);

describe('tags view', () => {
  beforeEach(() => {
    resetViews();
    addAffixViews([view('/home', { affix: true }), view('/documentation/index', { affix: true })]);
    addView(view('/a'));
    addView(view('/b'));
    addView(view('/c'));
  });

  it('keeps one tab per page and updates its query', () => {
    addView(view('/b', { fullPath: '/b?id=2' }));
    expect(paths()).toEqual(['/home', '/documentation/index', '/a', '/b', '/c']);
    expect(tagsStore.get()[3]!.fullPath).toBe('/b?id=2');
  });

  it('close, close others, close all never close pinned tabs', () => {
    closeView('/b');
    closeView('/home');
    expect(paths()).toEqual(['/home', '/documentation/index', '/a', '/c']);
    closeOtherViews('/c');
    expect(paths()).toEqual(['/home', '/documentation/index', '/c']);
    closeAllViews();
    expect(paths()).toEqual(['/home', '/documentation/index']);
  });

  it('refresh bumps the version; reset clears everything', () => {
    refreshView('/a');
    expect(tagsStore.get().find((v) => v.path === '/a')!.version).toBe(1);
    resetViews();
    expect(paths()).toEqual([]);
  });
});

describe('pinned tabs', () => {
  it('come first in their own order even when a page was opened before them', () => {
    resetViews();
    addView(view('/x'));
    addView(view('/home', { affix: true }));
    addAffixViews([view('/home', { affix: true }), view('/documentation/index', { affix: true })]);
    expect(paths()).toEqual(['/home', '/documentation/index', '/x']);
  });

  it('pins a page that was open before it became pinned (a restored tab of the landing dashboard)', () => {
    resetViews();
    addView(view('/dashboard/dashboard-index'));
    addAffixViews([view('/home', { affix: true }), view('/dashboard/dashboard-index', { affix: true })]);
    expect(tagsStore.get().map((v) => [v.path, v.affix])).toEqual([['/home', true], ['/dashboard/dashboard-index', true]]);
    closeAllViews();
    expect(paths()).toEqual(['/home', '/dashboard/dashboard-index']);
  });
});
