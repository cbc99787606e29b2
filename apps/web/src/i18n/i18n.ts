import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@orbit/shared/constants';
import { messages } from '@orbit/shared/messages';
import { getStoredLanguage, storeLanguage } from './language';

type Table = Record<string, string>;

/**
 * Each area keeps its strings in locales/<lang>/<area>.ts (default export: flat dotted keys), so
 * adding an area adds files and touches nothing shared. Only the active language's files are
 * fetched (the sign-in page budget, bench/bundleSize.ts); the other loads when it is chosen.
 * Server/validation messages come from the shared message table under the `server.` prefix.
 */
const files = import.meta.glob<{ default: Table }>('../locales/*/*.ts');

async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const own = Object.entries(files).filter(([name]) => name.split('/')[2] === language);
  const tables = await Promise.all(own.map(([, load]) => load()));
  const table: Table = {};
  for (const mod of tables) Object.assign(table, mod.default);
  for (const [key, text] of Object.entries(messages[language])) table[`server.${key}`] = text;
  i18n.addResourceBundle(language, 'translation', table);
}

function markDocument(language: Language): void {
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

const initial = getStoredLanguage();

/** Resolves once the stored language's texts are in; main.tsx renders after it. */
export const i18nReady: Promise<void> = (async () => {
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: initial,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    partialBundledLanguages: true,
    keySeparator: false,
    interpolation: { escapeValue: false, prefix: '{{', suffix: '}}' },
    returnNull: false,
    showSupportNotice: false,
  });
  // zh stays i18next's fallback (SPEC §9), but locales.test.ts keeps both languages' keys equal,
  // so the fallback's texts are never needed up front and load only when zh is chosen.
  await loadLanguage(initial);
  markDocument(initial);
})();

/** Both languages' texts: the signed-in shell's menu search matches titles in every language. */
export async function loadAllLanguages(): Promise<void> {
  await i18nReady;
  await Promise.all(LANGUAGES.map(loadLanguage));
}

export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  markDocument(language);
}

export default i18n;
