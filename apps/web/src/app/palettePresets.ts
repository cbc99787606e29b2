import { DEFAULT_THEME_COLOR } from '@orbit/shared/constants';

/**
 * Main colours offered by the settings panel and the theme demo: antd's seventh shades (its
 * brighter sixth shades, #1677ff and the like, are under 4.5:1 with white text) and a slate. Each
 * passes the palette's rule with the default greys (palettePresets.test.ts).
 */
export const MAIN_COLOUR_PRESETS = [DEFAULT_THEME_COLOR, '#0958d9', '#006d75', '#237804', '#ad4e00', '#cf1322', '#c41d7f', '#304156'] as const;
