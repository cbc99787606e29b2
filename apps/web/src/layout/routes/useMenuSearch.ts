import { useEffect, useMemo, useState } from 'react';
import { LANGUAGES, SEARCH_FUZZY_THRESHOLD } from '@orbit/shared/constants';
import { loadAllLanguages } from '../../i18n/i18n';
import { constantPages } from './constantPages';
import { entryScore } from './fuzzyMatch';
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

let languagesLoaded = false;
let languagesLoading: Promise<void> | undefined;

/**
 * Every language's texts (the search matches titles in both languages), loaded when a search is
 * first wanted: the signed-in shell's first page does not load them (issue 15).
 */
export function loadMenuSearch(): Promise<void> {
  languagesLoading ??= loadAllLanguages().then(
    () => void (languagesLoaded = true),
    (error: unknown) => {
      // A chunk that failed to load (network) is tried again by the next search.
      languagesLoading = undefined;
      throw error;
    },
  );
  return languagesLoading;
}

/**
 * The pages matching a query, best first: fuzzy over each page's titles (weight 0.7) and menu
 * trails (0.3) in every language, as Fuse.js ranked them (fuzzyMatch.ts; it was ~9 KiB of
 * gzipped script for this alone, docs/decisions.md), ties in menu order.
 */
export function createMenuSearch(entries: SearchEntry[]) {
  return (query: string): SearchEntry[] => {
    const typed = query.trim();
    if (!typed) return [];
    return entries
      .map((entry, index) => ({ entry, index, score: entryScore(typed, [{ values: entry.titles, weight: 0.7 }, { values: entry.trails, weight: 0.3 }], SEARCH_FUZZY_THRESHOLD) }))
      .filter((hit): hit is { entry: SearchEntry; index: number; score: number } => hit.score !== null)
      .sort((a, b) => a.score - b.score || a.index - b.index)
      .map((hit) => hit.entry);
  };
}

const nothing = (): SearchEntry[] => [];

/** Fuzzy search over the accessible menu entries (SPEC §2: threshold 0.4, both languages); finds nothing until every language's texts are in. */
export function useMenuSearch() {
  const model = useMenuModel();
  const [ready, setReady] = useState(languagesLoaded);
  useEffect(() => {
    if (!ready) void loadMenuSearch().then(() => setReady(true));
  }, [ready]);
  return useMemo(() => (ready ? createMenuSearch(searchEntries(model)) : nothing), [ready, model]);
}
