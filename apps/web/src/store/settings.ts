import { DEFAULT_THEME_COLOR } from '@orbit/shared/constants';
import { hexColour } from '@orbit/shared/contrast';
import { readOwnColours, type Palette } from '@orbit/shared/palette';
import { createStore } from './createStore';

/**
 * The settings panel's choices, remembered in local storage: the person's own colours (those that
 * differ from the organisation's palette, store/palette.ts), tags view, fixed header, sidebar logo.
 */
export type LayoutSettings = { colours: Partial<Palette>; tagsView: boolean; fixedHeader: boolean; sidebarLogo: boolean };

const KEY = 'layout-setting';
export const DEFAULT_SETTINGS: LayoutSettings = { colours: {}, tagsView: true, fixedHeader: true, sidebarLogo: true };

const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

function load(): LayoutSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, unknown>;
    const colours = readOwnColours(stored.colours);
    // Before the palette the panel kept only `themeColor`, saved with any other choice even when
    // untouched: the default there was no choice, another colour was.
    const legacy = hexColour(stored.themeColor);
    if (legacy && legacy !== DEFAULT_THEME_COLOR && !colours.main) colours.main = legacy;
    return {
      colours,
      tagsView: flag(stored.tagsView, DEFAULT_SETTINGS.tagsView),
      fixedHeader: flag(stored.fixedHeader, DEFAULT_SETTINGS.fixedHeader),
      sidebarLogo: flag(stored.sidebarLogo, DEFAULT_SETTINGS.sidebarLogo),
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export const settingsStore = createStore<LayoutSettings>(load());

export function updateSettings(patch: Partial<LayoutSettings>): void {
  settingsStore.set((s) => ({ ...s, ...patch }));
  localStorage.setItem(KEY, JSON.stringify(settingsStore.get()));
}

/** Back to the defaults: the organisation's palette, every part of the layout shown. */
export function resetSettings(): void {
  localStorage.removeItem(KEY);
  settingsStore.set(DEFAULT_SETTINGS);
}
