import { createStore } from './createStore';

/**
 * The tabs of visited pages. A tab is one page, or one record of a record page (its `key`,
 * tabKeyOf): two leads are two tabs. Pinned (affix) tabs cannot be closed; `noCache` pages are not
 * kept mounted while another tab is active.
 */
export type VisitedView = {
  /** The tab's identity: the page's path, with the record's id for a record page (tabKeyOf). */
  key: string;
  /** pathname + search: where the tab navigates back to. */
  fullPath: string;
  /** The page's path (its menu entry). */
  path: string;
  /** Route name and raw title; the label is translated when rendered (menuTitle). */
  name: string;
  title: string;
  /** The page's own name for its tab (a record's name, usePageTitle), over the menu title. */
  label?: string;
  affix: boolean;
  noCache: boolean;
  /** Bumped by "refresh": remounts the page. */
  version: number;
  /** When the tab was last shown (a counter): the least recently used tab goes first over the cap. */
  used?: number;
};

export type NewView = Omit<VisitedView, 'version' | 'key' | 'used'> & { key?: string };

/** Tabs survive a reload of the browser tab (session storage, cleared by Log Out). */
const STORAGE_KEY = 'tags-view';


/**
 * A tab's key: the page's path, and for a record page (`?flag=detail&id=7`, any page opened on a
 * record id) the id as well, so that each record has its own tab and the page its own instance.
 */
export function tabKeyOf(path: string, search: string): string {
  const id = new URLSearchParams(search).get('id');
  return id ? `${path}?flag=detail&id=${id}` : path;
}

function restore(): VisitedView[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as VisitedView[];
    // Tabs stored before tab keys had none: their page's path was their key.
    return Array.isArray(stored) ? stored.filter((v) => typeof v?.path === 'string').map((v) => ({ ...v, key: v.key ?? v.path })) : [];
  } catch {
    return [];
  }
}

export const tagsStore = createStore<VisitedView[]>(restore());
tagsStore.subscribe(() => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tagsStore.get())));

/**
 * Names given before their tab was opened: a page whose code and data were ready with the shell
 * renders, and names itself, in the same commit as the shell opens its tab, and a child's effects run first.
 */
const pendingLabels = new Map<string, string>();

let clock = tagsStore.get().reduce((max, v) => Math.max(max, v.used ?? 0), 0);

/**
 * Opens (or shows again) a tab. Over `cap` open tabs, the least recently used tabs that are
 * neither pinned nor this one close; `null` means no cap.
 */
export function addView(view: NewView, cap: number | null = null): void {
  const key = view.key ?? view.path;
  const open = tagsStore.get().find((v) => v.key === key);
  // The newest tab shown again at its address under a cap it keeps (the cap read after the tab
  // opened): nothing changes, and the tabs and pages are not drawn again for it.
  if (open && open.used === clock && open.fullPath === view.fullPath && (cap === null || tagsStore.get().length <= cap)) {
    pendingLabels.delete(key);
    return;
  }
  const used = ++clock;
  tagsStore.set((views) => {
    const index = views.findIndex((v) => v.key === key);
    const next =
      index >= 0
        ? views.map((v, i) => (i === index ? { ...v, fullPath: view.fullPath, used } : v))
        : [...views, { ...view, key, version: 0, used, ...(pendingLabels.has(key) && { label: pendingLabels.get(key) }) }];
    if (cap === null || next.length <= cap) return next;
    const closing = new Set(
      next
        .filter((v) => !v.affix && v.key !== key)
        .sort((a, b) => (a.used ?? 0) - (b.used ?? 0))
        .slice(0, next.length - cap)
        .map((v) => v.key),
    );
    return next.filter((v) => !closing.has(v.key));
  });
  pendingLabels.delete(key);
}


/** A page names its own tab (a record's name); an unchanged name writes nothing. */
export function labelView(key: string, label: string): void {
  const open = tagsStore.get().find((v) => v.key === key);
  if (!open) pendingLabels.set(key, label);
  else if (open.label !== label) tagsStore.set((views) => views.map((v) => (v.key === key ? { ...v, label } : v)));
}

/** Pinned tabs come first, in the given order, whatever was opened before them. */
export function addAffixViews(views: NewView[]): void {
  tagsStore.set((current) => [
    // A page opened before it became pinned (a restored tab) is pinned now.
    ...views.map((v) => {
      const key = v.key ?? v.path;
      const open = current.find((c) => c.key === key);
      return open ? { ...open, affix: true } : { ...v, key, version: 0 };
    }),
    ...current.filter((c) => !views.some((v) => (v.key ?? v.path) === c.key)),
  ]);
}

export function closeView(key: string): VisitedView[] {
  tagsStore.set((views) => views.filter((v) => v.key !== key || v.affix));
  return tagsStore.get();
}

export function closeOtherViews(key: string): void {
  tagsStore.set((views) => views.filter((v) => v.key === key || v.affix));
}

export function closeAllViews(): void {
  tagsStore.set((views) => views.filter((v) => v.affix));
}

export function refreshView(key: string): void {
  tagsStore.set((views) => views.map((v) => (v.key === key ? { ...v, version: v.version + 1 } : v)));
}

/** Log Out: every tab goes, pinned ones too. */
export function resetViews(): void {
  tagsStore.set([]);
  sessionStorage.removeItem(STORAGE_KEY);
}
