import { DEFAULT_THEME_COLOR } from '@orbit/shared/constants';
import { createStore } from './createStore';

/** The settings panel's choices, remembered in local storage. */
export type LayoutSettings = { themeColor: string; tagsView: boolean; fixedHeader: boolean; sidebarLogo: boolean };

const KEY = 'layout-setting';
export const DEFAULT_SETTINGS: LayoutSettings = { themeColor: DEFAULT_THEME_COLOR, tagsView: true, fixedHeader: true, sidebarLogo: true };

function load(): LayoutSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<LayoutSettings>;
    const settings = { ...DEFAULT_SETTINGS, ...stored };
    return /^#[0-9a-f]{6}$/i.test(settings.themeColor) ? settings : { ...settings, themeColor: DEFAULT_THEME_COLOR };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export const settingsStore = createStore<LayoutSettings>(load());

export function updateSettings(patch: Partial<LayoutSettings>): void {
  settingsStore.set((s) => ({ ...s, ...patch }));
  localStorage.setItem(KEY, JSON.stringify(settingsStore.get()));
}

export function resetSettings(): void {
  localStorage.removeItem(KEY);
  settingsStore.set(DEFAULT_SETTINGS);
}
