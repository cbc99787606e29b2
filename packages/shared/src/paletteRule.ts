import { contrastRatio, hexColour } from './contrast';
import type { MessageKey } from './messages';
import { DEFAULT_PALETTE, paletteShades, PALETTE_COLOURS, type Palette, type PaletteColour } from './palette';

/**
 * The palette's contrast rule (docs/decisions.md, "Theme palette"): every pair of a colour and
 * what it is drawn on, with its minimum; the check of the organisation's setting (server) and of
 * a person's own colours (settings panel).
 */
const WHITE = '#ffffff';
/** antd's darkest fill under text, `colorFillSecondary` (6 % black) on white: hovered menu items and text buttons. */
export const HOVER_SHADE = '#f0f0f0';

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
