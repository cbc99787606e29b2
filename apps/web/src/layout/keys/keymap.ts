import { DASHBOARD_VIEW } from '@orbit/shared/constants';
import type { CrmModule } from '@orbit/shared/crm/modules';

/**
 * The keyboard shortcuts: the one list the key handler, the shortcuts dialog (`?`), the command
 * palette's hints and docs/web-shell.md follow. Keys are `KeyboardEvent.key` values; a sequence
 * (`g` then `l`) is pressed one key after the other; `mod` is Ctrl, or ⌘ on a Mac.
 */

/** Where a `g` sequence goes: a page of the user's menu, found by its view (or Home / My day). */
export type GotoTarget = { id: string; key: string; label: string; component: string | 'home' };

export const GOTO_TARGETS: readonly GotoTarget[] = [
  { id: 'home', key: 'h', label: 'keys.goto.home', component: 'home' },
  { id: 'dashboard', key: 'd', label: 'keys.goto.dashboard', component: DASHBOARD_VIEW },
  { id: 'leads', key: 'l', label: 'keys.goto.leads', component: 'crm/leads/index' },
  { id: 'opportunity', key: 'o', label: 'keys.goto.opportunity', component: 'crm/opportunity/index' },
  { id: 'account', key: 'a', label: 'keys.goto.account', component: 'crm/account/index' },
  { id: 'contact', key: 'c', label: 'keys.goto.contact', component: 'crm/contact/index' },
  { id: 'task', key: 't', label: 'keys.goto.task', component: 'crm/task/index' },
  { id: 'campaign', key: 'm', label: 'keys.goto.campaign', component: 'crm/campaign/index' },
  { id: 'calendar', key: 'e', label: 'keys.goto.calendar', component: 'crm/calendar/index' },
  { id: 'report', key: 'r', label: 'keys.goto.report', component: 'crm/report/index' },
];

/** What a page may offer to the keyboard (a list: `create` for `n`, `search` for `/`). */
export type PageCommand = 'create' | 'search';

export type ShortcutAction = { kind: 'palette' } | { kind: 'help' } | { kind: 'page'; command: PageCommand } | { kind: 'goto'; target: string };

export type Shortcut = { keys: readonly string[]; label: string; action: ShortcutAction; group: 'general' | 'goto' };

export const MOD_K = 'mod+k';

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: [MOD_K], label: 'keys.palette', action: { kind: 'palette' }, group: 'general' },
  { keys: ['/'], label: 'keys.focusSearch', action: { kind: 'page', command: 'search' }, group: 'general' },
  { keys: ['n'], label: 'keys.create', action: { kind: 'page', command: 'create' }, group: 'general' },
  { keys: ['?'], label: 'keys.help', action: { kind: 'help' }, group: 'general' },
  ...GOTO_TARGETS.map((target) => ({ keys: ['g', target.key], label: target.label, action: { kind: 'goto' as const, target: target.id }, group: 'goto' as const })),
];

/** The modules the palette offers "New …" for, each the list page whose `create` command it runs. */
export const NEW_RECORD_MODULES: readonly CrmModule[] = ['leads', 'opportunity', 'account', 'contact', 'task', 'campaign'];

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** A key as the user reads it on the keyboard: `Ctrl K` (`⌘ K` on a Mac), `G`, `?`. */
export function keyLabel(key: string): string {
  if (key === MOD_K) return isMac() ? '⌘ K' : 'Ctrl K';
  return key.length === 1 ? key.toUpperCase() : key;
}
