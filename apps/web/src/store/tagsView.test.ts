import { beforeEach, describe, expect, it } from 'vitest';
import { addAffixViews, addView, closeAllViews, closeOtherViews, closeView, labelView, refreshView, resetViews, tabKeyOf, tagsStore } from './tagsView';

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

  it('changes nothing when the newest tab is shown again at its address under a cap it keeps', () => {
    const before = tagsStore.get();
    addView(view('/c'), 10);
    expect(tagsStore.get()).toBe(before);
    addView(view('/c', { fullPath: '/c?id=1' }), 10);
    expect(tagsStore.get()).not.toBe(before);
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

describe('a tab per record, named by its page, capped', () => {
  const record = (path: string, id: number) => ({ ...view(path, { fullPath: `${path}?flag=detail&id=${id}` }), key: tabKeyOf(path, `?flag=detail&id=${id}`) });
  beforeEach(() => {
    resetViews();
    addAffixViews([view('/home', { affix: true })]);
  });

  it('keys a record page by its id, any other page by its path', () => {
    expect(tabKeyOf('/Leads/leads-detail', '?flag=detail&id=7')).toBe('/Leads/leads-detail?flag=detail&id=7');
    expect(tabKeyOf('/Leads/leads-index', '?status=new')).toBe('/Leads/leads-index');
  });

  it('opens two records as two tabs, each named by its page', () => {
    addView(record('/Leads/leads-detail', 1));
    addView(record('/Leads/leads-detail', 2));
    expect(tagsStore.get().map((v) => v.key)).toEqual(['/home', '/Leads/leads-detail?flag=detail&id=1', '/Leads/leads-detail?flag=detail&id=2']);
    labelView('/Leads/leads-detail?flag=detail&id=2', 'Fjord Analytics');
    expect(tagsStore.get().map((v) => v.label)).toEqual([undefined, undefined, 'Fjord Analytics']);
    // A page may name its tab before the shell opens it (both in one commit, the child's effect first).
    labelView('/Leads/leads-detail?flag=detail&id=3', 'Olivia Park');
    addView(record('/Leads/leads-detail', 3));
    expect(tagsStore.get().at(-1)!.label).toBe('Olivia Park');
    closeView('/Leads/leads-detail?flag=detail&id=3');
    closeView('/Leads/leads-detail?flag=detail&id=1');
    expect(tagsStore.get().map((v) => v.key)).toEqual(['/home', '/Leads/leads-detail?flag=detail&id=2']);
  });

  it('closes the least recently used unpinned tab over the cap, never the pinned or the opened one', () => {
    addView(view('/a'), 4);
    addView(view('/b'), 4);
    addView(view('/c'), 4);
    // Showing /a again makes /b the least recently used.
    addView(view('/a'), 4);
    addView(view('/d'), 4);
    expect(paths()).toEqual(['/home', '/a', '/c', '/d']);
    addView(view('/e'), 2);
    expect(paths()).toEqual(['/home', '/e']);
  });
});
