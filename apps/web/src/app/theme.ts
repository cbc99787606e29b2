import type { ThemeConfig } from 'antd';
import { paletteShades, type Palette } from '@orbit/shared/palette';

/**
 * antd's default reds, ambers and greens fail WCAG AA contrast as text on white (danger links
 * #ff4d4f 3.3:1, warning tags #faad14 1.8:1). These replacements reach at least 4.5:1 on white and
 * on antd's light backgrounds, so every page passes axe's colour-contrast rule without per-page
 * styles. Their tints and borders are antd's light defaults again: derived from the darker seeds
 * they would turn grey and swallow the text. (The greys are the palette's.)
 */
const STATUS_TOKENS = {
  colorError: '#cf1322',
  colorWarning: '#874d00',
  colorSuccess: '#237804',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
} as const;

/**
 * The app's antd theme from the palette (docs/decisions.md, "Theme palette": which colour is drawn
 * where). The main colour is also links' and "info"/"processing" colour; its hover, press and
 * selection shades are the palette's own (paletteShades) instead of antd's, whose lighter hover
 * loses contrast under white text and whose tints of dark colours are dark greys.
 */
export const appTheme = (palette: Palette): ThemeConfig => {
  const shade = paletteShades(palette);
  return {
    zeroRuntime: true,
    token: {
      ...STATUS_TOKENS,
      colorPrimary: palette.main,
      colorPrimaryHover: shade.hover,
      colorPrimaryActive: shade.active,
      colorPrimaryText: palette.main,
      colorPrimaryTextHover: shade.hover,
      colorPrimaryTextActive: shade.active,
      colorPrimaryBg: shade.selection,
      colorPrimaryBgHover: shade.selection,
      colorLink: palette.main,
      colorLinkHover: shade.hover,
      colorLinkActive: shade.active,
      colorInfo: palette.main,
      colorInfoBg: shade.selection,
      colorInfoBorder: shade.tintBorder,
      colorText: palette.textPrimary,
      colorTextHeading: palette.textPrimary,
      colorTextSecondary: palette.textRegular,
      colorTextTertiary: palette.textSecondary,
      colorTextDescription: palette.textSecondary,
      colorTextPlaceholder: palette.textPlaceholder,
      colorBorder: palette.border,
      colorBgLayout: palette.background,
    },
  };
};

/** The palette as the app's own CSS variables (layout.css, page styles), set on the document's root. */
export function paletteCssVariables(palette: Palette): Record<string, string> {
  const shade = paletteShades(palette);
  return {
    '--orbit-primary': palette.main,
    '--orbit-primary-hover': shade.hover,
    '--orbit-selection': shade.selection,
    '--orbit-border': palette.border,
    '--orbit-bg': palette.background,
    '--orbit-text': palette.textPrimary,
    '--orbit-text-regular': palette.textRegular,
    '--orbit-text-secondary': palette.textSecondary,
    '--orbit-text-placeholder': palette.textPlaceholder,
  };
}
