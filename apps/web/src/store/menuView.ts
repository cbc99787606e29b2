import { createStore } from './createStore';

/**
 * A narrower view of the sidebar for this tab's session: the role a page plays (the template demo's
 * role switch, SPEC §6 mock roles) and the menu entries (full paths) hidden for it. A view only:
 * it can hide entries of the server's menu, never add any, and the server's permissions are
 * untouched. Kept in session storage, so it survives a reload and Log Out clears it.
 */
export type MenuView = { role: string | null; hidden: string[] };

const STORAGE_KEY = 'menu-view';
const NONE: MenuView = { role: null, hidden: [] };

function restore(): MenuView {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<MenuView> | null;
    if (!stored || !Array.isArray(stored.hidden)) return NONE;
    return { role: typeof stored.role === 'string' ? stored.role : null, hidden: stored.hidden.filter((p): p is string => typeof p === 'string') };
  } catch {
    return NONE;
  }
}

export const menuViewStore = createStore<MenuView>(restore());
menuViewStore.subscribe(() => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(menuViewStore.get())));

/** Plays `role`: the sidebar hides `hidden` (full paths of entries) until the next switch or Log Out. */
export function viewMenuAs(role: string, hidden: string[]): void {
  menuViewStore.set({ role, hidden });
}

export function resetMenuView(): void {
  menuViewStore.set(NONE);
  sessionStorage.removeItem(STORAGE_KEY);
}
