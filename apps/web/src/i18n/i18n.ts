import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, type Language } from '@orbit/shared/constants';
import { messages } from '@orbit/shared/messages';
import { getStoredLanguage, storeLanguage } from './language';

type Table = Record<string, string>;

/**
 * Each area keeps its strings in locales/<lang>/<area>.ts (default export: flat dotted keys), so
 * adding an area adds files and touches nothing shared. Server/validation messages come from the
 * shared message table under the `server.` prefix.
 */
const files = import.meta.glob<{ default: Table }>('../locales/*/*.ts', { eager: true });

function tableFor(language: Language): Table {
  const table: Table = {};
  for (const [name, mod] of Object.entries(files)) {
    if (name.split('/')[2] === language) Object.assign(table, mod.default);
  }
  for (const [key, text] of Object.entries(messages[language])) table[`server.${key}`] = text;
  return table;
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: tableFor('en') }, zh: { translation: tableFor('zh') } },
  lng: getStoredLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  keySeparator: false,
  interpolation: { escapeValue: false, prefix: '{{', suffix: '}}' },
  returnNull: false,
  showSupportNotice: false,
});
document.documentElement.lang = i18n.language === 'zh' ? 'zh-CN' : 'en';

export function changeLanguage(language: Language): void {
  storeLanguage(language);
  void i18n.changeLanguage(language);
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

export default i18n;
