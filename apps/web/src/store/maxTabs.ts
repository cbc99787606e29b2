import { MAX_TABS_DEFAULT, MAX_TABS_RANGE, MAX_TABS_SETTING_KEY } from '@orbit/shared/constants';
import { getConfigValue } from '../api/system/configValue';
import { createStore } from './createStore';

/**
 * The cap on open tabs (System › Settings, `sys.tabs.max`); null (no cap) until it is read, so
 * that a reload does not close the tabs a higher cap kept before the setting arrives.
 */
export const maxTabsStore = createStore<number | null>(null);

/** A stored value out of range (or unreadable) counts as the default, as on the server. */
export function readMaxTabs(text: string): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= MAX_TABS_RANGE.min && value <= MAX_TABS_RANGE.max ? value : MAX_TABS_DEFAULT;
}

let loaded = false;
/** Read once per page load, off the page's critical path (the tab strip asks after it is drawn). */
export async function loadMaxTabs(): Promise<void> {
  if (loaded) return;
  loaded = true;
  try {
    maxTabsStore.set(readMaxTabs((await getConfigValue(MAX_TABS_SETTING_KEY)).data));
  } catch {
    // The default cap: the tabs still work.
    maxTabsStore.set(MAX_TABS_DEFAULT);
  }
}
