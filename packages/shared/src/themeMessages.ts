/**
 * Messages of the theme palette (paletteRule.ts: the organisation's setting and the settings
 * panel), en and zh. Merged into messages.ts for the server, but not into messagesEn/Zh, which the
 * web loads for every page: the web's panels that show them add them (utils/paletteTexts.ts). A
 * contrast problem names both colours of the pair.
 */
export const themeEn = {
  'settings.themePalette': 'Theme colours (a JSON object of #rrggbb colours; the default names them all)',
  'theme.notPalette':
    '{{field}} must be a JSON object of colours named main, border, background, textPrimary, textRegular, textSecondary or textPlaceholder',
  'theme.notColour': '{{colour}} must be a colour written #rrggbb, not {{value}}',
  'theme.contrastTooLow': '{{foreground}} {{foregroundColour}} on {{surface}} {{surfaceColour}} has a contrast of {{ratio}}:1; at least {{minimum}}:1 is needed',
  'theme.buttonText': 'White button text',
  'theme.colour.main': 'Main colour',
  'theme.colour.border': 'Border colour',
  'theme.colour.background': 'Background colour',
  'theme.colour.textPrimary': 'Primary text',
  'theme.colour.textRegular': 'Regular text',
  'theme.colour.textSecondary': 'Secondary text',
  'theme.colour.textPlaceholder': 'Placeholder text',
  'theme.surface.white': 'white (cards, tables, fields)',
  'theme.surface.background': 'the background colour',
  'theme.surface.hover': 'the hover shade',
  'theme.surface.selection': 'the selection shade (main colour at 8%)',
  'theme.surface.main': 'the main colour',
} as const;

export const themeZh: Record<keyof typeof themeEn, string> = {
  'settings.themePalette': '主题颜色（#rrggbb 颜色的 JSON 对象，默认值列出全部名称）',
  'theme.notPalette': '{{field}}必须是 JSON 对象，颜色名称只能是 main、border、background、textPrimary、textRegular、textSecondary 或 textPlaceholder',
  'theme.notColour': '{{colour}}必须写成 #rrggbb 形式的颜色，而不是 {{value}}',
  'theme.contrastTooLow': '{{foreground}} {{foregroundColour}} 在{{surface}} {{surfaceColour}} 上的对比度为 {{ratio}}:1，至少需要 {{minimum}}:1',
  'theme.buttonText': '白色按钮文字',
  'theme.colour.main': '主色',
  'theme.colour.border': '边框色',
  'theme.colour.background': '背景色',
  'theme.colour.textPrimary': '主要文字',
  'theme.colour.textRegular': '常规文字',
  'theme.colour.textSecondary': '次要文字',
  'theme.colour.textPlaceholder': '占位文字',
  'theme.surface.white': '白色（卡片、表格、输入框）',
  'theme.surface.background': '背景色',
  'theme.surface.hover': '悬停底色',
  'theme.surface.selection': '选中底色（主色 8%）',
  'theme.surface.main': '主色',
};
