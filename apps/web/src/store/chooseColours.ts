import { DEFAULT_PALETTE, PALETTE_COLOURS, type Palette } from '@orbit/shared/palette';
import * as paletteRule from '@orbit/shared/paletteRule';
import { currentPalette, organisationPaletteStore, registerPaletteRule } from './palette';
import { updateSettings } from './settings';

registerPaletteRule(paletteRule);

/**
 * Colours chosen in the settings panel (or the theme demo): applied when the whole palette passes
 * the contrast rule, else refused with its problems and nothing changes. What equals the
 * organisation's colour is not kept as the person's own, so it follows the organisation's later
 * changes. Apart from store/palette.ts, which every page loads: only the panels that choose need
 * the rule.
 */
export function chooseColours(chosen: Partial<Palette>): paletteRule.ContrastProblem[] {
  const candidate = { ...currentPalette(), ...chosen };
  const problems = paletteRule.contrastProblems(candidate);
  if (problems.length) return problems;
  const organisation = { ...DEFAULT_PALETTE, ...organisationPaletteStore.get() };
  updateSettings({ colours: Object.fromEntries(PALETTE_COLOURS.filter((name) => candidate[name] !== organisation[name]).map((name) => [name, candidate[name]])) });
  return [];
}
