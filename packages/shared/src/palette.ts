import { DEFAULT_THEME_COLOR } from './constants';
import { hexColour, mixColours } from './contrast';

/** The organisation's palette among the settings (`SETTING_KEYS.themePalette`); here so that the web reads it without the contract's zod. */
export const PALETTE_SETTING_KEY = 'sys.theme.palette';

/**
 * The theme palette (SPEC §3): a main colour, a border colour, a background colour and four text
 * greys. The organisation sets it (System › Settings, `sys.theme.palette`); a person may choose
 * their own colours over it in the settings panel. Either way it must pass `contrastProblems`
 * (paletteRule.ts, apart so that the web loads the checker only where it checks); the rule, which
 * colour is drawn on what, is in docs/decisions.md ("Theme palette").
 */
export const PALETTE_COLOURS = ['main', 'border', 'background', 'textPrimary', 'textRegular', 'textSecondary', 'textPlaceholder'] as const;
export type PaletteColour = (typeof PALETTE_COLOURS)[number];
export type Palette = Record<PaletteColour, string>;

/**
 * Today's look: antd's text greys as solid colours (88 % and 65 % black on white), the darker
 * secondary and placeholder greys the theme already used, the page's background. The border is
 * antd's grey-7 rather than its #d9d9d9 (1.4:1): it outlines fields, checkboxes and buttons.
 */
export const DEFAULT_PALETTE: Palette = {
  main: DEFAULT_THEME_COLOR,
  border: '#8c8c8c',
  background: '#f5f6fa',
  textPrimary: '#1f1f1f',
  textRegular: '#595959',
  textSecondary: '#6b6b6b',
  textPlaceholder: '#737373',
};

const WHITE = '#ffffff';
/** Share of the main colour in the selection shade (selected rows, options and menu items, info alerts and tags). */
const SELECTION_WEIGHT = 0.08;

/**
 * The shades the theme derives from the main colour in place of antd's: antd lightens the main
 * colour on hover (#5542f6 becomes #816eff, 3.7:1 under white text) and derives its light tints
 * from dark colours as dark greys. Darker hover and press shades only gain contrast with white.
 */
export function paletteShades(palette: Palette) {
  return {
    hover: mixColours(palette.main, '#000000', 0.88),
    active: mixColours(palette.main, '#000000', 0.76),
    selection: mixColours(palette.main, WHITE, SELECTION_WEIGHT),
    tintBorder: mixColours(palette.main, WHITE, 0.3),
  };
}

/** A person's own colours as remembered by their browser: the valid named ones, anything else dropped. */
export function readOwnColours(value: unknown): Partial<Palette> {
  const colours: Partial<Palette> = {};
  if (!value || typeof value !== 'object') return colours;
  for (const name of PALETTE_COLOURS) {
    const hex = Object.hasOwn(value, name) ? hexColour((value as Record<string, unknown>)[name]) : undefined;
    if (hex) colours[name] = hex;
  }
  return colours;
}
