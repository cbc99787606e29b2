import { useEffect, useMemo, useState } from 'react';
import { LANGUAGES, SEARCH_FUZZY_THRESHOLD } from '@orbit/shared/constants';
import { loadAllLanguages } from '../../i18n/i18n';
import { constantPages } from './constantPages';
import type { MenuModel, MenuPage } from './menuModel';
import { menuTitle } from './menuTitle';
import { useMenuModel } from './useMenuModel';

export type SearchEntry = { path: string; page: MenuPage; titles: string[]; trails: string[] };
type FuseClass = typeof import('fuse.js').default;

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

let fuseClass: FuseClass | undefined;
let fuseLoading: Promise<FuseClass> | undefined;

/**
 * Fuse.js and every language's texts (the search matches titles in both languages), loaded when a
 * search is first wanted: the signed-in shell's first page loads neither (issue 15).
 */
export function loadFuse(): Promise<FuseClass> {
  fuseLoading ??= Promise.all([import('fuse.js'), loadAllLanguages()]).then(
    ([m]) => (fuseClass = m.default),
    (error: unknown) => {
      // A chunk that failed to load (network) is tried again by the next search.
      fuseLoading = undefined;
      throw error;
    },
  );
  return fuseLoading;
}

export function createMenuSearch(Fuse: FuseClass, entries: SearchEntry[]) {
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

const nothing = (): SearchEntry[] => [];

/** Fuzzy search over the accessible menu entries (SPEC §2: threshold 0.4, both languages); finds nothing until Fuse.js has loaded. */
export function useMenuSearch() {
  const model = useMenuModel();
  const [Fuse, setFuse] = useState<FuseClass | undefined>(() => fuseClass);
  useEffect(() => {
    if (!Fuse) void loadFuse().then((loaded) => setFuse(() => loaded));
  }, [Fuse]);
  return useMemo(() => (Fuse ? createMenuSearch(Fuse, searchEntries(model)) : nothing), [Fuse, model]);
}
