import { useMemo } from 'react';
import { contrastProblems, DEFAULT_PALETTE, effectivePalette, PALETTE_COLOURS, PALETTE_SETTING_KEY, readPaletteSetting, type ContrastProblem, type Palette } from '@orbit/shared/palette';
import { getConfigValue } from '../api/system/config';
import { createStore } from './createStore';
import { settingsStore, updateSettings } from './settings';

/**
 * The organisation's palette (System › Settings), read with the session; empty (the default
 * palette) until then or when it cannot be read. The person's own colours are in store/settings.
 */
export const organisationPaletteStore = createStore<Partial<Palette>>({});

/** The palette the pages draw in (docs/decisions.md, "Theme palette"). */
export const currentPalette = (): Palette => effectivePalette(organisationPaletteStore.get(), settingsStore.get().colours);

export function usePalette(): Palette {
  const organisation = organisationPaletteStore.use();
  const { colours } = settingsStore.use();
  return useMemo(() => effectivePalette(organisation, colours), [organisation, colours]);
}

/**
 * Colours chosen in the settings panel: applied when the whole palette passes the contrast rule,
 * else refused with its problems and nothing changes. What equals the organisation's colour is
 * not kept as the person's own, so it follows the organisation's later changes.
 */
export function chooseColours(chosen: Partial<Palette>): ContrastProblem[] {
  const candidate = { ...currentPalette(), ...chosen };
  const problems = contrastProblems(candidate);
  if (problems.length) return problems;
  const organisation = { ...DEFAULT_PALETTE, ...organisationPaletteStore.get() };
  updateSettings({ colours: Object.fromEntries(PALETTE_COLOURS.filter((name) => candidate[name] !== organisation[name]).map((name) => [name, candidate[name]])) });
  return [];
}

/** Reads the organisation's palette (the value in force, checked by the server); never fails the session. */
export async function loadOrganisationPalette(): Promise<void> {
  try {
    const read = readPaletteSetting((await getConfigValue(PALETTE_SETTING_KEY)).data);
    organisationPaletteStore.set('colours' in read ? read.colours : {});
  } catch {
    // The default palette: pages drawn without the organisation's colours still work.
  }
}
