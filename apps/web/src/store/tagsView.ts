import { createStore } from './createStore';

/**
 * The tabs of visited pages. A tab is one path (with its query); pinned (affix) tabs cannot be
 * closed; `noCache` pages are not kept mounted while another tab is active.
 */
export type VisitedView = {
  /** pathname + search: the tab's identity and where it navigates back to. */
  fullPath: string;
  path: string;
  /** Route name and raw title; the label is translated when rendered (menuTitle). */
  name: string;
  title: string;
  affix: boolean;
  noCache: boolean;
  /** Bumped by "refresh": remounts the page. */
  version: number;
};

/** Tabs survive a reload of the browser tab (session storage, cleared by Log Out). */
const STORAGE_KEY = 'tags-view';

function restore(): VisitedView[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as VisitedView[];
    return Array.isArray(stored) ? stored.filter((v) => typeof v?.path === 'string') : [];
  } catch {
    return [];
  }
}

export const tagsStore = createStore<VisitedView[]>(restore());
tagsStore.subscribe(() => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tagsStore.get())));

export function addView(view: Omit<VisitedView, 'version'>): void {
  tagsStore.set((views) => {
    const index = views.findIndex((v) => v.path === view.path);
    // One tab per page: a detail page opened for another record replaces its tab.
    if (index >= 0) return views[index]!.fullPath === view.fullPath ? views : views.map((v, i) => (i === index ? { ...v, fullPath: view.fullPath } : v));
    return [...views, { ...view, version: 0 }];
  });
}

/** Pinned tabs come first, in the given order, whatever was opened before them. */
export function addAffixViews(views: Array<Omit<VisitedView, 'version'>>): void {
  tagsStore.set((current) => [
    // A page opened before it became pinned (a restored tab) is pinned now.
    ...views.map((v) => {
      const open = current.find((c) => c.path === v.path);
      return open ? { ...open, affix: true } : { ...v, version: 0 };
    }),
    ...current.filter((c) => !views.some((v) => v.path === c.path)),
  ]);
}

export function closeView(path: string): VisitedView[] {
  tagsStore.set((views) => views.filter((v) => v.path !== path || v.affix));
  return tagsStore.get();
}

export function closeOtherViews(path: string): void {
  tagsStore.set((views) => views.filter((v) => v.path === path || v.affix));
}

export function closeAllViews(): void {
  tagsStore.set((views) => views.filter((v) => v.affix));
}

export function refreshView(path: string): void {
  tagsStore.set((views) => views.map((v) => (v.path === path ? { ...v, version: v.version + 1 } : v)));
}

/** Log Out: every tab goes, pinned ones too. */
export function resetViews(): void {
  tagsStore.set([]);
  sessionStorage.removeItem(STORAGE_KEY);
}
