import { DEFAULT_THEME_COLOR } from './constants';
import { contrastRatio, hexColour, mixColours } from './contrast';
import type { MessageKey } from './messages';

/**
 * The theme palette (SPEC §3): a main colour, a border colour, a background colour and four text
 * greys. The organisation sets it (System › Settings, `sys.theme.palette`); a person may choose
 * their own colours over it in the settings panel. Either way it must pass `contrastProblems`:
 * the rule, which colour is drawn on what, is in docs/decisions.md ("Theme palette").
 */
/** The organisation's palette among the settings (`SETTING_KEYS.themePalette`); here so that the web reads it without the contract's zod. */
export const PALETTE_SETTING_KEY = 'sys.theme.palette';

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
/** antd's darkest fill under text, `colorFillSecondary` (6 % black) on white: hovered menu items and text buttons. */
export const HOVER_SHADE = '#f0f0f0';
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

type Surface = 'white' | 'background' | 'hover' | 'selection' | 'main';
type Foreground = PaletteColour | 'buttonText';
export type ContrastPair = { foreground: Foreground; surface: Surface; minimum: 4.5 | 3 };

const TEXT_SURFACES: Surface[] = ['white', 'background', 'hover', 'selection'];
/** Every pair checked, in the order problems are told (docs/decisions.md, "Theme palette"). */
export const CONTRAST_PAIRS: ContrastPair[] = [
  { foreground: 'buttonText', surface: 'main', minimum: 4.5 },
  ...TEXT_SURFACES.filter((s) => s !== 'white').map((surface) => ({ foreground: 'main' as const, surface, minimum: 4.5 as const })),
  ...(['textPrimary', 'textRegular', 'textSecondary'] as const).flatMap((foreground) => TEXT_SURFACES.map((surface) => ({ foreground, surface, minimum: 4.5 as const }))),
  { foreground: 'textPlaceholder', surface: 'white', minimum: 4.5 },
  { foreground: 'border', surface: 'white', minimum: 3 },
  { foreground: 'border', surface: 'background', minimum: 3 },
];

export type ContrastProblem = {
  key: 'theme.contrastTooLow';
  params: { foreground: MessageKey; foregroundColour: string; surface: MessageKey; surfaceColour: string; ratio: string; minimum: string };
};

const foregroundName = (f: Foreground): MessageKey => (f === 'buttonText' ? 'theme.buttonText' : `theme.colour.${f}`);

/** The pairs below their minimum. A ratio is compared unrounded and shown cut (never rounded up) to two decimals. */
export function contrastProblems(palette: Palette): ContrastProblem[] {
  const surfaces: Record<Surface, string> = { white: WHITE, background: palette.background, hover: HOVER_SHADE, selection: paletteShades(palette).selection, main: palette.main };
  return CONTRAST_PAIRS.flatMap(({ foreground, surface, minimum }) => {
    const foregroundColour = foreground === 'buttonText' ? WHITE : palette[foreground];
    const ratio = contrastRatio(foregroundColour, surfaces[surface]);
    if (ratio >= minimum) return [];
    return [
      {
        key: 'theme.contrastTooLow' as const,
        params: { foreground: foregroundName(foreground), foregroundColour, surface: `theme.surface.${surface}` as const, surfaceColour: surfaces[surface], ratio: (Math.floor(ratio * 100) / 100).toFixed(2), minimum: String(minimum) },
      },
    ];
  });
}

export type PaletteSettingProblem = ContrastProblem | { key: 'theme.notPalette' } | { key: 'theme.notColour'; params: { colour: MessageKey; value: string } };

const isPaletteColour = (name: string): name is PaletteColour => (PALETTE_COLOURS as readonly string[]).includes(name);

/**
 * The organisation's setting: a JSON object of named `#rrggbb` colours, those left out being the
 * defaults, refused with the first problem found (an unknown name, a colour not written #rrggbb,
 * or the first pair below its minimum once merged with the defaults).
 */
export function readPaletteSetting(text: string): { colours: Partial<Palette> } | { problem: PaletteSettingProblem } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: { key: 'theme.notPalette' } };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { problem: { key: 'theme.notPalette' } };
  const colours: Partial<Palette> = {};
  for (const [name, colour] of Object.entries(value)) {
    if (!isPaletteColour(name)) return { problem: { key: 'theme.notPalette' } };
    const hex = hexColour(colour);
    if (!hex) return { problem: { key: 'theme.notColour', params: { colour: `theme.colour.${name}`, value: String(colour) } } };
    colours[name] = hex;
  }
  const [problem] = contrastProblems({ ...DEFAULT_PALETTE, ...colours });
  return problem ? { problem } : { colours };
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

const passes = (palette: Palette) => contrastProblems(palette).length === 0;

/**
 * The palette a person's pages use: their own colours over the organisation's when the whole
 * passes; else the organisation's (its setting changed under them); else the default.
 */
export function effectivePalette(organisation: Partial<Palette>, own: Partial<Palette>): Palette {
  const organisations = { ...DEFAULT_PALETTE, ...organisation };
  const mine = { ...organisations, ...own };
  if (passes(mine)) return mine;
  return passes(organisations) ? organisations : DEFAULT_PALETTE;
}
