import { MOD_K, type Shortcut, type ShortcutAction } from './keymap';

/** How long the second key of a sequence (`g` then `l`) may wait. */
export const SEQUENCE_MS = 1500;

/** Typing somewhere: a key there is text, never a shortcut. */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[contenteditable=""], [contenteditable="true"]')) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A dialog or drawer is open: its own keys (Esc, Enter, typing) are its own. antd keeps a closed
 * modal's wrapper (hidden) and a closed drawer's panel (without `-open`) in the page.
 */
export function modalOpen(): boolean {
  return [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap, .ant-drawer-open')].some(
    (el) => !el.closest('[hidden], [style*="display: none"]'),
  );
}

/** The key as the keymap spells it: `mod+k`, `?`, `g`; null for keys no shortcut uses. */
function keyOf(event: KeyboardEvent): string | null {
  if (event.altKey) return null;
  if (event.ctrlKey || event.metaKey) return event.key.toLowerCase() === 'k' && !event.shiftKey ? MOD_K : null;
  if (event.key.length !== 1) return null;
  // Shift makes `?`; a letter with Shift is another key (caps lock aside).
  return /^[a-z]$/i.test(event.key) ? (event.shiftKey ? null : event.key.toLowerCase()) : event.key;
}

type Options = {
  shortcuts: readonly Shortcut[];
  /** Runs the action; false when it does nothing here (the key is then left to the browser). */
  onAction: (action: ShortcutAction) => boolean;
  /** True while shortcuts are off (a modal is open). */
  blocked?: () => boolean;
  now?: () => number;
};

/**
 * A keydown listener for the keymap: single keys and two-key sequences, ignored while typing in a
 * field, while a modal is open and during an IME composition (Chinese input).
 */
export function createKeymapHandler({ shortcuts, onAction, blocked = modalOpen, now = Date.now }: Options): (event: KeyboardEvent) => void {
  let pending: { key: string; at: number } | null = null;
  const starts = new Set(shortcuts.filter((s) => s.keys.length > 1).map((s) => s.keys[0]!));

  const find = (keys: string[]) => shortcuts.find((s) => s.keys.length === keys.length && s.keys.every((k, i) => k === keys[i]));

  return (event) => {
    if (event.defaultPrevented || event.isComposing || event.repeat) return;
    const key = keyOf(event);
    if (!key || isEditable(event.target) || blocked()) {
      pending = null;
      return;
    }
    const previous = pending && now() - pending.at <= SEQUENCE_MS ? pending.key : null;
    pending = null;
    const shortcut = (previous && find([previous, key])) || find([key]);
    if (shortcut) {
      if (onAction(shortcut.action)) event.preventDefault();
      return;
    }
    if (starts.has(key)) pending = { key, at: now() };
  };
}
