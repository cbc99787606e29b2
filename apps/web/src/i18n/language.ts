import Cookies from 'js-cookie';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@orbit/shared/constants';

const LANGUAGE_KEY = 'language';

/** The chosen language, remembered in a cookie and local storage (the request client reads it). */
export function getStoredLanguage(): Language {
  const stored = Cookies.get(LANGUAGE_KEY) ?? localStorage.getItem(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language): void {
  Cookies.set(LANGUAGE_KEY, language, { expires: 365, sameSite: 'strict' });
  localStorage.setItem(LANGUAGE_KEY, language);
}
