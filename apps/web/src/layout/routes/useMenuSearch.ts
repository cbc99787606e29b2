import Fuse from 'fuse.js';
import { useMemo } from 'react';
import { LANGUAGES, SEARCH_FUZZY_THRESHOLD } from '@orbit/shared/constants';
import { constantPages } from './constantPages';
import type { MenuModel, MenuPage } from './menuModel';
import { menuTitle } from './menuTitle';
import { useMenuModel } from './useMenuModel';

export type SearchEntry = { path: string; page: MenuPage; titles: string[]; trails: string[] };

const SEARCHABLE_CONSTANTS = new Set(['Home', 'Documentation', 'Guide', 'Profile']);

/** Every page the user can open from the menu, with its title and menu trail in every language. */
export function searchEntries(model: MenuModel): SearchEntry[] {
  const pages = [...constantPages.filter((p) => SEARCHABLE_CONSTANTS.has(p.name)), ...model.pages.filter((p) => !p.hidden && !p.link)];
  return pages.map((page) => ({
    path: page.fullPath,
    page,
    titles: LANGUAGES.map((lng) => menuTitle(page, lng)),
    trails: LANGUAGES.map((lng) => [...page.parents, page].map((p) => menuTitle(p, lng)).join(' ')),
  }));
}

export function createMenuSearch(entries: SearchEntry[]) {
  const fuse = new Fuse(entries, {
    threshold: SEARCH_FUZZY_THRESHOLD,
    ignoreLocation: true,
    keys: [
      { name: 'titles', weight: 0.7 },
      { name: 'trails', weight: 0.3 },
    ],
  });
  return (query: string): SearchEntry[] => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : []);
}

/** Fuzzy search over the accessible menu entries (SPEC §2: threshold 0.4, both languages). */
export function useMenuSearch() {
  const model = useMenuModel();
  return useMemo(() => createMenuSearch(searchEntries(model)), [model]);
}
