import { createStore } from './createStore';

/** Which keyboard overlay is open: the search palette (Ctrl/⌘ K) or the shortcuts dialog (`?`). */
export type KeyboardOverlay = 'palette' | 'shortcuts' | null;

export const keyboardOverlayStore = createStore<KeyboardOverlay>(null);

export const openKeyboardOverlay = (overlay: Exclude<KeyboardOverlay, null>) => keyboardOverlayStore.set(overlay);
export const closeKeyboardOverlay = () => keyboardOverlayStore.set(null);
