import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@orbit/shared/constants';
import { getStoredLanguage, storeLanguage } from './language';

type Table = Record<string, string>;
type Files = Record<string, () => Promise<{ default: Table }>>;

/**
 * Each area keeps its strings in locales/<lang>/<area>.ts (default export: flat dotted keys), so
 * adding an area adds files and touches nothing shared. Texts load in two parts per language, only
 * for the active language (the other loads when it is chosen):
 * - `signIn`, locales/<lang>/signIn/: what the pages outside the signed-in shell show before
 *   anything else loads — the sign-in page and its flows, the request client's messages, the
 *   server messages the sign-in forms check with (signIn/server.ts). The first paint waits for it.
 * - `rest`: every other area and the whole shared message table, loaded by the routes that need
 *   them (app/router) before they render.
 * Server/validation messages come from the shared message table under the `server.` prefix.
 * The sign-in page used to load everything: it carried ~18 KiB of texts it never shows.
 */
const signInFiles: Files = import.meta.glob<{ default: Table }>('../locales/*/signIn/*.ts');
const restFiles: Files = import.meta.glob<{ default: Table }>('../locales/*/*.ts');

// One module per language, so that a language's rest does not bring the other's server messages.
const sharedMessages: Record<Language, () => Promise<Table>> = {
  en: () => import('@orbit/shared/messagesEn').then((m) => m.messagesEn),
  zh: () => import('@orbit/shared/messagesZh').then((m) => m.messagesZh),
};

type Part = 'signIn' | 'rest';
const loaded = new Set<string>();
/** The parts a language change must load for the new language: those already in for the current one. */
let parts: Part[] = ['signIn'];

const serverTexts = (table: Table): Table => Object.fromEntries(Object.entries(table).map(([key, text]) => [`server.${key}`, text]));

/** i18next's `addResourceBundle` with the options its types leave out (i18next 25: `skipCopy`). */
type AddResourceBundle = (lng: string, ns: string, resources: Table, deep: boolean, overwrite: boolean, options: { silent: boolean; skipCopy: boolean }) => void;
const addBundle = (language: Language, table: Table) =>
  (i18n.addResourceBundle.bind(i18n) as unknown as AddResourceBundle)(language, 'translation', table, false, true, { silent: false, skipCopy: true });

async function loadPart(language: Language, part: Part): Promise<void> {
  if (loaded.has(`${language}/${part}`)) return;
  const own = Object.entries(part === 'signIn' ? signInFiles : restFiles).filter(([name]) => name.split('/')[2] === language);
  const [mods, shared] = await Promise.all([
    Promise.all(own.map(([, load]) => load())),
    part === 'rest' ? sharedMessages[language]() : undefined,
  ]);
  const table: Table = {};
  own.forEach(([name], i) => Object.assign(table, name.endsWith('/server.ts') ? serverTexts(mods[i]!.default) : mods[i]!.default));
  if (shared) Object.assign(table, serverTexts(shared));
  // The table is flat (dotted keys) and made here: added as it is, not deep-copied through JSON and
  // merged key by key as i18next does by default (a third of the time for the signed-in texts, ~5–10
  // ms of a full load's main thread, bench/pageLoad.ts).
  addBundle(language, table);
  loaded.add(`${language}/${part}`);
}

const loadParts = (language: Language) => Promise.all(parts.map((part) => loadPart(language, part)));

function markDocument(language: Language): void {
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

const initial = getStoredLanguage();

/** Resolves once the stored language's sign-in texts are in; main.tsx renders after it. */
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
  await loadParts(initial);
  markDocument(initial);
})();

/** Every text of the active language: routes other than sign-in wait for it before they render. */
export async function loadAllTexts(): Promise<void> {
  await i18nReady;
  parts = ['signIn', 'rest'];
  await loadParts(i18n.language as Language);
}

/** Every text of both languages: the signed-in shell's menu search matches titles in every language. */
export async function loadAllLanguages(): Promise<void> {
  await loadAllTexts();
  await Promise.all(LANGUAGES.map(loadParts));
}

export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await loadParts(language);
  await i18n.changeLanguage(language);
  markDocument(language);
}

export default i18n;
