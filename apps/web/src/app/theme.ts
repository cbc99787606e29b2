import type { ThemeConfig } from 'antd';

/**
 * antd's default greys, reds, ambers and greens fail WCAG AA contrast as text on white (breadcrumbs
 * and secondary text #8c8c8c 3.4:1, placeholders #bfbfbf 1.8:1, danger links #ff4d4f 3.3:1, warning
 * tags #faad14 1.8:1). These replacements reach at least 4.5:1 on white and on antd's light
 * backgrounds (the status tags' tints, #f5f5f5), so every page passes axe's colour-contrast rule
 * without per-page styles. The status colours' tints and borders are antd's light defaults again:
 * derived from the darker seeds they would turn grey and swallow the text.
 */
const ACCESSIBLE_TOKENS = {
  colorTextDescription: '#6b6b6b',
  colorTextTertiary: '#6b6b6b',
  colorTextPlaceholder: '#737373',
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

/** The app's antd theme around the settings panel's main colour (also the colour of links and of "processing" tags). */
export const appTheme = (themeColor: string): ThemeConfig => ({
  token: { ...ACCESSIBLE_TOKENS, colorPrimary: themeColor, colorLink: themeColor, colorInfo: themeColor },
});
