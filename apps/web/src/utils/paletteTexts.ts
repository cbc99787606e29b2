import type { TFunction } from 'i18next';
import type { ContrastProblem } from '@orbit/shared/paletteRule';
import { themeEn, themeZh } from '@orbit/shared/themeMessages';
import i18n from '../i18n/i18n';

// The palette's server messages (colour names, contrast problems) are not in the shared table
// every page loads (i18n.ts): the panels that show them bring them, both languages (small).
for (const [language, table] of [['en', themeEn], ['zh', themeZh]] as const) {
  i18n.addResourceBundle(language, 'translation', Object.fromEntries(Object.entries(table).map(([key, text]) => [`server.${key}`, text])), true, false);
}

/** A contrast problem in the reader's language, its two colours named (the server's own message). */
export const paletteProblemText = (t: TFunction, problem: ContrastProblem): string =>
  t(`server.${problem.key}`, { ...problem.params, foreground: t(`server.${problem.params.foreground}`), surface: t(`server.${problem.params.surface}`) });
