import { DEFAULT_PALETTE, PALETTE_COLOURS, PALETTE_SETTING_KEY, readOwnColours, type Palette } from '@orbit/shared/palette';
import { getConfigValue } from '../api/system/configValue';
import { paletteCssVariables } from '../app/theme';
import { createStore } from './createStore';
import { settingsStore } from './settings';

type Rule = Pick<typeof import('@orbit/shared/paletteRule'), 'effectivePalette'>;

/**
 * The organisation's palette (System › Settings), read with the session; empty (the default
 * palette) until then or when it cannot be read. The person's own colours are in store/settings.
 */
export const organisationPaletteStore = createStore<Partial<Palette>>({});

/**
 * The palette the pages draw in (docs/decisions.md, "Theme palette"): the organisation's, with the
 * person's own colours over it only once the contrast rule has passed the whole. The rule is loaded
 * only for someone who has colours of their own: every page's first visit would carry it otherwise.
 */
const paletteStore = createStore<Palette>(DEFAULT_PALETTE);
export const currentPalette = (): Palette => paletteStore.get();
export const usePalette = (): Palette => paletteStore.use();

/**
 * The palette as the app's own CSS variables (layout.css, page styles) on the document's root, so
 * that what antd draws outside the layout (dialogs, drawers, menus) reads the same colours. Set
 * when the palette changes, before anything draws in it, and only what differs: a custom property
 * changed on the root restyles every element of the page, and set from the first render's layout
 * effect (as it was) it did so after the list's table had measured its columns, which made the
 * browser compute every style of a full load twice (bench/pageLoad.ts).
 */
function applyPaletteVariables(palette: Palette): void {
  const root = document.documentElement.style;
  for (const [name, value] of Object.entries(paletteCssVariables(palette))) if (root.getPropertyValue(name) !== value) root.setProperty(name, value);
}

const samePalette = (a: Palette, b: Palette) => PALETTE_COLOURS.every((colour) => a[colour] === b[colour]);

let rule: Rule | undefined;
/** The settings panel brings the rule with it; then every change applies at once. */
export function registerPaletteRule(loaded: Rule): void {
  rule = loaded;
}

let latest = 0;
/** Recomputes the palette; resolves once it is applied (at once, unless the rule must load first). */
export async function refreshPalette(): Promise<void> {
  const call = ++latest;
  const own = settingsStore.get().colours;
  if (Object.keys(own).length && !rule) {
    try {
      registerPaletteRule(await import('@orbit/shared/paletteRule'));
    } catch {
      // Not loaded (offline): the organisation's palette, without the unchecked own colours.
    }
  }
  // A later change (a newer call) has already applied its own result.
  if (call !== latest) return;
  const organisation = organisationPaletteStore.get();
  const colours = settingsStore.get().colours;
  const next = Object.keys(colours).length && rule ? rule.effectivePalette(organisation, colours) : { ...DEFAULT_PALETTE, ...organisation };
  // The same colours again (the session's read, a setting saved) redraw nothing: a new palette
  // object is a new antd theme, and every antd component of the page renders again.
  if (samePalette(next, paletteStore.get())) return;
  paletteStore.set(next);
}

paletteStore.subscribe(() => applyPaletteVariables(paletteStore.get()));
applyPaletteVariables(paletteStore.get());

settingsStore.subscribe(() => void refreshPalette());
organisationPaletteStore.subscribe(() => void refreshPalette());
void refreshPalette();

/** Reads the organisation's palette (the value in force) and applies it; never fails the session. */
export async function loadOrganisationPalette(): Promise<void> {
  try {
    // The server keeps only a palette that passes (and answers the default's when none is set):
    // its colours are taken as they are, without the rule's checks on every page's path.
    organisationPaletteStore.set(readOwnColours(JSON.parse((await getConfigValue(PALETTE_SETTING_KEY)).data)));
  } catch {
    // The default palette: pages drawn without the organisation's colours still work.
  }
  await refreshPalette();
}
